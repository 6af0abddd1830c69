import { randomUUID } from 'node:crypto';
import type { BuyCreditsBody, RedirectAnswer } from '@paraaf/contract';
import type { AuthedCtx } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { findCompanyWithPlan } from '../companies/companies.repository.ts';
import { requireFeature } from '../companies/features.ts';
import { invoiceTotals } from '../invoices/invoice-amounts.ts';
import { insertPayment } from './payments.repository.ts';
import { providerUnavailable, startPayment } from './start-payment.ts';

/** The one invoice line of a credits purchase (billing-design "Money"). */
export function creditsLine(credits: number, pricePerCreditCents: number) {
  return { description: 'Credits', valueCents: pricePerCreditCents, amount: credits };
}

/**
 * POST /api/credits: the purchase is written first (kind credits, the plan's price per credit
 * now, the total incl. 21% VAT), then the provider's payment is made with the row's cause as
 * Idempotency-Key; the answer is its checkout URL. Credits are booked when it is paid
 * (process-payment.ts), never here.
 */
export async function buyCredits(ctx: AuthedCtx, body: BuyCreditsBody): Promise<RedirectAnswer> {
  await requireFeature(ctx, 'buy_credits');
  const companyId = ctx.auth.user.companyId;
  const found = await findCompanyWithPlan(ctx.db, companyId);
  if (!found) throw new NotFoundError();
  const price = found.plan.pricePerCreditCents;
  const { totalInclCents } = invoiceTotals([creditsLine(body.amount, price)]);
  if (totalInclCents <= 0) throw providerUnavailable();
  const row = await insertPayment(ctx.db, {
    companyId,
    causeKey: `credits:${randomUUID()}`,
    kind: 'credits',
    description: `${body.amount} credits`,
    amountCents: totalInclCents,
    credits: body.amount,
    creditPriceCents: price,
  });
  const started = await startPayment(ctx, row);
  if (!started.checkoutUrl) throw providerUnavailable();
  return { redirect_url: started.checkoutUrl };
}
