/**
 * The handwriting font of a typed signature: Dancing Script (SIL OFL), served from this app
 * like every other asset, so the typed name looks signed on every machine instead of falling
 * back to whatever `cursive` means there.
 */
import '@fontsource/dancing-script/400.css';

export const HANDWRITING_FONT = '"Dancing Script", "Segoe Script", "Brush Script MT", cursive';

/** Resolves once the font can draw `text` on a canvas (a canvas does not wait for fonts itself). */
export async function loadHandwriting(text: string, size = 40): Promise<void> {
  if (typeof document === 'undefined' || !('fonts' in document)) return;
  await document.fonts.load(`${size}px ${HANDWRITING_FONT}`, text).catch(() => undefined);
}
