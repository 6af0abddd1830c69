import { planDisplayName, type CompanyPaymentPlan, type PaymentPlan } from '@paraaf/contract';
import type { companyPlans, paymentPlans } from '../../db/schema/index.ts';

const euros = (cents: number) => cents / 100;

/** A plan row as the API gives it (seed 001 §3 'Payment plan'): prices in euros excl. VAT. */
export function toPlanDto(
  plan: typeof paymentPlans.$inferSelect,
  validFrom: string | null = null,
): PaymentPlan {
  return {
    id: plan.id,
    name: planDisplayName(plan),
    features: plan.features,
    deprecated: plan.deprecated,
    valid_from: validFrom,
    custom: plan.custom,
    price: {
      price: euros(plan.pricePerMonthCents),
      type: plan.type,
      credits_per_month: plan.creditsPerMonth,
      users: plan.usersCap,
      idin_euros_price: euros(plan.idinEurosPriceCents),
      idin_credits_price: plan.idinCreditsPrice,
      wallet_euros_price: euros(plan.walletEurosPriceCents),
      wallet_credits_price: plan.walletCreditsPrice,
      sms_euros_price: euros(plan.smsEurosPriceCents),
      sms_credits_price: plan.smsCreditsPrice,
      price_per_credit: euros(plan.pricePerCreditCents),
    },
  };
}

/** A row of the company's plan history or schedule. */
export function toCompanyPlanDto(
  row: typeof companyPlans.$inferSelect,
  plan: typeof paymentPlans.$inferSelect,
): CompanyPaymentPlan {
  return {
    ...toPlanDto(plan, row.validFrom),
    valid_from: row.validFrom,
    status: row.status === 'awaiting_payment' ? 'awaiting_payment' : 'planned',
  };
}
