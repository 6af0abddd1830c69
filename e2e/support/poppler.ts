/** Reads a PDF with the poppler tools (pdftotext, pdfimages, pdfsig), as a reader would. */
import { execFileSync, spawnSync } from 'node:child_process';

export interface WordBox {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** The words on one page with their boxes in PDF points, origin top-left (`pdftotext -bbox`). */
export function wordsOnPage(file: string, page: number): WordBox[] {
  const html = execFileSync(
    'pdftotext',
    ['-bbox', '-f', String(page), '-l', String(page), file, '-'],
    { encoding: 'utf8' },
  );
  const words: WordBox[] = [];
  const re =
    /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
  for (const m of html.matchAll(re)) {
    words.push({
      xMin: Number(m[1]),
      yMin: Number(m[2]),
      xMax: Number(m[3]),
      yMax: Number(m[4]),
      text: m[5]!.replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&gt;', '>'),
    });
  }
  return words;
}

/** How many images (not soft masks) each page draws, from `pdfimages -list`: page → count. */
export function imagesPerPage(file: string): Map<number, number> {
  const out = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' });
  const counts = new Map<number, number>();
  for (const line of out.split('\n').slice(2)) {
    const cols = line.trim().split(/\s+/);
    if (cols.length < 3 || cols[2] !== 'image') continue;
    const page = Number(cols[0]);
    counts.set(page, (counts.get(page) ?? 0) + 1);
  }
  return counts;
}

/** `pdfsig`'s report (it exits non-zero for some valid files, so the output is what counts). */
export function signatureReport(file: string): string {
  const run = spawnSync('pdfsig', [file], { encoding: 'utf8' });
  return `${run.stdout}${run.stderr}`;
}
