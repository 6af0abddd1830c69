import { vatCents as vatOf } from '@paraaf/contract';

/** VAT on every invoice (seed 001 §9): 21%, from the contract. */
export { VAT_PERCENT } from '@paraaf/contract';

export interface InvoiceLineInput {
  description: string;
  /** Price per unit in cents, excl. VAT. */
  valueCents: number;
  /** Quantity. */
  amount: number;
}

export interface InvoiceTotals {
  totalExclCents: number;
  vatCents: number;
  totalInclCents: number;
}

/**
 * Integer cents throughout: the lines' sum excl. VAT, 21% VAT on that total rounded half-up
 * (half a cent away from zero), and the sum of both.
 */
export function invoiceTotals(lines: readonly InvoiceLineInput[]): InvoiceTotals {
  for (const line of lines) {
    if (!Number.isSafeInteger(line.valueCents) || !Number.isSafeInteger(line.amount))
      throw new Error('invoice line value and amount must be whole numbers (cents, quantity)');
  }
  const totalExclCents = lines.reduce((sum, line) => sum + line.valueCents * line.amount, 0);
  const vatCents = vatOf(totalExclCents);
  return { totalExclCents, vatCents, totalInclCents: totalExclCents + vatCents };
}

/** '€ 1.234,56': euros with a decimal comma and dots between thousands. */
export function formatEuros(cents: number): string {
  const abs = Math.abs(cents);
  const euros = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const rest = String(abs % 100).padStart(2, '0');
  return `€ ${cents < 0 ? '-' : ''}${euros},${rest}`;
}

/** '2026-11-24' → '24-11-2026'. */
export function formatInvoiceDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}-${month}-${year}`;
}
