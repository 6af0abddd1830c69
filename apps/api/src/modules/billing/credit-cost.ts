import type { paymentPlans } from '../../db/schema/index.ts';

/** The verification types the plan prices (the contract's verificationTypeIds). */
export const SMS = 2;
export const IDIN = 4;
export const WALLET = 7;

/** One credit per signer, plus the plan's credits per SMS, per iDIN and per EU-wallet signer. */
export function costOf(
  list: readonly { verifications: readonly number[] }[],
  plan: Pick<
    typeof paymentPlans.$inferSelect,
    'smsCreditsPrice' | 'idinCreditsPrice' | 'walletCreditsPrice'
  >,
): number {
  return list.reduce(
    (sum, s) =>
      sum +
      1 +
      (s.verifications.includes(SMS) ? plan.smsCreditsPrice : 0) +
      (s.verifications.includes(IDIN) ? plan.idinCreditsPrice : 0) +
      (s.verifications.includes(WALLET) ? plan.walletCreditsPrice : 0),
    0,
  );
}
