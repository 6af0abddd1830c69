import { BUY_CREDITS_MAX, BUY_CREDITS_MIN, vatCents } from '@paraaf/contract';

export interface PurchasePrice {
  /** Euros, as the API gives prices (excl. VAT). */
  pricePerCredit: number;
  totalExcl: number;
  vat: number;
  totalIncl: number;
}

/**
 * What buying `amount` credits costs, computed the way the server invoices it: amount × the
 * plan's price per credit in whole cents, 21% VAT on that total rounded half-up. Null while the
 * amount is not a whole number from 1 to 2500.
 */
export function purchasePrice(amount: unknown, pricePerCredit: number): PurchasePrice | null {
  if (typeof amount !== 'number' || !Number.isInteger(amount)) return null;
  if (amount < BUY_CREDITS_MIN || amount > BUY_CREDITS_MAX) return null;
  const unitCents = Math.round(pricePerCredit * 100);
  const exclCents = unitCents * amount;
  const vat = vatCents(exclCents);
  return {
    pricePerCredit: unitCents / 100,
    totalExcl: exclCents / 100,
    vat: vat / 100,
    totalIncl: (exclCents + vat) / 100,
  };
}

/** A month plan's first payment (its monthly price incl. VAT), as the mandate payment charges. */
export function monthlyPriceInclVat(pricePerMonth: number): number {
  const cents = Math.round(pricePerMonth * 100);
  return (cents + vatCents(cents)) / 100;
}
