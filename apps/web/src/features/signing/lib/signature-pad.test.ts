import { describe, expect, it, vi } from 'vitest';
import { exportStrokes, exportTypedName, strokeBounds } from './signature-pad';

/** jsdom has no 2D canvas: a context that records calls, and a canvas that reports its size. */
function mockCanvas() {
  const calls: string[] = [];
  const moveTo = vi.fn(() => calls.push('moveTo'));
  const fillText = vi.fn(() => calls.push('fillText'));
  const ctx = {
    beginPath: vi.fn(() => calls.push('beginPath')),
    moveTo,
    lineTo: vi.fn(() => calls.push('lineTo')),
    quadraticCurveTo: vi.fn(() => calls.push('quadraticCurveTo')),
    arc: vi.fn(() => calls.push('arc')),
    fill: vi.fn(() => calls.push('fill')),
    stroke: vi.fn(() => calls.push('stroke')),
    fillText,
    measureText: vi.fn((text: string) => ({ width: text.length * 20 })),
  } as unknown as CanvasRenderingContext2D;
  const canvas = {
    width: 0,
    height: 0,
    getContext: vi.fn(() => ctx),
    toDataURL: vi.fn(function (this: { width: number; height: number }, type: string) {
      return `data:${type};base64,${btoa(`${this.width}x${this.height}`)}`;
    }),
  };
  return {
    canvas,
    ctx,
    calls,
    moveTo,
    fillText,
    create: () => canvas as unknown as HTMLCanvasElement,
  };
}

describe('signature pad export', () => {
  it('exports nothing for an empty pad', () => {
    const m = mockCanvas();
    expect(strokeBounds([])).toBeNull();
    expect(exportStrokes([], m.create)).toBeNull();
    expect(exportStrokes([[]], m.create)).toBeNull();
    expect(m.canvas.toDataURL).not.toHaveBeenCalled();
  });

  it('exports a PNG cropped to the ink with a margin, at twice the CSS size', () => {
    const m = mockCanvas();
    const strokes = [
      [
        { x: 10, y: 20 },
        { x: 60, y: 40 },
        { x: 110, y: 30 },
      ],
      [{ x: 50, y: 70 }],
    ];
    expect(strokeBounds(strokes)).toEqual({ minX: 10, minY: 20, maxX: 110, maxY: 70 });
    const png = exportStrokes(strokes, m.create, 2);
    expect(png).toMatch(/^data:image\/png;base64,/);
    expect(m.canvas.toDataURL).toHaveBeenCalledWith('image/png');
    // 100 × 50 of ink plus 5 px margin on each side, doubled.
    expect(m.canvas.width).toBe(220);
    expect(m.canvas.height).toBe(120);
    expect(atob(png!.split(',')[1]!)).toBe('220x120');
    // The line is smoothed; the single tap becomes a dot.
    expect(m.calls).toContain('quadraticCurveTo');
    expect(m.calls.filter((c) => c === 'stroke')).toHaveLength(1);
    expect(m.calls.filter((c) => c === 'arc')).toHaveLength(1);
    // Drawn relative to the crop: the first point sits at the margin.
    expect(m.moveTo).toHaveBeenCalledWith(10, 10);
  });

  it('matches the API’s PNG data URL rule', () => {
    const m = mockCanvas();
    const png = exportStrokes(
      [
        [
          { x: 0, y: 0 },
          { x: 5, y: 5 },
        ],
      ],
      m.create,
    )!;
    expect(png).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
  });

  it('renders a typed name, and nothing for blanks', () => {
    const m = mockCanvas();
    expect(exportTypedName('   ', m.create)).toBeNull();
    const png = exportTypedName('Sanne Jansen', m.create, 1);
    expect(png).toMatch(/^data:image\/png;base64,/);
    expect(m.fillText).toHaveBeenCalledWith('Sanne Jansen', 20, expect.any(Number));
    expect(m.canvas.width).toBe(12 * 20 + 40);
  });
});
