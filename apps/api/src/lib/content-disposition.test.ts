import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition.ts';

describe('contentDisposition', () => {
  it('gives a plain name as it is, in both forms', () => {
    expect(contentDisposition('inline', 'huur.pdf')).toBe(
      `inline; filename="huur.pdf"; filename*=UTF-8''huur.pdf`,
    );
  });

  it('keeps non-ASCII in the UTF-8 form and replaces it in the fallback', () => {
    expect(contentDisposition('attachment', 'Huurcontract €.pdf')).toBe(
      `attachment; filename="Huurcontract _.pdf"; filename*=UTF-8''Huurcontract%20%E2%82%AC.pdf`,
    );
  });

  it('never lets a name break the header or name a folder', () => {
    const header = contentDisposition('attachment', 'a"b;c%\r\n/..\\d.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toContain(`filename="a_b_c____.._d.pdf"`);
    expect(header).toContain(`filename*=UTF-8''a%22b%3Bc%25___.._d.pdf`);
  });
});
