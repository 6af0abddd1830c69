import type { Tx } from '../../db/client.ts';
import type { Queue } from '../../lib/queue/queue.ts';
import { queueMail } from '../../lib/mail/outbox.ts';
import { invoiceFileName } from './invoice-document.ts';
import { renderInvoiceMail } from './invoice-mail-content.ts';
import { findInvoice } from './invoices.repository.ts';

export interface InvoiceMailInput {
  invoiceId: number;
  /** The address the invoice goes to (a company's first admin, or the one an admin typed). */
  to: string;
  /** The greeting's name. */
  name: string;
}

/**
 * Queues the mail of an invoice in the caller's transaction: 'Factuur {nummer} van {verkoper}',
 * with the PDF attached, from the seller stored with the invoice. The send-mail job renders the
 * PDF and the mail's text again from the rows when the mail leaves, so no file is stored and
 * both say paid or open as the invoice is then (the text written here is what the outbox shows
 * until then).
 */
export async function queueInvoiceMail(
  tx: Tx,
  queue: Queue,
  { invoiceId, to, name }: InvoiceMailInput,
): Promise<void> {
  const invoice = await findInvoice(tx, invoiceId);
  if (!invoice) throw new Error(`no invoice ${invoiceId} to mail`);
  const source = { kind: 'invoice', invoiceId, name } as const;
  await queueMail(tx, queue, to, await renderInvoiceMail(tx, source), invoice.seller.name, {
    replyTo: invoice.seller.email,
    attachments: [{ kind: 'invoice', invoiceId, filename: invoiceFileName(invoice) }],
    bodySource: source,
  });
}
