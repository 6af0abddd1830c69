import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  invoiceMessages,
  type AddCreditsWithInvoiceAnswer,
  type AddCreditsWithInvoiceBody,
} from '@paraaf/contract';
import { companies, creditLedger } from '../../db/schema/index.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { idempotencyKeyOf } from '../../lib/idempotency.ts';
import { bookCredits } from '../companies/companies.repository.ts';
import { createInvoice } from './create-invoice.ts';
import { toAdminInvoiceDto } from './invoice-dto.ts';
import { queueInvoiceMail } from './invoice-mail.ts';
import { findInvoiceRow } from './invoices.list.repository.ts';

/**
 * The cause of one add-credits action: the client's `Idempotency-Key` (one per filled-in form),
 * or a fresh one when the header is absent. The generic mechanism (lib/idempotency.ts) replays a
 * retry's answer; the cause keeps the booking unique in the ledger even past that (a retry after
 * the key's 24 hours, or after a crash between the booking and keeping its answer).
 */
export function addCreditsCause(companyId: number, request: FastifyRequest): string {
  const key = idempotencyKeyOf(request) ?? randomUUID();
  return `admin-credits:${companyId}:${key}`;
}

/**
 * POST /api/companies/{id}/add-credits-with-invoice: a platform admin books credits on a company
 * and invoices them (manual, open) in one transaction, and mails the invoice to the address
 * given. Repeated with the same cause, it books nothing and answers the first invoice.
 */
export async function addCreditsWithInvoice(
  ctx: AuthedCtx,
  companyId: number,
  body: AddCreditsWithInvoiceBody,
  causeKey: string,
): Promise<{ created: boolean; answer: AddCreditsWithInvoiceAnswer }> {
  const { created, invoiceId } = await ctx.db.transaction(async (tx) => {
    const [company] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!company) throw new NotFoundError();
    // Locks the company row, then the cause: a parallel call with the same cause waits here and
    // then finds this call's invoice and ledger row.
    const invoice = await createInvoice(tx, {
      companyId,
      causeKey,
      type: 'manual',
      state: 'open',
      lines: [
        {
          description: body.description,
          valueCents: Math.round(body.price_per_credit * 100),
          amount: body.total_credits,
        },
      ],
      seller: ctx.config.invoiceSeller,
      now: ctx.now(),
    });
    const [booked] = await tx
      .select({ id: creditLedger.id })
      .from(creditLedger)
      .where(eq(creditLedger.causeKey, causeKey));
    if (booked) return { created: false, invoiceId: invoice.id };
    await bookCredits(
      tx,
      companyId,
      body.total_credits,
      `Credits toegevoegd met factuur ${invoice.invoiceNo}`,
      causeKey,
    );
    await queueInvoiceMail(tx, ctx.queue, {
      invoiceId: invoice.id,
      to: body.email,
      name: body.name,
    });
    return { created: true, invoiceId: invoice.id };
  });
  const [balance] = await ctx.db
    .select({ credits: companies.credits })
    .from(companies)
    .where(eq(companies.id, companyId));
  return {
    created,
    answer: {
      message: invoiceMessages.creditsAdded,
      credits: balance!.credits,
      invoice: toAdminInvoiceDto((await findInvoiceRow(ctx.db, invoiceId))!),
    },
  };
}
