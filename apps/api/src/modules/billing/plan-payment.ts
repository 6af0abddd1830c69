import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { billingMessages } from '@paraaf/contract';
import type { DbOrTx } from '../../db/client.ts';
import {
  companies,
  payments,
  type companyPlans,
  type paymentPlans,
} from '../../db/schema/index.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { formatEuroAmount } from '../../lib/payments/payment-provider.ts';
import { invoiceTotals } from '../invoices/invoice-amounts.ts';
import { findFirstAdmin } from '../users/users.repository.ts';
import { setPaymentCustomer } from './plans.repository.ts';

type Plan = typeof paymentPlans.$inferSelect;
type CompanyPlanRow = typeof companyPlans.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** The provider did not answer or refused: a Dutch 503, the change waits for the next try. */
function providerUnavailable(cause?: unknown): AppError {
  const error = new AppError(503, billingMessages.providerUnavailable);
  if (cause !== undefined) error.cause = cause;
  return error;
}

/** A call to the provider: whatever goes wrong there (refusal, network) is a 503 here. */
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
    { description: plan.name, valueCents: plan.pricePerMonthCents, amount: 1 },
  ]);
  const [row] = await tx
    .insert(payments)
    .values({
      companyId: change.companyId,
      causeKey: `plan:${change.id}`,
      kind: 'first',
      status: 'creating',
      description: `Abonnement ${plan.name}`,
      amountCents: amount.totalInclCents,
      companyPlanId: change.id,
      returnToken: randomBytes(24).toString('base64url'),
    })
    .returning();
  return row!;
}

/**
 * Creates (or finds again) the first payment at the provider and answers its checkout URL. The
 * company becomes a customer first if it is none. The provider gets the row's cause as
 * Idempotency-Key, so a retry after a crash or a double click gets the same payment.
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
  const appUrl = ctx.config.appUrl;
  const created = await atProvider(() =>
    ctx.payments.createPayment({
      amount: formatEuroAmount((payment.amountCents / 100).toFixed(2)),
      description: payment.description,
      redirectUrl: `${appUrl}/instellingen/credits/gekocht?betaling=${payment.returnToken}`,
      webhookUrl: `${appUrl}/api/payments/webhook`,
      metadata: { payment_id: payment.id, company_id: companyId },
      customerId,
      sequenceType: 'first',
      idempotencyKey: payment.causeKey,
    }),
  );
  await ctx.db
    .update(payments)
    .set({
      providerId: created.id,
      status: created.status,
      checkoutUrl: created.checkoutUrl,
      updatedAt: new Date(),
    })
    .where(and(eq(payments.id, payment.id), isNull(payments.providerId)));
  if (!created.checkoutUrl) throw providerUnavailable();
  return created.checkoutUrl;
}
