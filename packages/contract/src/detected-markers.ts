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
});
export type DetectedMarker = z.infer<typeof detectedMarkerSchema>;

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
 * they paraph; name and date always; at least PLACE_CONFIDENCE sure), as ordinary markers. Per
 * document index, like autoMarkers.
 */
export function detectedPlacements(
  documents: readonly PlacementDocument[],
  signers: readonly PlacementSigner[],
): Variable[][] {
  const marked = signersWithMarkers(documents);
  const bare = new Map(signers.filter((s) => !marked.has(s.position)).map((s) => [s.position, s]));
  return documents.map((doc) =>
    (doc.detectedMarkers ?? []).flatMap(({ confidence, ...marker }) => {
      if (confidence < PLACE_CONFIDENCE) return [];
      const ref = parseGeneratedValue(marker.value);
      const signer = ref ? bare.get(ref.signer) : undefined;
      if (!ref || !signer || unfilledMarkerKind(ref.kind, signer.verifications)) return [];
      return [marker];
    }),
  );
}
