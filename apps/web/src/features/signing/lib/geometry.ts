import type { SigningMarker } from '@paraaf/contract';

export interface PageSize {
  width: number;
  height: number;
}

export interface CssBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** CSS pixels per PDF point when a page of `page.width` points is shown `renderedWidth` px wide. */
export function pageScale(page: PageSize, renderedWidth: number): number {
  if (!(page.width > 0) || !(renderedWidth > 0)) return 0;
  return renderedWidth / page.width;
}

/** The rendered height of a page shown `renderedWidth` px wide, keeping its aspect ratio. */
export function renderedHeight(page: PageSize, renderedWidth: number): number {
  return page.height * pageScale(page, renderedWidth);
}

/**
 * A marker's box in CSS pixels over the rendered page. Marker coordinates are PDF points from
 * the page's top-left corner (the API converts from PDF's bottom-left origin), so this is a
 * plain scale; boxes that stick out of the page are clipped to it.
 */
export function markerBox(
  marker: Pick<SigningMarker, 'x' | 'y' | 'width' | 'height'>,
  page: PageSize,
  renderedWidth: number,
): CssBox {
  const s = pageScale(page, renderedWidth);
  const left = clamp(marker.x, 0, page.width);
  const top = clamp(marker.y, 0, page.height);
  const right = clamp(marker.x + marker.width, 0, page.width);
  const bottom = clamp(marker.y + marker.height, 0, page.height);
  return {
    left: round(left * s),
    top: round(top * s),
    width: round((right - left) * s),
    height: round((bottom - top) * s),
  };
}

/** The same box as percentages of the page's width and height, so it follows the page's size. */
export function markerPercent(
  marker: Pick<SigningMarker, 'x' | 'y' | 'width' | 'height'>,
  page: PageSize,
): CssBox {
  if (!(page.width > 0) || !(page.height > 0)) return { left: 0, top: 0, width: 0, height: 0 };
  const box = markerBox(marker, page, page.width);
  return {
    left: round((box.left / page.width) * 100),
    top: round((box.top / page.height) * 100),
    width: round((box.width / page.width) * 100),
    height: round((box.height / page.height) * 100),
  };
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
