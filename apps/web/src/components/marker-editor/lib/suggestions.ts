import {
  isSamePlace,
  parseGeneratedValue,
  type DetectedMarker,
  type Variable,
} from '@paraaf/contract';
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

const suggestionId = (i: number) => `suggestion-${i}`;

/** The suggestions as given, with those turned down in this editor flagged `rejected`. */
export function withRejected(
  detected: readonly DetectedMarker[],
  rejected: ReadonlySet<string>,
): DetectedMarker[] {
  return detected.map((m, i) => (rejected.has(suggestionId(i)) ? { ...m, rejected: true } : m));
}

/**
 * The suggestions still open: for a signer of this request (or template), one that signer fills,
 * not turned down (now, or before: flagged `rejected`), and not already a marker at the same place.
 */
export function openSuggestions(
  detected: readonly DetectedMarker[],
  markers: readonly EditorMarker[],
  signers: EditorSigner[],
  rejected: ReadonlySet<string>,
): Suggestion[] {
  const out: Suggestion[] = [];
  detected.forEach(({ confidence, rejected: before, ...marker }, i) => {
    const id = suggestionId(i);
    const ref = parseGeneratedValue(marker.value);
    if (before || rejected.has(id) || !ref || !signers.some((s) => s.position === ref.signer))
      return;
    if (neverFilledReason(signers, ref.signer, ref.kind)) return;
    const taken = markers.some((m) => m.kind === 'variable' && isSamePlace(m, marker));
    if (!taken) out.push({ id, marker: { ...marker, options: { ...marker.options } }, confidence });
  });
  return out;
}
