import {
  concatTransformationMatrix,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  StandardFonts,
  rgb,
  type PDFFont,
  type PDFImage,
  type PDFPage,
} from 'pdf-lib';
import { MIN_FONT_SIZE } from '@paraaf/contract';

/**
 * Stamping a signed document: values, dates, check marks and the signers' drawn images, placed
 * in marker boxes. Boxes are PDF points measured from the page's TOP-left (as the marker editor
 * and the signer API write them); pdf-lib draws from the bottom-left.
 */
export interface Box {
  /** 1-based. */
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export type StampItem =
  /** `fontSize`: the marker's own size in points (never below MIN_FONT_SIZE); else from the box. */
  | ({ kind: 'text'; text: string; fontSize?: number } & Box)
  | ({ kind: 'check' } & Box)
  /** A radio or checkbox group: each option with its box, ticked where chosen. */
  | ({ kind: 'choices'; options: string[]; chosen: string[] } & Box)
  /** `image` is a key into the images map given to stampPdf (each PNG is embedded once). */
  | ({ kind: 'image'; image: string } & Box);

const INK = rgb(0.05, 0.1, 0.3);

/** Text a standard (WinAnsi) font can draw: accents kept where it can, others become '?'. */
export function drawableText(font: PDFFont, text: string): string {
  const supported = charsetOf(font);
  let out = '';
  for (const ch of text.replace(/[\r\n\t]+/g, ' ')) {
    if (supported.has(ch.codePointAt(0)!)) out += ch;
    else {
      const plain = ch.normalize('NFD').replace(/\p{M}/gu, '');
      out += [...plain].every((c) => supported.has(c.codePointAt(0)!)) && plain ? plain : '?';
    }
  }
  return out;
}

const charsets = new WeakMap<PDFFont, Set<number>>();
function charsetOf(font: PDFFont): Set<number> {
  let set = charsets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    charsets.set(font, set);
  }
  return set;
}

/** The box in pdf-lib's coordinates (bottom-left origin), honouring a page's crop box offset. */
export function toPdfLib(
  page: PDFPage | ReturnType<PDFPage['getCropBox']>,
  box: Box,
): { x: number; y: number } {
  const crop = 'getCropBox' in page ? page.getCropBox() : page;
  return { x: crop.x + box.x, y: crop.y + crop.height - box.y - box.height };
}

type Crop = ReturnType<PDFPage['getCropBox']>;

/** A page's /Rotate as 0, 90, 180 or 270. */
export function pageRotation(page: PDFPage): 0 | 90 | 180 | 270 {
  const angle = (((Math.round(page.getRotation().angle / 90) * 90) % 360) + 360) % 360;
  return angle as 0 | 90 | 180 | 270;
}

/**
 * The matrix from the page as it is shown (turned by /Rotate; origin bottom-left, x right, y up)
 * to the page's own space: markers are measured on the page as the signer and the sender see it,
 * so on a turned page the stamp is drawn in this frame and comes out upright where the box was.
 */
export function shownToPage(
  crop: Crop,
  rotation: 0 | 90 | 180 | 270,
): [number, number, number, number, number, number] {
  const { x, y, width: w, height: h } = crop;
  switch (rotation) {
    case 90:
      return [0, 1, -1, 0, x + w, y];
    case 180:
      return [-1, 0, 0, -1, x + w, y + h];
    case 270:
      return [0, -1, 1, 0, x, y + h];
    default:
      return [1, 0, 0, 1, x, y];
  }
}

/**
 * A rectangle in the page's own space (bottom-left origin, as a widget's /Rect) as a box on the
 * page as shown: turned by /Rotate, PDF points from its top-left corner, relative to the crop box
 * (the markers' convention). The inverse of drawing through `shownToPage`.
 */
export function pageRectToShown(
  crop: Crop,
  rotation: 0 | 90 | 180 | 270,
  rect: { x: number; y: number; width: number; height: number },
): { x: number; y: number; width: number; height: number } {
  const [a, b, c, d, e, f] = shownToPage(crop, rotation);
  // The matrix turns by a multiple of 90°: its inverse is its transpose.
  const corners = [
    [rect.x, rect.y],
    [rect.x + rect.width, rect.y + rect.height],
  ].map(([x, y]) => [a * (x! - e) + b * (y! - f), c * (x! - e) + d * (y! - f)] as const);
  const xs = corners.map((p) => p[0]);
  const ys = corners.map((p) => p[1]);
  const shownHeight = rotation === 90 || rotation === 270 ? crop.width : crop.height;
  return {
    x: Math.min(...xs),
    y: shownHeight - Math.max(...ys),
    width: Math.max(...xs) - Math.min(...xs),
    height: Math.max(...ys) - Math.min(...ys),
  };
}

/** Largest size of `w`×`h` that fits in the box keeping the aspect ratio, centred. */
export function fitInto(
  w: number,
  h: number,
  box: { x: number; y: number; width: number; height: number },
) {
  const scale = Math.min(box.width / w, box.height / h);
  const width = w * scale;
  const height = h * scale;
  return {
    x: box.x + (box.width - width) / 2,
    y: box.y + (box.height - height) / 2,
    width,
    height,
  };
}

/**
 * Draws one line of text in the box: at the marker's font size when it has one, else sized to the
 * box (at most 12 pt), shrinking until it fits but never below the minimum font size of 8 pt
 * (seed 000 §9); text that is still too wide wraps.
 */
export function drawTextInBox(
  page: PDFPage,
  font: PDFFont,
  text: string,
  at: { x: number; y: number; width: number; height: number },
  fontSize?: number,
): void {
  const value = drawableText(font, text);
  if (!value) return;
  let size = Math.max(MIN_FONT_SIZE, fontSize ?? Math.min(12, at.height * 0.7));
  while (size > MIN_FONT_SIZE && font.widthOfTextAtSize(value, size) > at.width) size -= 0.5;
  page.drawText(value, {
    x: at.x + 1,
    y: at.y + Math.max(1, (at.height - font.heightAtSize(size, { descender: false })) / 2),
    size,
    font,
    color: INK,
    maxWidth: Math.max(at.width - 1, 1),
  });
}

/** Largest option text in a group's stamp (points): a tall box spaces its rows, not its letters. */
const CHOICE_MAX_FONT = 11;

/**
 * A radio or checkbox group: one row per option (a box, ticked when chosen, and the option's
 * text), the rows spread evenly over the field's height (at most 22 pt apart); a box too low for that many rows of
 * readable text puts the options side by side; too small for either, the chosen options as text.
 */
export function drawChoices(
  page: PDFPage,
  font: PDFFont,
  options: string[],
  chosen: string[],
  at: { x: number; y: number; width: number; height: number },
): void {
  const n = options.length;
  const minRow = MIN_FONT_SIZE * 1.25;
  // Rows at most twice the largest text apart, from the top: a tall box keeps its options together.
  const row = Math.min(at.height / n, CHOICE_MAX_FONT * 2);
  const stacked = at.height / n >= minRow;
  const sideBySide = at.height >= minRow && at.width / n >= MIN_FONT_SIZE * 4;
  if (!stacked && !sideBySide) {
    drawTextInBox(page, font, options.filter((o) => chosen.includes(o)).join(', '), at);
    return;
  }
  options.forEach((option, i) => {
    const cell = stacked
      ? { x: at.x, y: at.y + at.height - (i + 1) * row, width: at.width, height: row }
      : { x: at.x + (i * at.width) / n, y: at.y, width: at.width / n, height: at.height };
    const size = Math.max(MIN_FONT_SIZE, Math.min(CHOICE_MAX_FONT, cell.height * 0.6));
    const square = {
      x: cell.x + 1,
      y: cell.y + (cell.height - size) / 2,
      width: size,
      height: size,
    };
    page.drawRectangle({ ...square, borderColor: INK, borderWidth: 0.6 });
    if (chosen.includes(option)) drawCheck(page, square);
    const gap = size * 0.5;
    const textX = square.x + size + gap;
    drawTextInBox(
      page,
      font,
      option,
      {
        x: textX,
        y: cell.y,
        width: Math.max(1, cell.x + cell.width - textX - gap),
        height: cell.height,
      },
      size,
    );
  });
}

/** A check mark drawn as two strokes (standard fonts have no ✓ in WinAnsi). */
export function drawCheck(
  page: PDFPage,
  at: { x: number; y: number; width: number; height: number },
): void {
  const s = Math.min(at.width, at.height);
  const x = at.x + (at.width - s) / 2;
  const y = at.y + (at.height - s) / 2;
  const thickness = Math.max(1, s / 8);
  page.drawLine({
    start: { x: x + s * 0.15, y: y + s * 0.5 },
    end: { x: x + s * 0.4, y: y + s * 0.2 },
    thickness,
    color: INK,
  });
  page.drawLine({
    start: { x: x + s * 0.4, y: y + s * 0.2 },
    end: { x: x + s * 0.88, y: y + s * 0.85 },
    thickness,
    color: INK,
  });
}

/** Stamps every item onto the loaded document. Items on pages that do not exist are skipped. */
export async function stampPdf(
  doc: PDFDocument,
  items: StampItem[],
  images: Map<string, Buffer>,
): Promise<void> {
  if (items.length === 0) return;
  const pages = doc.getPages();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const embedded = new Map<string, PDFImage>();
  // A page's crop box and rotation, looked up once (pdf-lib walks the page tree on every call).
  const frames = new Map<PDFPage, { crop: Crop; rotation: 0 | 90 | 180 | 270 }>();
  for (const item of items) {
    const page = pages[item.page - 1];
    if (!page) continue;
    let frame = frames.get(page);
    if (!frame)
      frames.set(page, (frame = { crop: page.getCropBox(), rotation: pageRotation(page) }));
    const { crop, rotation } = frame;
    let image: PDFImage | undefined;
    if (item.kind === 'image') {
      image = embedded.get(item.image);
      if (!image) {
        const png = images.get(item.image);
        if (!png) continue;
        image = await doc.embedPng(png);
        embedded.set(item.image, image);
      }
    }
    // Unturned pages keep the plain coordinates; a turned page draws in the frame as shown.
    const shownHeight = rotation === 90 || rotation === 270 ? crop.width : crop.height;
    const at =
      rotation === 0
        ? { ...toPdfLib(crop, item), width: item.width, height: item.height }
        : {
            x: item.x,
            y: shownHeight - item.y - item.height,
            width: item.width,
            height: item.height,
          };
    if (rotation !== 0) {
      page.pushOperators(
        pushGraphicsState(),
        concatTransformationMatrix(...shownToPage(crop, rotation)),
      );
    }
    if (item.kind === 'text') drawTextInBox(page, font, item.text, at, item.fontSize);
    else if (item.kind === 'check') drawCheck(page, at);
    else if (item.kind === 'choices') drawChoices(page, font, item.options, item.chosen, at);
    else if (image) page.drawImage(image, fitInto(image.width, image.height, at));
    if (rotation !== 0) page.pushOperators(popGraphicsState());
  }
}
