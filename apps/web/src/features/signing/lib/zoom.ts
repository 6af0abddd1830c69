/**
 * The zoom of the signer's document view: a factor of the page width ('Paginabreedte' is 1), the
 * same for every page and document, so moving between pages keeps it.
 */
export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 4;
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3, 4] as const;

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return 1;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(zoom * 100) / 100));
}

/** The next step up from `zoom` (a pinch may have left it between steps). */
export function zoomIn(zoom: number): number {
  return ZOOM_STEPS.find((s) => s > zoom + 0.001) ?? MAX_ZOOM;
}

export function zoomOut(zoom: number): number {
  return [...ZOOM_STEPS].reverse().find((s) => s < zoom - 0.001) ?? MIN_ZOOM;
}

/** A pinch: the zoom at its start times how far the fingers moved apart. */
export function pinchZoom(startZoom: number, startDistance: number, distance: number): number {
  if (!(startDistance > 0) || !(distance > 0)) return startZoom;
  return clampZoom(startZoom * (distance / startDistance));
}

/**
 * Canvas pixels per CSS pixel for a page drawn `cssWidth`×`cssHeight`: the screen's own density
 * (sharp text on a phone) but never a canvas above `maxPixels`, so a zoomed-in page does not cost
 * hundreds of megabytes.
 */
export function canvasRatio(
  cssWidth: number,
  cssHeight: number,
  devicePixelRatio: number,
  maxPixels = 8_000_000,
): number {
  const wanted = Math.min(Math.max(devicePixelRatio || 1, 1), 3);
  const area = cssWidth * cssHeight;
  if (!(area > 0)) return wanted;
  return Math.min(wanted, Math.sqrt(maxPixels / area));
}
