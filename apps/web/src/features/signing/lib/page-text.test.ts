import { describe, expect, it } from 'vitest';
import { printedSpan, readingParagraphs, type TextRun } from './page-text';

const run = (
  str: string,
  x: number,
  y: number,
  hasEOL = false,
  width = str.length * 5,
): TextRun => ({
  str,
  transform: [10, 0, 0, 10, x, y],
  width,
  height: 10,
  hasEOL,
});

describe('readingParagraphs', () => {
  it('joins the runs of a line and the lines of a paragraph; a wide gap starts a new paragraph', () => {
    const items = [
      run('Artikel 1', 60, 780, true),
      { type: 'beginMarkedContent' },
      run('De huurder betaalt ', 60, 740),
      run('de huur vooruit.', 160, 740, true),
      run('Op de eerste dag.', 60, 728, true),
      run('Artikel 2', 60, 690, true),
    ];
    expect(readingParagraphs(items)).toEqual([
      'Artikel 1',
      'De huurder betaalt de huur vooruit. Op de eerste dag.',
      'Artikel 2',
    ]);
  });

  it('starts a new line for a run lower down without an end-of-line mark', () => {
    expect(readingParagraphs([run('Een', 60, 700), run('Twee', 60, 660)])).toEqual(['Een', 'Twee']);
    expect(readingParagraphs([])).toEqual([]);
  });
});

describe('printedSpan', () => {
  const upright = (x: number, y: number): [number, number] => [x, 842 - y];

  it('is the part of the width the text covers, with a small margin', () => {
    const span = printedSpan(
      [run('x', 60, 700, false, 340), run('y', 100, 600, false, 100)],
      595,
      upright,
    );
    expect(span!.left).toBeCloseTo(60 / 595 - 0.04, 3);
    expect(span!.width).toBeCloseTo(340 / 595 + 0.08, 3);
  });

  it('is null without text, or when the text runs from edge to edge', () => {
    expect(printedSpan([], 595, upright)).toBeNull();
    expect(printedSpan([run('   ', 60, 700)], 595, upright)).toBeNull();
    expect(printedSpan([run('x', 10, 700, false, 570)], 595, upright)).toBeNull();
  });

  it('measures text on a turned page as it shows', () => {
    // /Rotate 90: the page's y axis runs across the shown page.
    const turned = (x: number, y: number): [number, number] => [y, x];
    const span = printedSpan([run('x', 60, 300, false, 200)], 842, turned);
    // The run is 10 points high across, 200 along: shown it spans y 300..310.
    expect(span!.left).toBeCloseTo(300 / 842 - 0.04, 3);
    expect(span!.width).toBeCloseTo(10 / 842 + 0.08, 3);
  });
});
