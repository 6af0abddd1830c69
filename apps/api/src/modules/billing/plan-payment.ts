import { planDisplayName } from '@paraaf/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, type companyPlans, type paymentPlans } from '../../db/schema/index.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { invoiceTotals } from '../invoices/invoice-amounts.ts';
import { findFirstAdmin } from '../users/users.repository.ts';
import { insertPayment, type PaymentRow } from './payments.repository.ts';
import { setPaymentCustomer } from './plans.repository.ts';
import { providerUnavailable, startPayment } from './start-payment.ts';

type Plan = typeof paymentPlans.$inferSelect;
type CompanyPlanRow = typeof companyPlans.$inferSelect;

/** A call to the provider: whatever goes wrong there (refusal, network) is a Dutch 503 here. */
async function atProvider<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw providerUnavailable(error);
  }
}

/** Does the company (its customer at the provider) hold a valid mandate? */
export async function hasValidMandate(
  ctx: Pick<AuthedCtx, 'payments'>,
  customerId: string | null,
): Promise<boolean> {
  if (!customerId) return false;
  const mandates = await atProvider(() => ctx.payments.listValidMandates(customerId));
  return mandates.length > 0;
}

/**
 * The payments row of a plan change's first payment (the one that creates the mandate), written
 * in the caller's transaction before the provider is called: cause 'plan:{company_plans.id}',
 * status 'creating', the plan's monthly price incl. VAT (it pays the first period).
 */
export async function insertFirstPayment(
  tx: DbOrTx,
  plan: Plan,
  change: CompanyPlanRow,
): Promise<PaymentRow> {
  const amount = invoiceTotals([
    { description: planDisplayName(plan), valueCents: plan.pricePerMonthCents, amount: 1 },
  ]);
  return insertPayment(tx, {
    companyId: change.companyId,
    causeKey: `plan:${change.id}`,
    kind: 'first',
    description: `Abonnement ${planDisplayName(plan)}`,
    amountCents: amount.totalInclCents,
    companyPlanId: change.id,
  });
}

/**
 * Creates (or finds again) the first payment at the provider and answers its checkout URL. The
 * company becomes a customer first if it is none (Idempotency-Key 'customer:{company}'); the
 * payment goes through startPayment (the row's cause as Idempotency-Key), so a retry after a
 * crash or a double click gets the same payment.
 */
export async function startFirstPayment(ctx: AuthedCtx, payment: PaymentRow): Promise<string> {
  if (payment.providerId && payment.checkoutUrl) return payment.checkoutUrl;
  const companyId = payment.companyId;
  const [company] = await ctx.db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw providerUnavailable();
  let customerId = company.paymentCustomerId;
  if (!customerId) {
    const admin = await findFirstAdmin(ctx.db, companyId);
    const customer = await atProvider(() =>
      ctx.payments.createCustomer({
        name: company.name,
        email: admin?.email ?? ctx.auth.user.email,
        metadata: { company_id: companyId },
        idempotencyKey: `customer:${companyId}`,
      }),
    );
    customerId = await setPaymentCustomer(ctx.db, companyId, customer.id);
  }
  const started = await startPayment(ctx, payment, { sequenceType: 'first', customerId });
  if (!started.checkoutUrl) throw providerUnavailable();
  return started.checkoutUrl;
}
