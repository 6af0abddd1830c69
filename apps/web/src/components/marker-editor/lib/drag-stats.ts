/**
 * Frame times while a marker is dragged, for the benchmark: a `marker-editor:drag-frame`
 * performance measure per animation frame and the durations in `window.__markerEditorStats`.
 */
declare global {
  interface Window {
    __markerEditorStats?: { dragFrames: number[] };
  }
}

export function recordDragFrame(start: number, end: number): void {
  const stats = (window.__markerEditorStats ??= { dragFrames: [] });
  stats.dragFrames.push(end - start);
  if (stats.dragFrames.length > 5000) stats.dragFrames.splice(0, stats.dragFrames.length - 5000);
  try {
    performance.measure('marker-editor:drag-frame', { start, end });
  } catch {
    // Older engines without measure options: the array above still has the figure.
  }
}

let page1Marked = false;

/** 'marker-editor:page1-visible', once per opening of the editor. */
export function markPage1Visible(): void {
  if (page1Marked) return;
  page1Marked = true;
  performance.mark('marker-editor:page1-visible');
  try {
    performance.measure('marker-editor:page1', 'marker-editor:open', 'marker-editor:page1-visible');
  } catch {
    // No 'open' mark (the editor used outside its modal): the mark alone is enough.
  }
}

export function resetPage1Mark(): void {
  page1Marked = false;
}
