import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { clampZoom } from './zoom';

interface Anchor {
  id: string;
  /** Where the middle of the screen was on that page, as fractions of its height and width. */
  fy: number;
  fx: number;
}

/** The page under the middle of the screen and where on it, before the zoom changes. */
function findAnchor(): Anchor | null {
  const middle = window.innerHeight / 2;
  let best: { el: HTMLElement; distance: number } | null = null;
  for (const el of document.querySelectorAll<HTMLElement>('section[data-page][id]')) {
    const r = el.getBoundingClientRect();
    const distance = middle < r.top ? r.top - middle : middle > r.bottom ? middle - r.bottom : 0;
    if (!best || distance < best.distance) best = { el, distance };
    if (distance === 0) break;
  }
  if (!best) return null;
  const r = best.el.getBoundingClientRect();
  const scroller = best.el.parentElement?.parentElement;
  const fx = scroller ? (scroller.scrollLeft + scroller.clientWidth / 2) / r.width : 0.5;
  return { id: best.el.id, fy: (middle - r.top) / r.height, fx };
}

/**
 * The document view's zoom, kept on the same spot of the same page when it changes: the point of
 * the page under the middle of the screen is under it again after zooming.
 */
export function useKeptZoom(initial = 1) {
  const [zoom, setZoomState] = useState(initial);
  const anchor = useRef<Anchor | null>(null);
  const setZoom = useCallback((next: number) => {
    anchor.current = findAnchor();
    setZoomState(clampZoom(next));
  }, []);
  useLayoutEffect(() => {
    const a = anchor.current;
    anchor.current = null;
    const el = a && document.getElementById(a.id);
    if (!a || !el) return;
    const r = el.getBoundingClientRect();
    window.scrollBy(0, r.top + a.fy * r.height - window.innerHeight / 2);
    const scroller = el.parentElement?.parentElement;
    scroller?.scrollTo({ left: a.fx * r.width - scroller.clientWidth / 2 });
  }, [zoom]);
  return [zoom, setZoom] as const;
}
