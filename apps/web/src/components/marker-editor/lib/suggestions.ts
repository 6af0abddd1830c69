import { parseGeneratedValue, type DetectedMarker, type Variable } from '@paraaf/contract';
import type { EditorSigner } from '../types';
import type { EditorMarker } from './markers';
import { neverFilledReason } from './signer-rules';

/** A field the server found on upload, offered until the sender takes it over or turns it down. */
export interface Suggestion {
  /** Its index in the list the editor was given: stable while the editor is open. */
  id: string;
  marker: Variable;
  confidence: number;
}

/** Close enough to count as the same place (points). */
const SAME_PLACE = 10;

/**
 * The suggestions still open: for a signer of this request (or template), one that signer fills,
 * not turned down, and not already a marker at the same place.
 */
export function openSuggestions(
  detected: readonly DetectedMarker[],
  markers: readonly EditorMarker[],
  signers: EditorSigner[],
  rejected: ReadonlySet<string>,
): Suggestion[] {
  const out: Suggestion[] = [];
  detected.forEach(({ confidence, ...marker }, i) => {
    const id = `suggestion-${i}`;
    const ref = parseGeneratedValue(marker.value);
    if (rejected.has(id) || !ref || !signers.some((s) => s.position === ref.signer)) return;
    if (neverFilledReason(signers, ref.signer, ref.kind)) return;
    const taken = markers.some(
      (m) =>
        m.kind === 'variable' &&
        m.value === marker.value &&
        m.page === marker.page &&
        Math.abs(m.x - marker.x) < SAME_PLACE &&
        Math.abs(m.y - marker.y) < SAME_PLACE,
    );
    if (!taken) out.push({ id, marker: { ...marker, options: { ...marker.options } }, confidence });
  });
  return out;
}
