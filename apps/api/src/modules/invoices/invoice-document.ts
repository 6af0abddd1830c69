import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, paymentPlans } from '../../db/schema/index.ts';
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
): Promise<{ filename: string; content: Buffer } | null> {
  const invoice = await findInvoice(db, invoiceId);
  if (!invoice) return null;
  const pdf = await renderInvoicePdf(invoice, {
    directDebit: await collectedByDirectDebit(db, invoice),
  });
  return { filename: invoiceFileName(invoice), content: Buffer.from(pdf) };
}

/**
 * Whether an open invoice is collected from the company's mandate (a month plan's period
 * invoice: the billing job charges it as a recurring payment), so the mail and the PDF must not
 * ask for a bank transfer as well. Manual invoices are always paid by transfer.
 */
export async function collectedByDirectDebit(
  db: DbOrTx,
  invoice: Pick<InvoiceRow, 'companyId' | 'type'>,
): Promise<boolean> {
  if (invoice.type !== 'automatic') return false;
  const [row] = await db
    .select({ mandate: companies.paymentMandateId, planType: paymentPlans.type })
    .from(companies)
    .innerJoin(paymentPlans, eq(paymentPlans.id, companies.paymentPlanId))
    .where(eq(companies.id, invoice.companyId));
  return !!row?.mandate && row.planType === 'month';
}
