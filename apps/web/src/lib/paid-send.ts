import { FREE_PLAN_ID, type Company } from '@paraaf/contract';
import { formatEuro } from './format';

const credits = (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'}`;

export const paidSendTexts = {
  title: 'Credits boven je tegoed',
  /** Every send on a paid plan: what happens beyond the balance. */
  general: (price: string) =>
    `Credits boven je tegoed worden met de volgende factuur in rekening gebracht: ${price} per credit (excl. btw). Versturen kan altijd.`,
  /** This send goes beyond the balance. */
  beyond: (cost: number, balance: number, shortfall: number, price: string) =>
    `Deze ondertekening kost ${credits(cost)} en je tegoed is ${credits(balance)}: ${credits(shortfall)} ${shortfall === 1 ? 'wordt' : 'worden'} met de volgende factuur in rekening gebracht à ${price} per credit (excl. btw).`,
} as const;

/**
 * The pre-send notice of seed 001 §9 on a paid plan (any plan but the free one, id 1): the send
 * goes through, credits the balance does not cover are billed afterwards at the plan's price per
 * credit — as the server does on `ready`. Null on the free plan (there the 402 rule holds).
 */
export function paidSendNotice(
  company: Pick<Company, 'credits' | 'current_payment_plan'> | undefined,
  cost: number,
): string | null {
  if (!company || company.current_payment_plan.id === FREE_PLAN_ID) return null;
  const price = formatEuro(company.current_payment_plan.price.price_per_credit);
  const balance = Math.max(company.credits, 0);
  const shortfall = cost - Math.min(cost, balance);
  return shortfall > 0
    ? paidSendTexts.beyond(cost, balance, shortfall, price)
    : paidSendTexts.general(price);
}

/** This send costs more credits than the balance holds (a negative balance counts as none). */
export function isBeyondBalance(
  company: Pick<Company, 'credits'> | undefined,
  cost: number,
): boolean {
  return company !== undefined && cost > Math.max(company.credits, 0);
}
