import { eq } from 'drizzle-orm';
import {
  invoiceMessages,
  type AdminInvoice,
  type AllInvoicesQuery,
  type Paginated,
  type UpdateInvoiceBody,
} from '@paraaf/contract';
import { invoices } from '../../db/schema/index.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { paginated } from '../../lib/pagination.ts';
import { toAdminInvoiceDto } from './invoice-dto.ts';
import { invoicePdf } from './invoice-document.ts';
import { findInvoiceRow, listAllInvoices } from './invoices.list.repository.ts';

/** GET /api/all-invoices: every company's invoices for a platform admin. */
export async function listAll(
  ctx: AuthedCtx,
  query: AllInvoicesQuery,
): Promise<Paginated<AdminInvoice>> {
  const { rows, total } = await listAllInvoices(ctx.db, query);
  return paginated(rows.map(toAdminInvoiceDto), total, query);
}

/**
 * POST /api/all-invoices/{id}: a platform admin sets a manual invoice open or paid (paid_at
 * follows). An automatic invoice's state belongs to its payment: 422.
 */
export async function updateInvoiceState(
  ctx: AuthedCtx,
  id: number,
  body: UpdateInvoiceBody,
): Promise<AdminInvoice> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
    if (!row) throw new NotFoundError();
    if (row.type !== 'manual') throw ValidationError.field('state', invoiceMessages.onlyManual);
    if (row.state === body.state) return;
    await tx
      .update(invoices)
      .set({ state: body.state, paidAt: body.state === 'paid' ? ctx.now() : null })
      .where(eq(invoices.id, id));
  });
  return toAdminInvoiceDto((await findInvoiceRow(ctx.db, id))!);
}

/** GET /api/all-invoices/{id}/download */
export async function anyInvoicePdf(ctx: AuthedCtx, id: number) {
  const pdf = await invoicePdf(ctx.db, id);
  if (!pdf) throw new NotFoundError();
  return pdf;
}
