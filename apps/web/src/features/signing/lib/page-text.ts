/**
 * A page's text as pdf.js gives it (`page.getTextContent()`), turned into what the signer page
 * needs beyond the text layer: paragraphs in reading order for the reading view, and the box the
 * printed text takes on the page, to trim the paper's white margins off 'Paginabreedte' on a phone.
 */

export interface TextRun {
  str: string;
  /** [a, b, c, d, e, f]: e and f are where the run starts on the page, in PDF points. */
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
}

/** pdf.js's text items: runs, and marked-content markers that carry no text. */
export type TextItem = TextRun | { type: string };

const isRun = (item: TextItem): item is TextRun => 'str' in item;

/**
 * The page's lines joined into paragraphs, in the order the PDF gives its text (its reading
 * order). A run ending a line (`hasEOL`) or starting lower down begins a new line; a gap between
 * lines of more than about one and a half lines begins a new paragraph.
 */
export function readingParagraphs(items: TextItem[]): string[] {
  const paragraphs: string[] = [];
  let paragraph = '';
  let line = '';
  let lineY: number | null = null;
  let lineHeight = 0;
  let previousLineY: number | null = null;

  const endLine = () => {
    const text = line.replace(/\s+/g, ' ').trim();
    line = '';
    if (!text) return;
    if (
      previousLineY !== null &&
      lineY !== null &&
      Math.abs(previousLineY - lineY) > Math.max(lineHeight, 1) * 1.6
    ) {
      endParagraph();
    }
    paragraph = paragraph ? `${paragraph} ${text}` : text;
    previousLineY = lineY;
  };
  const endParagraph = () => {
    if (paragraph) paragraphs.push(paragraph);
    paragraph = '';
  };

  for (const item of items) {
    if (!isRun(item)) continue;
    const y = item.transform[5] ?? 0;
    const height = Math.abs(item.height) || Math.abs(item.transform[3] ?? 0);
    // A run clearly below (or above) the line so far starts a new line.
    if (lineY !== null && line.trim() && Math.abs(y - lineY) > Math.max(height, 1) * 0.5) endLine();
    if (!line.trim()) {
      lineY = y;
      lineHeight = height;
    }
    line += item.str;
    if (item.hasEOL) endLine();
  }
  endLine();
  endParagraph();
  return paragraphs;
}

/** Left edge and width of a part of the page, as fractions of the page's (shown) width. */
export interface PageSpan {
  left: number;
  width: number;
}

/**
 * The part of the page's width that its text covers, with a little margin, as fractions of the
 * width as shown; null when there is no text or trimming would gain little (text from edge to
 * edge). `toShown` turns a point of the page into the shown page (pdf.js's viewport at scale 1).
 */
export function printedSpan(
  items: TextItem[],
  shownWidth: number,
  toShown: (x: number, y: number) => [number, number],
  margin = 0.04,
): PageSpan | null {
  let min = Infinity;
  let max = -Infinity;
  for (const item of items) {
    if (!isRun(item) || !item.str.trim()) continue;
    const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform;
    // The run's four corners: along its own direction (a, b) by its width, across (c, d) by its
    // height, so text turned on the page counts as wide as it shows.
    const along = Math.hypot(a, b) || 1;
    const across = Math.hypot(c, d) || 1;
    const [ux, uy] = [(a / along) * item.width, (b / along) * item.width];
    const [vx, vy] = [(c / across) * item.height, (d / across) * item.height];
    const corners: [number, number][] = [
      [e, f],
      [e + ux, f + uy],
      [e + vx, f + vy],
      [e + ux + vx, f + uy + vy],
    ];
    for (const [x, y] of corners) {
      const [sx] = toShown(x, y);
      min = Math.min(min, sx);
      max = Math.max(max, sx);
    }
  }
  if (!(shownWidth > 0) || !Number.isFinite(min) || !Number.isFinite(max)) return null;
  const left = Math.max(0, min / shownWidth - margin);
  const right = Math.min(1, max / shownWidth + margin);
  const width = right - left;
  if (!(width > 0) || width > 0.9) return null;
  return { left, width };
}
