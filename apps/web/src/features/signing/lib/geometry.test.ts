import { describe, expect, it } from 'vitest';
import { markerBox, markerPercent, pageScale, renderedHeight } from './geometry';

const a4 = { width: 595, height: 842 };

describe('PDF points → CSS pixels', () => {
  it('has no scale for an unmeasured page or width', () => {
    expect(pageScale(a4, 0)).toBe(0);
    expect(pageScale({ width: 0, height: 842 }, 800)).toBe(0);
    expect(markerBox({ x: 10, y: 10, width: 10, height: 10 }, a4, 0)).toEqual({
      left: 0,
      top: 0,
      width: 0,
      height: 0,
    });
  });

  it('scales a marker from the top-left origin by rendered width / page width', () => {
    // 595 pt shown 1190 px wide: 2 px per point.
    expect(pageScale(a4, 1190)).toBe(2);
    expect(renderedHeight(a4, 1190)).toBe(1684);
    expect(markerBox({ x: 100, y: 700, width: 150, height: 50 }, a4, 1190)).toEqual({
      left: 200,
      top: 1400,
      width: 300,
      height: 100,
    });
  });

  it('scales down on a phone (≈ 366 px wide) and rounds to hundredths', () => {
    const box = markerBox({ x: 297.5, y: 421, width: 100, height: 40 }, a4, 366);
    expect(box.left).toBe(183);
    expect(box.top).toBeCloseTo(258.97, 2);
    expect(box.width).toBeCloseTo(61.51, 2);
    expect(box.height).toBeCloseTo(24.61, 2);
  });

  it('clips a box that sticks out of the page', () => {
    expect(markerBox({ x: 550, y: 820, width: 100, height: 50 }, a4, 595)).toEqual({
      left: 550,
      top: 820,
      width: 45,
      height: 22,
    });
  });

  it('gives percentages of width and height, independent of the rendered size', () => {
    expect(markerPercent({ x: 59.5, y: 421, width: 119, height: 84.2 }, a4)).toEqual({
      left: 10,
      top: 50,
      width: 20,
      height: 10,
    });
    // A landscape page: top is a share of the height, not of the width.
    expect(
      markerPercent({ x: 0, y: 297.5, width: 842, height: 59.5 }, { width: 842, height: 595 }),
    ).toEqual({ left: 0, top: 50, width: 100, height: 10 });
  });
});
