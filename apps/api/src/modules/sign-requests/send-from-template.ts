import { eq } from 'drizzle-orm';
import type { createSignerBody, createSignRequestBody } from '@paraaf/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { signRequests } from '../../db/schema/index.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { createSignableFromTemplate } from '../templates/signable-from-template.ts';
import { addSigner } from './add-signer.ts';
import { createSignRequest } from './create-sign-request.ts';
import { sendSignRequest } from './send-sign-request.ts';

export interface TemplateSendInput {
  request: z.output<typeof createSignRequestBody>;
  /** In order: signer n fills the template's 'Ondertekenaar n'. */
  signers: z.output<typeof createSignerBody>[];
  templateId: number;
  /** Text markers filled by label (signable-from-template.ts `textMarkerLabel`). */
  textValues: Record<string, string>;
  /** The bulk send row the request is made for: unique, so a row becomes one request. */
  bulkSend: { id: number; row: number };
  /** Runs just before the charge, in its transaction (bulk send: its reserved credits released). */
  beforeCharge?: (tx: Tx) => Promise<void>;
}

/**
 * A request made and sent in one go inside the caller's transaction `tx`, through the very use
 * cases the wizard calls one by one (draft, signers, the template as its document, ready): the
 * same checks, audit rows, mails, webhook message and credit charge. Each of them opens its own
 * transaction, which inside `tx` is a savepoint, so the whole request commits or vanishes with
 * the caller's work. Invitations are queued at `bulk` mail priority.
 */
export async function sendFromTemplate(
  ctx: AuthedCtx,
  tx: Tx,
  input: TemplateSendInput,
): Promise<{ id: number }> {
  // A transaction has every query method a database has; its `transaction` opens a savepoint.
  const inTx: AuthedCtx = { ...ctx, db: tx };
  const { id } = await createSignRequest(inTx, input.request);
  await tx
    .update(signRequests)
    .set({ bulkSendId: input.bulkSend.id, bulkSendRow: input.bulkSend.row })
    .where(eq(signRequests.id, id));
  for (const signer of input.signers) await addSigner(inTx, id, signer);
  await createSignableFromTemplate(inTx, id, {
    template_id: input.templateId,
    name: null,
    textValues: input.textValues,
  });
  await sendSignRequest(inTx, id, {
    invitationPriority: 'bulk',
    beforeCharge: input.beforeCharge,
  });
  return { id };
}
