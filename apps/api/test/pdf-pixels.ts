import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Grey levels of a page as pdftoppm shows it (turned by /Rotate), one pixel per point. */
export function shownPage(pdf: Uint8Array, page: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-rotate-'));
  const file = path.join(dir, 'in.pdf');
  fs.writeFileSync(file, pdf);
  execFileSync('pdftoppm', [
    '-gray',
    '-r',
    '72',
    '-f',
    String(page),
    '-l',
    String(page),
    file,
    path.join(dir, 'p'),
  ]);
  const out = fs.readdirSync(dir).find((f) => f.endsWith('.pgm'))!;
  const data = fs.readFileSync(path.join(dir, out));
  fs.rmSync(dir, { recursive: true, force: true });
  // P5 <width> <height> 255 <bytes>
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(data.subarray(0, 40).toString('latin1'))!;
  const width = Number(header[1]);
  const height = Number(header[2]);
  const pixels = data.subarray(header[0].length);
  /** Mean grey (0 black, 255 white) of a box in points from the shown page's top-left. */
  const mean = (b: { x: number; y: number; width: number; height: number }) => {
    let sum = 0;
    let n = 0;
    for (let y = Math.round(b.y); y < Math.round(b.y + b.height); y++)
      for (let x = Math.round(b.x); x < Math.round(b.x + b.width); x++) {
        sum += pixels[y * width + x]!;
        n++;
      }
    return sum / n;
  };
  return { width, height, mean };
}
