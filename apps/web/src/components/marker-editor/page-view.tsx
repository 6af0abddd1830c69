import {
  memo,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { Loader } from '@mantine/core';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { recordDragFrame } from './lib/drag-stats';
import { resizeTo, sizeRule, type EditorMarker, type Point, type Size } from './lib/markers';

export const PALETTE_MIME = 'application/x-paraaf-marker';

export interface MarkerView {
  marker: EditorMarker;
  label: string;
  ariaLabel: string;
  color: string;
}

export interface PageHandlers {
  onSelect: (id: string | null) => void;
  /** A drag ended: the box's new top-left in client pixels and where the pointer was. */
  onMoveEnd: (id: string, topLeft: Point, pointer: Point) => void;
  onResizeEnd: (id: string, size: Size) => void;
  onMarkerKey: (id: string, event: KeyboardEvent<HTMLElement>) => void;
  onDropTemplate: (page: number, data: string, point: Point) => void;
  onRendered: (page: number) => void;
}

interface PageViewProps {
  number: number;
  size: Size;
  scale: number;
  pdf: PDFDocumentProxy | null;
  render: boolean;
  markers: MarkerView[];
  selectedId: string | null;
  label: string;
  handlers: PageHandlers;
  register: (page: number, el: HTMLElement | null) => void;
  /** Drawn over the page after its markers (the found fields). */
  overlay?: ReactNode;
}

/** One page: a placeholder of the page's size, its canvas when near the viewport, its markers. */
export const PageView = memo(function PageView({
  number,
  size,
  scale,
  pdf,
  render,
  markers,
  selectedId,
  label,
  handlers,
  register,
  overlay,
}: PageViewProps) {
  const width = size.width * scale;
  const height = size.height * scale;

  return (
    <div
      ref={(el) => {
        register(number, el);
        return () => register(number, null);
      }}
      data-page={number}
      role="group"
      aria-label={label}
      style={{
        position: 'relative',
        width,
        height,
        margin: '0 auto 16px',
        background: 'white',
        boxShadow: '0 1px 4px rgba(0,0,0,.25)',
        flex: 'none',
      }}
      onPointerDown={(e) => {
        if (e.target === e.currentTarget || (e.target as HTMLElement).tagName === 'CANVAS') {
          handlers.onSelect(null);
        }
      }}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes(PALETTE_MIME)) {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
        }
      }}
      onDrop={(e) => {
        const data = e.dataTransfer.getData(PALETTE_MIME);
        if (!data) return;
        e.preventDefault();
        const rect = e.currentTarget.getBoundingClientRect();
        handlers.onDropTemplate(number, data, {
          x: (e.clientX - rect.left) / scale,
          y: (e.clientY - rect.top) / scale,
        });
      }}
    >
      {render && pdf ? (
        <PageCanvas
          pdf={pdf}
          number={number}
          width={width}
          height={height}
          onRendered={handlers.onRendered}
        />
      ) : (
        <div
          aria-hidden
          style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}
        >
          {render && <Loader size="sm" />}
        </div>
      )}
      {markers.map((m) => (
        <MarkerBox
          key={m.marker.id}
          view={m}
          scale={scale}
          page={size}
          selected={m.marker.id === selectedId}
          handlers={handlers}
        />
      ))}
      {overlay}
    </div>
  );
}, samePageProps);

function samePageProps(a: PageViewProps, b: PageViewProps): boolean {
  return (
    a.number === b.number &&
    a.size === b.size &&
    a.scale === b.scale &&
    a.pdf === b.pdf &&
    a.render === b.render &&
    a.label === b.label &&
    a.handlers === b.handlers &&
    a.register === b.register &&
    a.overlay === b.overlay &&
    a.selectedId === b.selectedId &&
    a.markers.length === b.markers.length &&
    a.markers.every(
      (m, i) =>
        m.marker === b.markers[i]!.marker &&
        m.label === b.markers[i]!.label &&
        m.color === b.markers[i]!.color,
    )
  );
}

interface PageCanvasProps {
  pdf: PDFDocumentProxy;
  number: number;
  width: number;
  height: number;
  onRendered: (page: number) => void;
}

/** The page drawn by pdf.js at the screen's pixel ratio; a new scale cancels the old drawing. */
function PageCanvas({ pdf, number, width, height, onRendered }: PageCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const target = canvas.current;
    if (!target || width <= 0) return;
    let task: RenderTask | null = null;
    let alive = true;
    void pdf
      .getPage(number)
      .then((page) => {
        if (!alive) return;
        const base = page.getViewport({ scale: 1 });
        const ratio = Math.min(window.devicePixelRatio || 1, 2);
        const viewport = page.getViewport({ scale: (width / base.width) * ratio });
        // Draw off screen first so the old picture stays until the new one is ready.
        const off = document.createElement('canvas');
        off.width = Math.floor(viewport.width);
        off.height = Math.floor(viewport.height);
        task = page.render({ canvas: off, viewport });
        return task.promise.then(() => {
          if (!alive) return;
          target.width = off.width;
          target.height = off.height;
          target.getContext('2d')?.drawImage(off, 0, 0);
          setDrawn(true);
          onRendered(number);
        });
      })
      .catch(() => {
        // Cancelled (zoom, scrolled away): the next effect draws again.
      });
    return () => {
      alive = false;
      task?.cancel();
    };
  }, [pdf, number, width, onRendered]);

  return (
    <>
      <canvas ref={canvas} aria-hidden style={{ position: 'absolute', inset: 0, width, height }} />
      {!drawn && (
        <div
          aria-hidden
          style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}
        >
          <Loader size="sm" />
        </div>
      )}
    </>
  );
}

interface MarkerBoxProps {
  view: MarkerView;
  scale: number;
  page: Size;
  selected: boolean;
  handlers: PageHandlers;
}

/**
 * A marker over the page. Dragging and resizing change only this element's style, once per
 * animation frame; the editor's state changes once, when the pointer is released.
 */
function MarkerBox({ view, scale, page, selected, handlers }: MarkerBoxProps) {
  const { marker, label, ariaLabel, color } = view;
  const el = useRef<HTMLDivElement>(null);
  const fontSize =
    'fontSize' in marker.options && typeof marker.options.fontSize === 'number'
      ? marker.options.fontSize
      : 11;

  function track(
    e: PointerEvent<HTMLElement>,
    onFrame: (dx: number, dy: number) => void,
    onEnd: (dx: number, dy: number, pointer: Point) => void,
  ) {
    const target = e.currentTarget;
    const start = { x: e.clientX, y: e.clientY };
    let last = start;
    let drawn = start;
    let prev = performance.now();
    let raf = requestAnimationFrame(function frame(now) {
      if (last !== drawn) {
        drawn = last;
        onFrame(last.x - start.x, last.y - start.y);
        recordDragFrame(prev, now);
      }
      prev = now;
      raf = requestAnimationFrame(frame);
    });
    target.setPointerCapture?.(e.pointerId);
    const move = (ev: globalThis.PointerEvent) => {
      last = { x: ev.clientX, y: ev.clientY };
    };
    const end = (ev: globalThis.PointerEvent) => {
      cancelAnimationFrame(raf);
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', end);
      target.removeEventListener('pointercancel', end);
      onEnd(ev.clientX - start.x, ev.clientY - start.y, { x: ev.clientX, y: ev.clientY });
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', end);
    target.addEventListener('pointercancel', end);
  }

  function startMove(e: PointerEvent<HTMLDivElement>) {
    if (e.button !== 0) return;
    e.stopPropagation();
    handlers.onSelect(marker.id);
    el.current?.focus({ preventScroll: true });
    const box = el.current!;
    box.style.willChange = 'transform';
    track(
      e,
      (dx, dy) => {
        box.style.transform = `translate(${dx}px, ${dy}px)`;
      },
      (dx, dy, pointer) => {
        const rect = box.getBoundingClientRect();
        box.style.transform = '';
        box.style.willChange = '';
        if (Math.abs(dx) < 2 && Math.abs(dy) < 2) return;
        handlers.onMoveEnd(marker.id, { x: rect.left, y: rect.top }, pointer);
      },
    );
  }

  function startResize(e: PointerEvent<HTMLDivElement>) {
    if (e.button !== 0) return;
    e.stopPropagation();
    e.preventDefault();
    const box = el.current!;
    const rule = sizeRule(marker);
    let size: Size = { width: marker.width, height: marker.height };
    track(
      e,
      (dx, dy) => {
        size = resizeTo(
          marker,
          { width: marker.width + dx / scale, height: marker.height + dy / scale },
          rule,
          page,
        );
        box.style.width = `${size.width * scale}px`;
        box.style.height = `${size.height * scale}px`;
      },
      () => handlers.onResizeEnd(marker.id, size),
    );
  }

  const textual = marker.type === 'text' || marker.type === 'date';
  return (
    <div
      ref={el}
      role="button"
      tabIndex={0}
      aria-label={ariaLabel}
      aria-pressed={selected}
      data-marker={marker.id}
      data-mantine-stop-propagation={selected ? 'true' : undefined}
      onPointerDown={startMove}
      onKeyDown={(e) => handlers.onMarkerKey(marker.id, e)}
      onFocus={() => !selected && handlers.onSelect(marker.id)}
      title={label}
      style={{
        position: 'absolute',
        left: marker.x * scale,
        top: marker.y * scale,
        width: marker.width * scale,
        height: marker.height * scale,
        border: `${selected ? 2 : 1}px ${marker.kind === 'field' ? 'dashed' : 'solid'} ${color}`,
        background: `color-mix(in srgb, ${color} ${selected ? 22 : 12}%, transparent)`,
        boxShadow: selected ? `0 0 0 3px color-mix(in srgb, ${color} 35%, transparent)` : undefined,
        cursor: 'move',
        touchAction: 'none',
        userSelect: 'none',
        overflow: 'hidden',
        boxSizing: 'border-box',
        color: '#1a1b1e',
        fontSize: textual ? Math.max(6, fontSize * scale) : Math.max(8, Math.min(11, 11 * scale)),
        lineHeight: 1.15,
        padding: marker.height * scale > 14 ? '1px 3px' : 0,
        outline: 'none',
        zIndex: selected ? 2 : 1,
      }}
    >
      {marker.height * scale >= 10 && marker.width * scale >= 24 && (
        <span
          style={{
            display: 'block',
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            pointerEvents: 'none',
          }}
        >
          {label}
        </span>
      )}
      {selected && (
        <div
          aria-hidden
          onPointerDown={startResize}
          style={{
            position: 'absolute',
            right: 0,
            bottom: 0,
            width: 12,
            height: 12,
            background: color,
            cursor: 'nwse-resize',
            touchAction: 'none',
          }}
        />
      )}
    </div>
  );
}
