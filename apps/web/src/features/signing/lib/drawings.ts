import type { SigningPage } from '@paraaf/contract';

export type DrawingType = 'signature' | 'paraph';
export type DrawingImages = Record<DrawingType, string | null>;

/**
 * What to show over the signature and initials markers: a drawing saved in this visit (a data
 * URL in memory) wins; else the stored one, fetched from the signer API by URL (after a reload);
 * else nothing, and the marker shows its label.
 */
export function drawingImages(
  drawings: SigningPage['drawings'] | undefined,
  memory: DrawingImages,
  urlOf: (type: DrawingType) => string,
): DrawingImages {
  const pick = (type: DrawingType) => memory[type] ?? (drawings?.[type] ? urlOf(type) : null);
  return { signature: pick('signature'), paraph: pick('paraph') };
}
