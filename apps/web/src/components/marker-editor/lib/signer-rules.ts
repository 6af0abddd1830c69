import { parseGeneratedValue, unfilledMarkerKind, type GeneratedKind } from '@paraaf/contract';
import { texts } from '../texts';
import type { EditorSigner } from '../types';
import { markerName, signerLabel } from './labels';
import type { EditorMarker } from './markers';

/**
 * Why signer `n` will never fill a marker of `kind` (a signature without Handtekening, a paraph
 * without Paraaf), in Dutch; null when it will, or when the signer's methods are not known.
 */
export function neverFilledReason(
  signers: EditorSigner[],
  n: number,
  kind: GeneratedKind,
): string | null {
  const verifications = signers.find((s) => s.position === n)?.verifications;
  const unfilled = verifications ? unfilledMarkerKind(kind, verifications) : null;
  return unfilled ? texts.neverFills(signerLabel(signers, n), unfilled) : null;
}

/** The markers their signer will never fill, each with its name and the reason. */
export function unfilledMarkers(
  markers: EditorMarker[],
  signers: EditorSigner[],
): { marker: EditorMarker; name: string; reason: string }[] {
  const out: { marker: EditorMarker; name: string; reason: string }[] = [];
  for (const marker of markers) {
    if (marker.kind !== 'variable') continue;
    const ref = parseGeneratedValue(marker.value);
    const reason = ref ? neverFilledReason(signers, ref.signer, ref.kind) : null;
    if (reason) out.push({ marker, name: markerName(marker, signers), reason });
  }
  return out;
}
