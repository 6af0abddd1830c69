import type { InvoiceSeller } from '../../config/env.ts';
import type { Tx } from '../../db/client.ts';
import type { Queue } from '../../jobs/queue.ts';
import { renderLayout, type MailContent } from '../../lib/mail/layout.ts';
import { queueMail } from '../../lib/mail/outbox.ts';
import { collectedByDirectDebit, invoiceFileName } from './invoice-document.ts';
import { formatEuros, formatInvoiceDate } from './invoice-amounts.ts';
import { PAYMENT_TERM_DAYS } from './invoice-pdf.ts';
import { findInvoice, type InvoiceRow } from './invoices.repository.ts';

export interface InvoiceMailInput {
  invoiceId: number;
  /** The address the invoice goes to (a company's first admin, or the one an admin typed). */
  to: string;
  /** The greeting's name. */
  name: string;
}

/**
 * Queues the mail of an invoice in the caller's transaction: 'Factuur {nummer} van {verkoper}',
 * with the PDF attached. The PDF is rendered from the invoice rows when the mail leaves (the
 * send-mail job), so no file is stored. `seller` is the platform's invoice seller
 * (`deps.config.invoiceSeller`).
 */
export async function queueInvoiceMail(
  tx: Tx,
  queue: Queue,
  { invoiceId, to, name }: InvoiceMailInput,
  seller: InvoiceSeller,
): Promise<void> {
  const invoice = await findInvoice(tx, invoiceId);
  if (!invoice) throw new Error(`no invoice ${invoiceId} to mail`);
  const directDebit = await collectedByDirectDebit(tx, invoice);
  await queueMail(tx, queue, to, invoiceMail(invoice, name, seller, directDebit), seller.name, {
    replyTo: seller.email,
    attachments: [{ kind: 'invoice', invoiceId, filename: invoiceFileName(invoice) }],
  });
}

export function invoiceMail(
  invoice: InvoiceRow,
  name: string,
  seller: InvoiceSeller,
  directDebit = false,
): MailContent {
  const total = formatEuros(invoice.totalInclCents);
  return renderLayout({
    subject: `Factuur ${invoice.invoiceNo} van ${seller.name}`,
    paragraphs: [
      `Beste ${name},`,
      `In de bijlage vind je factuur ${invoice.invoiceNo} van ${formatInvoiceDate(invoice.invoiceDate)} voor ${invoice.debtorName}.`,
      `Totaal: ${total} inclusief btw.`,
      invoice.state === 'paid'
        ? 'Deze factuur is al betaald; je hoeft niets meer te doen.'
        : directDebit
          ? `Deze factuur is te betalen binnen ${PAYMENT_TERM_DAYS} dagen en wordt automatisch afgeschreven via je machtiging; je hoeft niets over te maken.`
          : `Deze factuur is te betalen binnen ${PAYMENT_TERM_DAYS} dagen: maak het bedrag over op ${seller.iban} t.n.v. ${seller.name}, onder vermelding van factuurnummer ${invoice.invoiceNo}.`,
    ],
    footer: `Vragen over deze factuur? Mail naar ${seller.email}.`,
  });
}
