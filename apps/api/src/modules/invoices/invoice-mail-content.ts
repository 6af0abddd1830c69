import { endSentence } from '@paraaf/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { InvoiceMailBody } from '../../db/schema/index.ts';
import { renderLayout, type MailContent } from '../../lib/mail/layout.ts';
import { collectedByDirectDebit } from './invoice-document.ts';
import { formatEuros, formatInvoiceDate } from './invoice-amounts.ts';
import { PAYMENT_TERM_DAYS } from './invoice-pdf.ts';
import { findInvoice, type InvoiceRow } from './invoices.repository.ts';

/**
 * The invoice mail's subject and body rendered now from the rows, as the PDF is: the send-mail
 * job calls this when the mail leaves, so it says paid or open as the invoice is then.
 */
export async function renderInvoiceMail(db: DbOrTx, source: InvoiceMailBody): Promise<MailContent> {
  const invoice = await findInvoice(db, source.invoiceId);
  if (!invoice) throw new Error(`mail is about invoice ${source.invoiceId}, which does not exist`);
  return invoiceMail(invoice, source.name, await collectedByDirectDebit(db, invoice));
}

/** 'Factuur {nummer} van {verkoper}': the seller is the one stored with the invoice. */
export function invoiceMail(
  invoice: Pick<
    InvoiceRow,
    'invoiceNo' | 'invoiceDate' | 'debtorName' | 'totalInclCents' | 'state' | 'seller'
  >,
  name: string,
  directDebit = false,
): MailContent {
  const { seller } = invoice;
  const total = formatEuros(invoice.totalInclCents);
  return renderLayout({
    subject: `Factuur ${invoice.invoiceNo} van ${seller.name}`,
    paragraphs: [
      `Beste ${name},`,
      `In de bijlage vind je factuur ${invoice.invoiceNo} van ${formatInvoiceDate(invoice.invoiceDate)} voor ${endSentence(invoice.debtorName)}`,
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
