import { describe, expect, it } from 'vitest';
import { monthlyPriceInclVat, purchasePrice } from './price';

describe('purchasePrice', () => {
  it('is amount × price per credit excl. VAT, plus 21% VAT', () => {
    expect(purchasePrice(50, 1)).toEqual({
      pricePerCredit: 1,
      totalExcl: 50,
      vat: 10.5,
      totalIncl: 60.5,
    });
    expect(purchasePrice(2500, 0.8)).toEqual({
      pricePerCredit: 0.8,
      totalExcl: 2000,
      vat: 420,
      totalIncl: 2420,
    });
  });

  it('rounds the VAT half a cent up, on the total in whole cents (as the invoice does)', () => {
    // 3 × € 0,15 = € 0,45; 21% of 45 cents is 9,45 cents → 9 cents.
    expect(purchasePrice(3, 0.15)).toMatchObject({ totalExcl: 0.45, vat: 0.09, totalIncl: 0.54 });
    // 1 × € 0,50: 10,5 cents → 11 cents (half up, not to even).
    expect(purchasePrice(1, 0.5)).toMatchObject({ vat: 0.11, totalIncl: 0.61 });
    // A price with a float tail (0.1 + 0.2) still counts as 30 cents.
    expect(purchasePrice(10, 0.1 + 0.2)).toMatchObject({ totalExcl: 3, vat: 0.63 });
  });

  it('gives nothing outside 1–2500 or for a non-whole or empty amount', () => {
    expect(purchasePrice(0, 1)).toBeNull();
    expect(purchasePrice(2501, 1)).toBeNull();
    expect(purchasePrice(1.5, 1)).toBeNull();
    expect(purchasePrice('', 1)).toBeNull();
    expect(purchasePrice(undefined, 1)).toBeNull();
    expect(purchasePrice(1, 1)).not.toBeNull();
    expect(purchasePrice(2500, 1)).not.toBeNull();
  });
});

describe('monthlyPriceInclVat', () => {
  it('adds 21% VAT to a monthly price', () => {
    expect(monthlyPriceInclVat(49)).toBe(59.29);
    expect(monthlyPriceInclVat(149)).toBe(180.29);
  });
});
