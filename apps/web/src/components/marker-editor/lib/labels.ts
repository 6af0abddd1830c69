import { parseGeneratedValue } from '@paraaf/contract';
import { texts } from '../texts';
import type { EditorMarker } from './markers';

export interface EditorSignerLabel {
  position: number;
  label: string;
}

/** The label of signer n: its name from the list, else 'Ondertekenaar n'. */
export function signerLabel(signers: EditorSignerLabel[], n: number): string {
  return signers.find((s) => s.position === n)?.label || texts.signerFallback(n);
}

/** What a marker is, for its box and its accessible name: 'Handtekening Jan Jansen'. */
export function markerName(marker: EditorMarker, signers: EditorSignerLabel[]): string {
  if (marker.kind === 'field') {
    const what = texts.fieldKinds[marker.type];
    return texts.ofSigner(what, signerLabel(signers, marker.options.signer ?? 1));
  }
  if (marker.type === 'generated') {
    const parsed = parseGeneratedValue(marker.value);
    if (!parsed) return marker.value ?? '';
    return texts.ofSigner(texts.generated[parsed.kind], signerLabel(signers, parsed.signer));
  }
  if (marker.type === 'text') return `${texts.kinds.text}: ${marker.value ?? ''}`;
  return texts.kinds[marker.type];
}

/** The accessible name of a marker box: 'Handtekening Jan Jansen, pagina 2'. */
export function markerAriaLabel(marker: EditorMarker, signers: EditorSignerLabel[]): string {
  return texts.markerLabel(markerName(marker, signers), marker.page);
}
