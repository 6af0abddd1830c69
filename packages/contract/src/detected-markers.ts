import { z } from 'zod';
import { variableSchema } from './markers.ts';

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
