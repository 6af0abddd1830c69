import { z } from 'zod';
import {
  parseGeneratedValue,
  unfilledMarkerKind,
  variableSchema,
  type Variable,
} from './markers.ts';

/**
 * A marker the server found on an uploaded document (a labelled signature line, a name or date
 * line, a paraph line, an AcroForm signature field), for signer N of the party blocks in reading
 * order. `options.label` names the place ('Opdrachtnemer – Handtekening'); `confidence` is 0..1.
 */
export const detectedMarkerSchema = variableSchema.extend({
  confidence: z.number().min(0).max(1),
  /** Turned down by the sender in the marker editor: not offered again and not placed on send. */
  rejected: z.boolean().optional(),
});
export type DetectedMarker = z.infer<typeof detectedMarkerSchema>;

/**
 * A found marker the sender turned down, named by what and where it is (detection runs again on
 * the same PDF when a document or template is stored, so its place names it). Sent with the
 * upload as `rejected_suggestions[i][page|x|y|value]`.
 */
export const rejectedSuggestionSchema = z.object({
  page: z.coerce.number().int().min(1),
  x: z.coerce.number(),
  y: z.coerce.number(),
  value: z.string().max(255),
});
export type RejectedSuggestion = z.infer<typeof rejectedSuggestionSchema>;
export const rejectedSuggestionsSchema = z.array(rejectedSuggestionSchema).max(500);

/** Close enough to count as the same place (points). */
export const SAME_PLACE = 10;

/** Whether a box stands at a found marker's place, for the same value. */
export const isSamePlace = (
  a: { page: number; x: number; y: number; value?: string | null },
  b: typeof a,
) =>
  a.value === b.value &&
  a.page === b.page &&
  Math.abs(a.x - b.x) < SAME_PLACE &&
  Math.abs(a.y - b.y) < SAME_PLACE;

/** The found markers with those the sender turned down flagged `rejected`. */
export function markRejected(
  found: readonly DetectedMarker[],
  rejected: readonly RejectedSuggestion[],
): DetectedMarker[] {
  return found.map((m) =>
    m.rejected || rejected.some((r) => isSamePlace(m, r)) ? { ...m, rejected: true } : m,
  );
}

export const detectedMarkersSchema = z.object({ data: z.array(detectedMarkerSchema) }).meta({
  examples: [
    {
      data: [
        {
          page: 3,
          x: 398.5,
          y: 363.2,
          width: 134.5,
          height: 50,
          type: 'generated',
          value: 'signer.2.signature',
          options: { label: 'Opdrachtnemer – Handtekening' },
          confidence: 0.9,
        },
      ],
    },
  ],
});
export type DetectedMarkers = z.infer<typeof detectedMarkersSchema>;

/**
 * Sending places found markers this sure or surer: a label with its line, an AcroForm signature
 * field. A bare label ('Handtekening koper:' with no line) is only offered in the editor.
 */
export const PLACE_CONFIDENCE = 0.7;

interface PlacementSigner {
  position: number;
  verifications: readonly number[];
}
interface PlacementDocument {
  config: { variables?: readonly unknown[] };
  detectedMarkers?: readonly DetectedMarker[] | null;
}

/** The signers (positions) with a generated marker of theirs on any document. */
function signersWithMarkers(documents: readonly PlacementDocument[]): Set<number> {
  const found = new Set<number>();
  for (const doc of documents) {
    for (const raw of doc.config.variables ?? []) {
      const v = raw as Partial<Variable> | null;
      if (v?.type !== 'generated') continue;
      const ref = parseGeneratedValue(typeof v.value === 'string' ? v.value.trim() : null);
      if (ref) found.add(ref.signer);
    }
  }
  return found;
}

/**
 * At sending, before the fallback of `autoMarkers`: a signer with no marker on any document gets
 * the markers found for them on each document (a signature only if they sign, initials only if
 * they paraph; name and date always; at least PLACE_CONFIDENCE sure; none the sender turned
 * down), as ordinary markers. Per
 * document index, like autoMarkers.
 */
export function detectedPlacements(
  documents: readonly PlacementDocument[],
  signers: readonly PlacementSigner[],
): Variable[][] {
  const marked = signersWithMarkers(documents);
  const bare = new Map(signers.filter((s) => !marked.has(s.position)).map((s) => [s.position, s]));
  return documents.map((doc) =>
    (doc.detectedMarkers ?? []).flatMap(({ confidence, rejected, ...marker }) => {
      if (rejected || confidence < PLACE_CONFIDENCE) return [];
      const ref = parseGeneratedValue(marker.value);
      const signer = ref ? bare.get(ref.signer) : undefined;
      if (!ref || !signer || unfilledMarkerKind(ref.kind, signer.verifications)) return [];
      return [marker];
    }),
  );
}
