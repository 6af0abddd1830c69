import { describe, expect, it } from 'vitest';
import { choosePages, paraphMarkers, parsePageList, PARAPH_MARGIN } from './pages';

describe('parsePageList', () => {
  it('ignores invalid parts', () => {
    expect(parsePageList('abc, 3x, -, 1-, -4, 2.5, , 4', 10)).toEqual([4]);
  });

  it('returns nothing for an empty input or a document without pages', () => {
    expect(parsePageList('', 10)).toEqual([]);
    expect(parsePageList('1-5', 0)).toEqual([]);
  });

  it('clamps numbers and ranges to 1..pageCount', () => {
    expect(parsePageList('0, 25', 20)).toEqual([1, 20]);
    expect(parsePageList('18-30', 20)).toEqual([18, 19, 20]);
  });

  it('parses the seed example, sorted and without doubles', () => {
    expect(parsePageList('14-18, 1-5, 10, 3, 10', 20)).toEqual([
      1, 2, 3, 4, 5, 10, 14, 15, 16, 17, 18,
    ]);
    expect(parsePageList(' 1 - 3 ;7', 20)).toEqual([1, 2, 3, 7]);
  });

  it('reads a reversed range as ascending', () => {
    expect(parsePageList('5-3', 10)).toEqual([3, 4, 5]);
  });
});

describe('choosePages', () => {
  it('gives all, even, odd or custom pages', () => {
    expect(choosePages('all', 5)).toEqual([1, 2, 3, 4, 5]);
    expect(choosePages('even', 5)).toEqual([2, 4]);
    expect(choosePages('odd', 5)).toEqual([1, 3, 5]);
    expect(choosePages('custom', 5, '2, 9')).toEqual([2, 5]);
  });
});

describe('paraphMarkers', () => {
  it('places a 50x50 paraph bottom-right on each page, keeping its ratio', () => {
    const out = paraphMarkers(2, [1, 3], (p) =>
      p === 3 ? { width: 842, height: 595 } : { width: 595, height: 842 },
    );
    expect(out).toHaveLength(2);
    expect(out[0]).toMatchObject({
      page: 1,
      type: 'generated',
      value: 'signer.2.paraph',
      width: 50,
      height: 50,
      x: 595 - 50 - PARAPH_MARGIN,
      y: 842 - 50 - PARAPH_MARGIN,
      options: { keepRatio: true },
    });
    expect(out[1]).toMatchObject({
      page: 3,
      x: 842 - 50 - PARAPH_MARGIN,
      y: 595 - 50 - PARAPH_MARGIN,
    });
  });
});
