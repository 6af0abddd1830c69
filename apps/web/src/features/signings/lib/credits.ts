import {
  FREE_PLAN_ID,
  type Company,
  type PaymentPlanPrice,
  type SignerDto,
} from '@paraaf/contract';
import { formatEuro } from '../../../lib/format';
import { texts } from '../texts';

/** Below this many credits the home page warns (seed 000 §9). */
export const LOW_CREDITS = 5;

export const BANNER_DISMISSED_KEY = 'paraaf.lowCreditBannerClosed';

/**
 * Seed 000 §9: the low-credit banner shows on the home page when credits are below 5 and the plan
 * is not billed by invoice, until the user closes it. Returns which text to show, or null.
 */
export function lowCreditBanner(
  company: Pick<Company, 'credits' | 'current_payment_plan'> | undefined,
  dismissed: boolean,
): 'none' | 'low' | null {
  if (!company || dismissed) return null;
  if (company.current_payment_plan.price.type === 'invoice') return null;
  if (company.credits >= LOW_CREDITS) return null;
  return company.credits <= 0 ? 'none' : 'low';
}

/**
 * The banner's text: on the free plan an empty balance stops sending; on a paid plan sending goes
 * on and the shortfall is billed at the plan's price per credit.
 */
export function lowCreditBody(
  company: Pick<Company, 'credits' | 'current_payment_plan'>,
  kind: 'none' | 'low',
): string {
  if (kind === 'low') return texts.lowCreditsBody(company.credits);
  if (company.current_payment_plan.id === FREE_PLAN_ID) return texts.noCreditsBody;
  return texts.noCreditsPaidBody(formatEuro(company.current_payment_plan.price.price_per_credit));
}

/**
 * What sending a request costs: one credit per signer plus the plan's SMS and iDIN credit prices
 * for the signers who verify that way (the server charges the same on `ready`).
 */
export function expectedCost(
  signers: Pick<SignerDto, 'verifications'>[],
  plan: Pick<PaymentPlanPrice, 'sms_credits_price' | 'idin_credits_price'>,
): number {
  let cost = 0;
  for (const signer of signers) {
    const types = signer.verifications.map((v) => v.type);
    cost += 1;
    if (types.includes(2)) cost += plan.sms_credits_price;
    if (types.includes(4)) cost += plan.idin_credits_price;
  }
  return cost;
}

/**
 * Seed 000 §2: Send is disabled when the cost exceeds the company's credits and the company is on
 * the restricted free plan (id 1). A draft's stored cost may still be 0, so the expected cost
 * counts too.
 */
export function isSendBlocked(
  request: { credits_cost?: number; signers: Pick<SignerDto, 'verifications'>[] },
  company: Pick<Company, 'credits' | 'current_payment_plan'>,
): boolean {
  const cost = Math.max(
    request.credits_cost ?? 0,
    expectedCost(request.signers, company.current_payment_plan.price),
  );
  return company.current_payment_plan.id === FREE_PLAN_ID && cost > company.credits;
}
