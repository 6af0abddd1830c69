import { useCallback, useEffect, useLayoutEffect, useRef, type PointerEvent } from 'react';
import { drawStrokes, type Point, type Stroke } from '../lib/signature-pad';

interface SignaturePadProps {
  label: string;
  strokes: Stroke[];
  onStrokesChange: (strokes: Stroke[]) => void;
  height?: number;
  disabled?: boolean;
}

/**
 * A canvas to draw on with a mouse, finger or pen (pointer events; touch-action none so a
 * finger draws instead of scrolling). Strokes are kept in CSS pixels and redrawn on resize.
 */
export function SignaturePad({
  label,
  strokes,
  onStrokesChange,
  height = 180,
  disabled,
}: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const current = useRef<Stroke | null>(null);
  const strokesRef = useRef(strokes);
  useLayoutEffect(() => {
    strokesRef.current = strokes;
  }, [strokes]);

  const redraw = useCallback(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = window.devicePixelRatio || 1;
    const width = canvas.clientWidth;
    if (canvas.width !== Math.round(width * ratio)) canvas.width = Math.round(width * ratio);
    if (canvas.height !== Math.round(height * ratio)) canvas.height = Math.round(height * ratio);
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    const all = current.current ? [...strokesRef.current, current.current] : strokesRef.current;
    drawStrokes(ctx, all, { x: 0, y: 0 }, ratio);
  }, [height]);

  useEffect(() => {
    redraw();
  }, [strokes, redraw]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => redraw());
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [redraw]);

  const point = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const rect = event.currentTarget.getBoundingClientRect();
    return {
      x: Math.round((event.clientX - rect.left) * 10) / 10,
      y: Math.round((event.clientY - rect.top) * 10) / 10,
    };
  };

  return (
    <canvas
      ref={canvasRef}
      role="img"
      aria-label={label}
      data-testid="signature-pad"
      onPointerDown={(event) => {
        if (disabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
        event.preventDefault();
        event.currentTarget.setPointerCapture?.(event.pointerId);
        current.current = [point(event)];
        redraw();
      }}
      onPointerMove={(event) => {
        if (!current.current) return;
        event.preventDefault();
        current.current.push(point(event));
        redraw();
      }}
      onPointerUp={() => {
        const stroke = current.current;
        current.current = null;
        if (stroke) onStrokesChange([...strokesRef.current, stroke]);
      }}
      onPointerCancel={() => {
        current.current = null;
        redraw();
      }}
      style={{
        display: 'block',
        width: '100%',
        height,
        touchAction: 'none',
        cursor: disabled ? 'not-allowed' : 'crosshair',
        background: 'white',
        borderRadius: 'var(--mantine-radius-md)',
        border: '2px dashed var(--mantine-color-gray-4)',
        boxSizing: 'border-box',
      }}
    />
  );
}
