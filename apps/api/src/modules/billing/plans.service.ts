import {
  billingMessages,
  choosePlanBody,
  type PaymentPlan,
  type RedirectAnswer,
} from '@paraaf/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { companyPlans, paymentPlans, payments } from '../../db/schema/index.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { dutchDate } from '../../lib/dutch-date.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/validate.ts';
import { findCompanyWithPlan, lockCompany } from '../companies/companies.repository.ts';
import { applyPlan } from './plan-changes.ts';
import { toCompanyPlanDto, toPlanDto } from './plan-dto.ts';
import { hasValidMandate, insertFirstPayment, startFirstPayment } from './plan-payment.ts';
import {
  cancelCompanyPlans,
  findCancellableChange,
  findCurrentPeriod,
  findFirstPaymentOf,
  insertCompanyPlan,
  listCompanyPlans,
  listOfferedPlans,
  listPendingChanges,
} from './plans.repository.ts';

type Plan = typeof paymentPlans.$inferSelect;
type CompanyPlanRow = typeof companyPlans.$inferSelect;

/** GET /api/payment-plans: the plans the caller's company may choose. */
export async function listPlans(ctx: AuthedCtx): Promise<PaymentPlan[]> {
  const companyId = ctx.auth.user.companyId;
  const row = await findCompanyWithPlan(ctx.db, companyId);
  if (!row) throw new NotFoundError();
  const plans = await listOfferedPlans(ctx.db, companyId, row.company.paymentPlanId);
  return plans.map((plan) => toPlanDto(plan));
}

/** A month plan with a price is collected by direct debit: it needs a mandate first. */
function needsMandatePlan(plan: Plan): boolean {
  return plan.type === 'month' && plan.pricePerMonthCents > 0;
}

/**
 * When a change to `target` starts (seed 001 §4 'Plans'): today when the plan in effect is
 * prepaid (upgrading from free starts today), else at the end of the current billing period
 * (a change between monthly plans starts at the next period); today when there is none.
 */
export function changeStartDate(
  current: Pick<Plan, 'type'>,
  period: { endsOn: string } | null,
  today: string,
): string {
  if (current.type === 'prepaid' || !period || period.endsOn <= today) return today;
  return period.endsOn;
}

type Decision =
  | { kind: 'done'; row: CompanyPlanRow; plan: Plan }
  | { kind: 'pay'; row: CompanyPlanRow; plan: Plan; payment: typeof payments.$inferSelect };

/**
 * POST /api/payment-plans {id}. One pending change at a time: a new choice cancels the pending
 * one; the same choice again (a double click) finds the change the first made and answers it
 * again, with the same payment. Locks the pending changes, then the company row.
 */
export async function choosePlan(ctx: AuthedCtx, body: unknown): Promise<RedirectAnswer> {
  const input = parseInput(choosePlanBody, body);
  const companyId = ctx.auth.user.companyId;
  const found = await findCompanyWithPlan(ctx.db, companyId);
  if (!found) throw new NotFoundError();
  const offered = await listOfferedPlans(ctx.db, companyId, found.company.paymentPlanId);
  const target = offered.find((p) => p.id === input.id);
  if (!target) throw ValidationError.field('id', billingMessages.planUnknown);
  // Asked of the provider before any lock is taken; a mandate found is valid for the change.
  const needsMandate =
    needsMandatePlan(target) && !(await hasValidMandate(ctx, found.company.paymentCustomerId));

  const now = ctx.now();
  const today = dutchDate(now);
  const decision = await ctx.db.transaction(async (tx): Promise<Decision> => {
    await lockPendingChanges(tx, companyId);
    const locked = await lockCompany(tx, companyId);
    if (!locked) throw new NotFoundError();
    const pending = await listPendingChanges(tx, companyId);
    const current = locked.plan;
    if (target.id === current.id) {
      if (pending.length === 0)
        throw ValidationError.field('id', billingMessages.planAlreadyCurrent);
      // Choosing the plan in effect again keeps it: the pending change is cancelled.
      await cancelCompanyPlans(
        tx,
        pending.map((p) => p.id),
        now,
      );
      const history = await listCompanyPlans(tx, companyId);
      const inEffect = history.filter((h) => h.row.appliedAt !== null).at(-1);
      if (!inEffect) throw new NotFoundError();
      return { kind: 'done', row: inEffect.row, plan: inEffect.plan };
    }
    const period =
      current.type === 'prepaid' ? null : await findCurrentPeriod(tx, companyId, today);
    const startsOn = changeStartDate(current, period, today);
    const status = needsMandate ? 'awaiting_payment' : 'planned';
    const same = pending.find(
      (p) => p.planId === target.id && p.validFrom === startsOn && p.status === status,
    );
    if (same && status === 'planned') return { kind: 'done', row: same, plan: target };
    if (same) {
      const payment = await findFirstPaymentOf(tx, same.id);
      if (payment && ['creating', 'open', 'pending', 'authorized'].includes(payment.status)) {
        return { kind: 'pay', row: same, plan: target, payment };
      }
    }
    await cancelCompanyPlans(
      tx,
      pending.map((p) => p.id),
      now,
    );
    const row = await insertCompanyPlan(tx, {
      companyId,
      planId: target.id,
      validFrom: startsOn,
      status,
      appliedAt: status === 'planned' && startsOn <= today ? now : null,
    });
    if (status === 'awaiting_payment') {
      return { kind: 'pay', row, plan: target, payment: await insertFirstPayment(tx, target, row) };
    }
    if (row.appliedAt) await applyPlan(tx, companyId, target.id, startsOn);
    return { kind: 'done', row, plan: target };
  });

  if (decision.kind === 'done') {
    return { redirect_url: null, payment_plan: toCompanyPlanDto(decision.row, decision.plan) };
  }
  const checkoutUrl = await startFirstPayment(ctx, decision.payment);
  return { redirect_url: checkoutUrl, payment_plan: toCompanyPlanDto(decision.row, decision.plan) };
}

/** Locks the company's pending changes (the first lock of choosing or cancelling a change). */
async function lockPendingChanges(tx: DbOrTx, companyId: number) {
  await listPendingChanges(tx, companyId, { lock: true });
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written 'YYYY-MM-DD' ('2026-02-30' is none). */
function isCalendarDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/**
 * POST /api/payment-plans/{id}/{date}/cancel: cancels the company's change to plan `id` on
 * `date` while it is not in effect (a future date, or still awaiting its payment). Anything
 * else — another company's change, a past one, a malformed date — is a 404.
 */
export async function cancelPlanChange(
  ctx: AuthedCtx,
  planId: number,
  date: string,
): Promise<void> {
  if (!isCalendarDate(date)) throw new NotFoundError(billingMessages.planChangeUnknown);
  const companyId = ctx.auth.user.companyId;
  const now = ctx.now();
  const today = dutchDate(now);
  await ctx.db.transaction(async (tx) => {
    await lockPendingChanges(tx, companyId);
    const row = await findCancellableChange(tx, companyId, planId, date, today);
    if (!row) throw new NotFoundError(billingMessages.planChangeUnknown);
    await cancelCompanyPlans(tx, [row.id], now);
  });
}

/** GET /api/company/recurring-payment-status: may Paraaf collect by direct debit? */
export async function recurringPaymentStatus(ctx: AuthedCtx): Promise<{ can_withdraw: boolean }> {
  const found = await findCompanyWithPlan(ctx.db, ctx.auth.user.companyId);
  if (!found) throw new NotFoundError();
  return { can_withdraw: await hasValidMandate(ctx, found.company.paymentCustomerId) };
}
