/** A hand-written signature pad (CONVENTIONS: the pad wrapper is written by hand). */
import { HANDWRITING_FONT } from './handwriting';

export interface Point {
  x: number;
  y: number;
}

export type Stroke = Point[];

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

const INK = '#0b2a6f';
const LINE_WIDTH = 2.5;

/** The box around every point, or null when nothing was drawn. */
export function strokeBounds(strokes: readonly Stroke[]): Bounds | null {
  let bounds: Bounds | null = null;
  for (const stroke of strokes) {
    for (const p of stroke) {
      if (!bounds) bounds = { minX: p.x, minY: p.y, maxX: p.x, maxY: p.y };
      else {
        bounds.minX = Math.min(bounds.minX, p.x);
        bounds.minY = Math.min(bounds.minY, p.y);
        bounds.maxX = Math.max(bounds.maxX, p.x);
        bounds.maxY = Math.max(bounds.maxY, p.y);
      }
    }
  }
  return bounds;
}

/** Draws strokes with smoothed curves through the midpoints; a single tap is a dot. */
export function drawStrokes(
  ctx: CanvasRenderingContext2D,
  strokes: readonly Stroke[],
  offset: Point = { x: 0, y: 0 },
  scale = 1,
): void {
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = INK;
  ctx.fillStyle = INK;
  ctx.lineWidth = LINE_WIDTH * scale;
  const at = (p: Point): Point => ({ x: (p.x - offset.x) * scale, y: (p.y - offset.y) * scale });
  for (const stroke of strokes) {
    const first = stroke[0];
    if (!first) continue;
    if (stroke.length === 1) {
      const p = at(first);
      ctx.beginPath();
      ctx.arc(p.x, p.y, (LINE_WIDTH * scale) / 2, 0, Math.PI * 2);
      ctx.fill();
      continue;
    }
    ctx.beginPath();
    const start = at(first);
    ctx.moveTo(start.x, start.y);
    for (let i = 1; i < stroke.length - 1; i++) {
      const a = at(stroke[i]!);
      const b = at(stroke[i + 1]!);
      ctx.quadraticCurveTo(a.x, a.y, (a.x + b.x) / 2, (a.y + b.y) / 2);
    }
    const last = at(stroke[stroke.length - 1]!);
    ctx.lineTo(last.x, last.y);
    ctx.stroke();
  }
}

/**
 * The drawing as a PNG data URL: cropped to the ink with a margin and drawn at `scale` times
 * the CSS size, on a transparent background so it can be stamped over a document. Null when
 * the pad is empty.
 */
export function exportStrokes(
  strokes: readonly Stroke[],
  createCanvas: () => HTMLCanvasElement = () => document.createElement('canvas'),
  scale = 2,
): string | null {
  const bounds = strokeBounds(strokes);
  if (!bounds) return null;
  const margin = LINE_WIDTH * 2;
  const origin = { x: bounds.minX - margin, y: bounds.minY - margin };
  const width = Math.max(1, Math.ceil((bounds.maxX - bounds.minX + margin * 2) * scale));
  const height = Math.max(1, Math.ceil((bounds.maxY - bounds.minY + margin * 2) * scale));
  const canvas = createCanvas();
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  drawStrokes(ctx, strokes, origin, scale);
  return canvas.toDataURL('image/png');
}

/**
 * A typed name rendered in the handwriting font, for people who do not draw (keyboard, screen
 * reader, a shaky hand). Call `loadHandwriting` first: a canvas draws with whatever is loaded.
 */
export function exportTypedName(
  name: string,
  createCanvas: () => HTMLCanvasElement = () => document.createElement('canvas'),
  scale = 2,
): string | null {
  const text = name.trim();
  if (!text) return null;
  const size = 40 * scale;
  const font = `${size}px ${HANDWRITING_FONT}`;
  const measure = createCanvas().getContext('2d');
  if (!measure) return null;
  measure.font = font;
  const textWidth = measure.measureText(text).width;
  const canvas = createCanvas();
  canvas.width = Math.max(1, Math.ceil(textWidth + size));
  canvas.height = Math.ceil(size * 1.6);
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.font = font;
  ctx.fillStyle = INK;
  ctx.textBaseline = 'middle';
  ctx.fillText(text, size / 2, canvas.height / 2);
  return canvas.toDataURL('image/png');
}
