import type { Company, CompanyPaymentPlan, PaymentPlan } from '@paraaf/contract';
import { formatEuro, zonedParts } from '../../../lib/format';
import { texts } from '../texts';

const pad = (n: number) => String(n).padStart(2, '0');

/** Today's date in Amsterdam as 'YYYY-MM-DD' (the server's dates are Amsterdam days too). */
export function amsterdamToday(now: Date = new Date()): string {
  const p = zonedParts(now);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/**
 * The plan change still to come, if any: a row of the company's plan history that starts after
 * today or waits for its first payment. The server keeps one pending change at a time.
 */
export function pendingPlanChange(
  company: Pick<Company, 'payment_plans'>,
  today: string,
): CompanyPaymentPlan | null {
  return (
    company.payment_plans.find((p) => p.status === 'awaiting_payment' || p.valid_from > today) ??
    null
  );
}

/**
 * The day a change chosen now would start (billing design, 'Plans'): today from a prepaid plan;
 * from a month or invoice plan at the end of the current billing period.
 */
export function planChangeStart(
  company: Pick<Company, 'current_payment_plan' | 'next_payment_date'>,
  today: string,
): string {
  if (company.current_payment_plan.price.type === 'prepaid') return today;
  const end = company.next_payment_date;
  return end && end > today ? end : today;
}

/**
 * A month plan with a price and no mandate to collect from starts with a first payment at the
 * checkout (the server decides the same way).
 */
export function needsFirstPayment(plan: PaymentPlan, canWithdraw: boolean): boolean {
  return plan.price.type === 'month' && plan.price.price > 0 && !canWithdraw;
}

/** Seed 001 §2: an SMS or iDIN price in credits and/or euros joined by 'en', else 'gratis'. */
export function verificationPrice(credits: number, euros: number): string {
  const parts: string[] = [];
  if (credits > 0) parts.push(`${credits} ${credits === 1 ? 'credit' : 'credits'}`);
  if (euros > 0) parts.push(formatEuro(euros));
  return parts.length > 0 ? parts.join(' en ') : texts.plans.free;
}

/** The monthly price of a card: 'gratis' when 0. */
export function monthlyPrice(plan: PaymentPlan): string {
  return plan.price.price > 0 ? formatEuro(plan.price.price) : texts.plans.free;
}
