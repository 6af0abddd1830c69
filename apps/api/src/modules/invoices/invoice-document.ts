import type { InvoiceSeller } from '../../config/env.ts';
import type { DbOrTx } from '../../db/client.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { findInvoice, type InvoiceRow } from './invoices.repository.ts';

/** 'invoice 2026-00001.pdf': the file name of every invoice download and attachment. */
export function invoiceFileName(invoice: Pick<InvoiceRow, 'invoiceNo'>): string {
  return `invoice ${invoice.invoiceNo}.pdf`;
}

/**
 * The invoice's PDF rendered now from its rows (no file is stored: the rows are the invoice),
 * or null when there is no invoice with that id.
 */
export async function invoicePdf(
  db: DbOrTx,
  invoiceId: number,
  seller: InvoiceSeller,
): Promise<{ filename: string; content: Buffer } | null> {
  const invoice = await findInvoice(db, invoiceId);
  if (!invoice) return null;
  const pdf = await renderInvoicePdf(invoice, seller);
  return { filename: invoiceFileName(invoice), content: Buffer.from(pdf) };
}
