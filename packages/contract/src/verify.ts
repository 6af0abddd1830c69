import { z } from 'zod';

/** POST /api/verify (public, multipart): the document to check. */
export const verifyDocumentForm = z.object({ file: z.file() });

/** POST /api/verify → whether the bytes are exactly a document Paraaf sealed; nothing else. */
export const verifyResultSchema = z
  .discriminatedUnion('valid', [
    z.object({
      valid: z.literal(true),
      /** When the sign request was completed (sealed); null for an older seal. */
      completed_at: z.iso.datetime().nullable(),
    }),
    z.object({ valid: z.literal(false) }),
  ])
  .meta({ examples: [{ valid: true, completed_at: '2026-11-20T14:35:07.000Z' }] });
export type VerifyResult = z.infer<typeof verifyResultSchema>;
