import type { InvoiceSeller } from '../../config/env.ts';
import type { DbOrTx } from '../../db/client.ts';
import { dutchDate } from '../../lib/dutch-date.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { invoiceTotals, type InvoiceLineInput } from './invoice-amounts.ts';
import {
  findInvoiceByCause,
  insertInvoice,
  lockCause,
  lockCompany,
  setDebtorNo,
  takeNextNumber,
  type InvoiceWithLines,
} from './invoices.repository.ts';

export interface CreateInvoiceInput {
  companyId: number;
  /** One invoice per cause ('payment:tr_x', 'period:12:2026-11'): a repeat returns the first. */
  causeKey: string;
  type: 'manual' | 'automatic';
  state: 'open' | 'paid';
  lines: InvoiceLineInput[];
  /** The seller printed on it (`deps.config.invoiceSeller`), stored with the invoice. */
  seller: InvoiceSeller;
  /** 'YYYY-MM-DD'; defaults to today in the Netherlands. The number series is this date's year. */
  invoiceDate?: string;
  now?: Date;
}

/**
 * Creates an invoice inside the caller's transaction (`tx`), so the invoice commits or rolls back
 * with whatever caused it (a ledger row, a payment). The number is the next of the invoice
 * year's gapless series; the company gets its debtor number with its first invoice.
 */
export async function createInvoice(
  tx: DbOrTx,
  input: CreateInvoiceInput,
): Promise<InvoiceWithLines> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.invoiceDate ?? '2000-01-01'))
    throw new Error(`invoice date must be YYYY-MM-DD, not ${input.invoiceDate}`);
  if (input.lines.length === 0) throw new Error('an invoice needs at least one line');
  // Locks in one order, company → cause → counters, the order a caller that booked credits on
  // the company row first (same transaction) takes them too: no deadlock between the two.
  const company = await lockCompany(tx, input.companyId);
  if (!company) throw new NotFoundError();
  await lockCause(tx, input.causeKey);
  const existing = await findInvoiceByCause(tx, input.causeKey);
  if (existing) return existing;

  let debtorNo = company.debtorNo;
  if (debtorNo === null) {
    debtorNo = await takeNextNumber(tx, 'debtor');
    await setDebtorNo(tx, company.id, debtorNo);
  }

  const now = input.now ?? new Date();
  const invoiceDate = input.invoiceDate ?? dutchDate(now);
  const year = Number(invoiceDate.slice(0, 4));
  const sequence = await takeNextNumber(tx, `invoice:${year}`);
  const totals = invoiceTotals(input.lines);

  return insertInvoice(
    tx,
    {
      companyId: company.id,
      invoiceNo: invoiceNumber(year, sequence),
      year,
      sequence,
      invoiceDate,
      debtorNo,
      debtorName: company.name,
      buyer: {
        name: company.name,
        tnv: company.tnv,
        street: company.street,
        housenumber: company.housenumber,
        housenumberAddition: company.housenumberAddition,
        postal: company.postal,
        city: company.city,
      },
      seller: { ...input.seller },
      state: input.state,
      type: input.type,
      causeKey: input.causeKey,
      ...totals,
      paidAt: input.state === 'paid' ? now : null,
    },
    input.lines.map((line, position) => ({ ...line, position })),
  );
}

/** '2026-00001'. */
export function invoiceNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(5, '0')}`;
}
