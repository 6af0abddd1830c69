import { describe, expect, it } from 'vitest';
import { degrees, PDFDocument, PDFName, PDFNumber, type PDFPage } from 'pdf-lib';
import { shownPage } from '../../../test/pdf-pixels.ts';
import { fillAndFlatten, listFormFields } from './acroform.ts';
import { shownToPage, type Box } from './stamp.ts';

type Rotation = 0 | 90 | 180 | 270;
type Rect = Omit<Box, 'page'>;

/** A box on the page as shown (top-left origin) as the widget rectangle in the page's own space. */
function pageRect(page: PDFPage, rotation: Rotation, box: Rect) {
  const crop = page.getCropBox();
  const shownHeight = rotation === 90 || rotation === 270 ? crop.width : crop.height;
  const [a, b, c, d, e, f] = shownToPage(crop, rotation);
  const corners = [
    [box.x, shownHeight - box.y - box.height],
    [box.x + box.width, shownHeight - box.y],
  ].map(([x, y]) => [a * x! + c * y! + e, b * x! + d * y! + f] as const);
  const xs = corners.map((p) => p[0]);
  const ys = corners.map((p) => p[1]);
  return {
    x: Math.min(...xs),
    y: Math.min(...ys),
    width: Math.max(...xs) - Math.min(...xs),
    height: Math.max(...ys) - Math.min(...ys),
  };
}

const inset = (b: Rect, d: number) => ({
  x: b.x + d,
  y: b.y + d,
  width: b.width - 2 * d,
  height: b.height - 2 * d,
});

// Near the shown top-left corner: nowhere else on the page as shown.
const nameBox: Rect = { x: 40, y: 30, width: 180, height: 40 };
const tickBox: Rect = { x: 40, y: 100, width: 40, height: 40 };
const stampBox: Rect = { x: 40, y: 180, width: 60, height: 60 };

/**
 * A form as a PDF editor makes it on a turned page: the widgets turned with the page (/MK /R), and
 * one widget whose ready-made appearance is drawn upright through its own /Matrix, a black square
 * that is not filled in (so it is flattened as it is).
 */
async function turnedForm(rotation: Rotation) {
  const doc = await PDFDocument.create();
  doc.addPage([842, 595]);
  const page = doc.addPage([500, 700]);
  page.setRotation(degrees(rotation));
  const form = doc.getForm();
  const name = form.createTextField('naam');
  name.addToPage(page, { ...pageRect(page, rotation, nameBox), borderWidth: 0 });
  const tick = form.createCheckBox('akkoord');
  tick.addToPage(page, { ...pageRect(page, rotation, tickBox), borderWidth: 0 });
  for (const field of [name, tick])
    field.acroField.getWidgets()[0]!.getOrCreateAppearanceCharacteristics().setRotation(rotation);
  const stamp = form.createTextField('stempel');
  const rect = pageRect(page, rotation, stampBox);
  stamp.addToPage(page, { ...rect, borderWidth: 0 });
  stamp.enableReadOnly();
  // The square in the appearance's own space, turned onto the rectangle by its /Matrix.
  const turned = rotation === 90 || rotation === 270;
  const [w, h] = turned ? [rect.height, rect.width] : [rect.width, rect.height];
  const matrix = { 0: [1, 0, 0, 1], 90: [0, 1, -1, 0], 180: [-1, 0, 0, -1], 270: [0, -1, 1, 0] }[
    rotation
  ];
  const appearance = doc.context.stream(`0 g 0 0 ${w} ${h} re f`, {
    Type: 'XObject',
    Subtype: 'Form',
    BBox: [0, 0, w, h],
    Matrix: [...matrix, 0, 0].map((n) => PDFNumber.of(n)),
  });
  const widget = stamp.acroField.getWidgets()[0]!;
  widget.dict.set(PDFName.of('AP'), doc.context.obj({ N: doc.context.register(appearance) }));
  return doc.save();
}

describe('form fields on turned pages (/Rotate) and pages of other sizes', () => {
  it.each([0, 90, 180, 270] as const)(
    'lists each widget where it is on the page as shown, and flattens it there, /Rotate %i',
    async (rotation) => {
      const bytes = await turnedForm(rotation);
      const turned = rotation === 90 || rotation === 270;
      const shown = turned ? { width: 700, height: 500 } : { width: 500, height: 700 };

      // The signer's page puts its inputs at these boxes over the page as shown.
      const fields = await listFormFields(bytes);
      const box = (name: string) => {
        const { page, x, y, width, height } = fields.find((f) => f.name === name)!.widgets[0]!;
        return { page, x, y, width, height };
      };
      expect(box('naam')).toEqual({ page: 2, ...nameBox });
      expect(box('akkoord')).toEqual({ page: 2, ...tickBox });
      expect(box('stempel')).toEqual({ page: 2, ...stampBox });

      const doc = await PDFDocument.load(bytes);
      await fillAndFlatten(
        doc,
        new Map([
          ['naam', 'MMMMMMMMMMMMMMMMMMMM'],
          ['akkoord', 'true'],
        ]),
      );
      const out = shownPage(await doc.save(), 2);
      expect({ width: out.width, height: out.height }).toEqual(shown);
      // Ink in each box; the box mirrored across the shown page stays white.
      for (const b of [nameBox, tickBox]) {
        const at = JSON.stringify(b);
        expect(out.mean(inset(b, 2)), at).toBeLessThan(250);
        expect(out.mean({ ...b, x: shown.width - b.x - b.width }), at).toBeGreaterThan(254);
        expect(out.mean({ ...b, y: shown.height - b.y - b.height }), at).toBeGreaterThan(254);
      }
      // The ready-made appearance fills its box exactly.
      expect(out.mean(inset(stampBox, 2))).toBeLessThan(5);
      expect(out.mean({ ...stampBox, x: stampBox.x + stampBox.width + 2 })).toBeGreaterThan(254);
      expect(out.mean({ ...stampBox, y: stampBox.y + stampBox.height + 2 })).toBeGreaterThan(254);
    },
  );
});
