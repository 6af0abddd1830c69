import { describe, expect, it } from 'vitest';
import { canvasRatio, clampZoom, MAX_ZOOM, MIN_ZOOM, pinchZoom, zoomIn, zoomOut } from './zoom';

describe('document zoom', () => {
  it('steps in and out from page width and stops at the ends', () => {
    expect(zoomIn(1)).toBe(1.25);
    expect(zoomOut(1)).toBe(0.75);
    expect(zoomIn(MAX_ZOOM)).toBe(MAX_ZOOM);
    expect(zoomOut(MIN_ZOOM)).toBe(MIN_ZOOM);
  });

  it('steps from a zoom a pinch left between steps to the next step', () => {
    expect(zoomIn(1.1)).toBe(1.25);
    expect(zoomOut(1.1)).toBe(1);
  });

  it('pinches in proportion to the fingers’ distance, within the limits', () => {
    expect(pinchZoom(1, 100, 200)).toBe(2);
    expect(pinchZoom(2, 200, 100)).toBe(1);
    expect(pinchZoom(1, 100, 1000)).toBe(MAX_ZOOM);
    expect(pinchZoom(1, 100, 10)).toBe(MIN_ZOOM);
    expect(pinchZoom(1.5, 0, 100)).toBe(1.5);
    expect(clampZoom(Number.NaN)).toBe(1);
  });

  it('draws at the screen’s density, up to a canvas size limit', () => {
    expect(canvasRatio(390, 550, 3)).toBe(3);
    expect(canvasRatio(390, 550, 1)).toBe(1);
    // A page zoomed to 3000 px wide on a 2x screen would need 50 M pixels.
    const r = canvasRatio(3000, 4200, 2);
    expect(3000 * r * 4200 * r).toBeLessThanOrEqual(8_000_001);
  });
});
