import type { Invoice, InvoiceListQuery, Paginated } from '@paraaf/contract';
import type { AuthedCtx } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { paginated } from '../../lib/pagination.ts';
import { toInvoiceDto } from './invoice-dto.ts';
import { invoicePdf } from './invoice-document.ts';
import { listCompanyInvoices } from './invoices.list.repository.ts';
import { findInvoice } from './invoices.repository.ts';

/** GET /api/invoices: the caller's company's invoices. */
export async function listInvoices(
  ctx: AuthedCtx,
  query: InvoiceListQuery,
): Promise<Paginated<Invoice>> {
  const { rows, total } = await listCompanyInvoices(ctx.db, ctx.auth.user.companyId, query);
  return paginated(rows.map(toInvoiceDto), total, query);
}

/** GET /api/invoices/{id}/download: the PDF of one of the company's invoices; any other is 404. */
export async function companyInvoicePdf(ctx: AuthedCtx, id: number) {
  const invoice = await findInvoice(ctx.db, id);
  if (!invoice || invoice.companyId !== ctx.auth.user.companyId) throw new NotFoundError();
  return (await invoicePdf(ctx.db, id))!;
}
