import type { AdminInvoice, Invoice } from '@paraaf/contract';
import type { InvoiceListRow } from './invoices.list.repository.ts';

const euros = (cents: number) => cents / 100;

/** An invoice as the API gives it (seed 001 §3): euros, lines in their order. */
export function toInvoiceDto({ invoice, company, lines }: InvoiceListRow): Invoice {
  return {
    id: invoice.id,
    invoice_no: invoice.invoiceNo,
    invoice_date: invoice.invoiceDate,
    debtor_name: invoice.debtorName,
    debtor_no: invoice.debtorNo,
    state: invoice.state,
    type: invoice.type,
    invoice_lines: lines.map((line) => ({
      id: line.id,
      description: line.description,
      value: euros(line.valueCents),
      amount: line.amount,
    })),
    total_excl: euros(invoice.totalExclCents),
    vat: euros(invoice.vatCents),
    total_incl: euros(invoice.totalInclCents),
    company,
  };
}

/** A back-office card: the invoice and the company's first user. */
export function toAdminInvoiceDto(row: InvoiceListRow): AdminInvoice {
  return { ...toInvoiceDto(row), first_user: row.firstUser };
}
