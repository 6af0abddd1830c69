import { FREE_PLAN_ID, signingMessages } from '@paraaf/contract';
import type { Tx } from '../../db/client.ts';
import type { companies, paymentPlans } from '../../db/schema/index.ts';
import { PaymentRequiredError } from '../../lib/errors.ts';
import { recordBillableUsage } from '../billing/billable-usage.repository.ts';
import { bookCredits } from '../companies/companies.repository.ts';
import type { SignerRow } from './signer-dto.ts';
import { costOf, IDIN, SMS, WALLET } from '../billing/credit-cost.ts';

type Plan = typeof paymentPlans.$inferSelect;

/**
 * The send rule of seed 001 §9 (billing-design.md "Sending"), run under the company's row lock
 * (`company` as read under it) in the sending transaction:
 * - the free plan (id 1) needs the whole cost in credits, else 402 and nothing is sent;
 * - every other plan (prepaid, month, invoice) books what the balance covers, never below zero,
 *   and records the shortfall as billable usage at the plan's price per credit, billed with
 *   the period (invoice plans normally have no balance, so all of it is usage);
 * - the plan's euro prices per SMS and per iDIN signer are billable usage on every plan.
 */
export async function chargeSignRequest(
  tx: Tx,
  input: {
    requestId: number;
    company: Pick<typeof companies.$inferSelect, 'id' | 'credits'>;
    plan: Plan;
    signers: Pick<SignerRow, 'verifications'>[];
    now: Date;
  },
): Promise<void> {
  const { requestId, company, plan, signers, now } = input;
  const cost = costOf(signers, plan);
  const cause = `sign-request:${requestId}`;
  const reason = `Ondertekening #${requestId}`;
  const usage = (
    kind: 'credits' | 'sms' | 'idin' | 'wallet',
    description: string,
    quantity: number,
    unitPriceCents: number,
  ) =>
    recordBillableUsage(tx, {
      companyId: company.id,
      causeKey: kind === 'credits' ? `${cause}:credits` : `${cause}:${kind}`,
      kind,
      description: `${description} (ondertekening #${requestId})`,
      quantity,
      unitPriceCents,
      occurredAt: now,
    });

  if (plan.id === FREE_PLAN_ID) {
    // Throwing rolls everything back: the draft stays and can be sent later.
    if (company.credits < cost) throw new PaymentRequiredError(signingMessages.notEnoughCredits);
    if (cost > 0) await bookCredits(tx, company.id, -cost, reason, cause);
  } else {
    const covered = Math.min(cost, Math.max(company.credits, 0));
    if (covered > 0) await bookCredits(tx, company.id, -covered, reason, cause);
    const shortfall = cost - covered;
    if (shortfall > 0) {
      await usage('credits', 'Credits boven tegoed', shortfall, plan.pricePerCreditCents);
    }
  }

  const withSms = signers.filter((s) => s.verifications.includes(SMS)).length;
  if (plan.smsEurosPriceCents > 0 && withSms > 0) {
    await usage('sms', 'SMS-verificaties', withSms, plan.smsEurosPriceCents);
  }
  const withIdin = signers.filter((s) => s.verifications.includes(IDIN)).length;
  if (plan.idinEurosPriceCents > 0 && withIdin > 0) {
    await usage('idin', 'iDIN-verificaties', withIdin, plan.idinEurosPriceCents);
  }
  const withWallet = signers.filter((s) => s.verifications.includes(WALLET)).length;
  if (plan.walletEurosPriceCents > 0 && withWallet > 0) {
    await usage('wallet', 'EU-wallet-verificaties', withWallet, plan.walletEurosPriceCents);
  }
}
