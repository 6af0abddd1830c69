import { generatedValue, PARAPH_MARKER_SIZE } from '@paraaf/contract';
import { markerId, type EditorMarker, type Size } from './markers';

/** 'Paraaf toevoegen op pagina's' choices (seed 000 §2). */
export type PageChoice = 'all' | 'even' | 'odd' | 'custom';

/**
 * Pages from a list like `1-5, 10, 14-18`: numbers and ranges separated by commas (or
 * semicolons/spaces), clamped to 1..pageCount; invalid parts are ignored; sorted, no doubles.
 * A reversed range (`5-1`) counts as its ascending form.
 */
export function parsePageList(input: string, pageCount: number): number[] {
  const count = Math.floor(pageCount);
  if (!(count >= 1)) return [];
  const pages = new Set<number>();
  const clamp = (n: number) => Math.min(count, Math.max(1, n));
  for (const rawPart of input.split(/[,;]+/)) {
    const part = rawPart.trim();
    if (part === '') continue;
    const range = /^(\d+)\s*-\s*(\d+)$/.exec(part);
    if (range) {
      const a = clamp(Number(range[1]));
      const b = clamp(Number(range[2]));
      for (let p = Math.min(a, b); p <= Math.max(a, b); p++) pages.add(p);
      continue;
    }
    if (/^\d+$/.test(part)) pages.add(clamp(Number(part)));
  }
  return [...pages].sort((a, b) => a - b);
}

/** The pages a choice stands for. */
export function choosePages(choice: PageChoice, pageCount: number, custom = ''): number[] {
  const all = Array.from({ length: Math.max(0, Math.floor(pageCount)) }, (_, i) => i + 1);
  if (choice === 'all') return all;
  if (choice === 'even') return all.filter((p) => p % 2 === 0);
  if (choice === 'odd') return all.filter((p) => p % 2 === 1);
  return parsePageList(custom, pageCount);
}

/** Distance from the page's bottom-right corner of a paraph placed on many pages. */
export const PARAPH_MARGIN = 24;

/** A paraph marker (50x50) at the bottom right of each page given. */
export function paraphMarkers(
  signer: number,
  pages: number[],
  pageSize: (page: number) => Size,
): EditorMarker[] {
  const { width, height } = PARAPH_MARKER_SIZE;
  return pages.map((page) => {
    const size = pageSize(page);
    return {
      id: markerId(),
      kind: 'variable',
      type: 'generated',
      value: generatedValue(signer, 'paraph'),
      page,
      width,
      height,
      x: Math.max(0, size.width - width - PARAPH_MARGIN),
      y: Math.max(0, size.height - height - PARAPH_MARGIN),
      options: {
        minWidth: 25,
        minHeight: 25,
        defaultWidth: width,
        defaultHeight: height,
        keepRatio: true,
      },
    };
  });
}
