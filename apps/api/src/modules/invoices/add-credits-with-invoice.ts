import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  invoiceMessages,
  type AddCreditsWithInvoiceAnswer,
  type AddCreditsWithInvoiceBody,
} from '@paraaf/contract';
import { companies, creditLedger } from '../../db/schema/index.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { bookCredits } from '../companies/companies.repository.ts';
import { createInvoice } from './create-invoice.ts';
import { toAdminInvoiceDto } from './invoice-dto.ts';
import { queueInvoiceMail } from './invoice-mail.ts';
import { findInvoiceRow } from './invoices.list.repository.ts';

/** What an `Idempotency-Key` header may hold: printable ASCII without spaces, 1–100 long. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,100}$/;

/**
 * The cause of one add-credits action: the client's `Idempotency-Key` (one per filled-in form,
 * so a double click or a retry books once), or a fresh one when the header is absent.
 */
export function addCreditsCause(companyId: number, header: unknown): string {
  if (header === undefined) return `admin-credits:${companyId}:${randomUUID()}`;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header))
    throw ValidationError.field('idempotency_key', 'De Idempotency-Key is ongeldig');
  return `admin-credits:${companyId}:${header}`;
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
