import { describe, expect, it } from 'vitest';
import { degrees, PDFDocument } from 'pdf-lib';
import { makePng } from '../../../test/fixtures/documents.ts';
import { shownPage } from '../../../test/pdf-pixels.ts';
import { stampPdf, type Box } from './stamp.ts';

const inset = (b: Box, d: number) => ({
  x: b.x + d,
  y: b.y + d,
  width: b.width - 2 * d,
  height: b.height - 2 * d,
});

describe('stamping on turned pages (/Rotate) and pages of other sizes', () => {
  it.each([0, 90, 180, 270])(
    'puts a signature where the box is on the page as shown, /Rotate %i',
    async (rotate) => {
      const doc = await PDFDocument.create();
      // A portrait page, an A4 landscape page before it: mixed sizes in one file.
      doc.addPage([842, 595]);
      const page = doc.addPage([500, 700]);
      page.setRotation(degrees(rotate));
      const turned = rotate === 90 || rotate === 270;
      const shown = turned ? { width: 700, height: 500 } : { width: 500, height: 700 };
      // Near the shown top-left corner: nowhere else on the page as shown.
      const box: Box = { page: 2, x: 40, y: 30, width: 200, height: 100 };
      await stampPdf(
        doc,
        [{ kind: 'image', image: 'sig', ...box }],
        new Map([['sig', makePng(20, 10)]]),
      );
      const out = shownPage(await doc.save(), 2);
      expect({ width: out.width, height: out.height }).toEqual(shown);
      // The grey signature image fills the box; the mirrored corners stay white.
      expect(out.mean(inset(box, 4))).toBeLessThan(160);
      expect(out.mean({ ...box, x: shown.width - box.x - box.width })).toBeGreaterThan(250);
      expect(out.mean({ ...box, y: shown.height - box.y - box.height })).toBeGreaterThan(250);
    },
  );
});
