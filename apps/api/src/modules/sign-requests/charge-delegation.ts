import { FREE_PLAN_ID, signingMessages } from '@paraaf/contract';
import type { Tx } from '../../db/client.ts';
import { PaymentRequiredError } from '../../lib/errors.ts';
import { recordBillableUsage } from '../billing/billable-usage.repository.ts';
import { bookCredits, lockCompany } from '../companies/companies.repository.ts';

/**
 * A delegation on a plan that charges for it (payment_plans.delegation_costs_credit): one credit
 * more, in the hand-over's transaction after its guard, so a repeated or raced hand-over of the
 * same place charges once (its cause, the place handed over, is unique in the ledger as well).
 * The company row is locked last (db/README.md, "Locks"). An invoice plan books what the balance
 * does not cover as usage at its price per credit, like the credits of a sent request; any other
 * plan needs the credit, else the hand-over is refused (402).
 */
export async function chargeDelegation(
  tx: Tx,
  input: { companyId: number; requestId: number; handedOverSignerId: number; now: Date },
): Promise<void> {
  const locked = (await lockCompany(tx, input.companyId))!;
  if (!locked.plan.delegationCostsCredit) return;
  const cause = `delegation:${input.handedOverSignerId}`;
  const reason = `Delegatie bij ondertekening #${input.requestId}`;
  if (locked.company.credits >= 1) {
    await bookCredits(tx, input.companyId, -1, reason, cause);
    return;
  }
  if (locked.plan.type !== 'invoice' || locked.plan.id === FREE_PLAN_ID) {
    throw new PaymentRequiredError(signingMessages.delegationNoCredit);
  }
  await recordBillableUsage(tx, {
    companyId: input.companyId,
    causeKey: `${cause}:credits`,
    kind: 'credits',
    description: `Delegatie (ondertekening #${input.requestId})`,
    quantity: 1,
    unitPriceCents: locked.plan.pricePerCreditCents,
    occurredAt: input.now,
  });
}
