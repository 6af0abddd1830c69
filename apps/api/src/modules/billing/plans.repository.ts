import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  billingPeriods,
  companies,
  companyPlans,
  paymentPlanCompanies,
  paymentPlans,
  payments,
} from '../../db/schema/index.ts';

/** The company's plan history and schedule, oldest first; cancelled changes left out. */
export async function listCompanyPlans(db: DbOrTx, companyId: number) {
  return db
    .select({ row: companyPlans, plan: paymentPlans })
    .from(companyPlans)
    .innerJoin(paymentPlans, eq(paymentPlans.id, companyPlans.planId))
    .where(and(eq(companyPlans.companyId, companyId), ne(companyPlans.status, 'cancelled')))
    .orderBy(asc(companyPlans.validFrom), asc(companyPlans.id));
}

/** The newest billing period of the company (month and invoice plans), or null. */
export async function findLatestPeriod(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select()
    .from(billingPeriods)
    .where(eq(billingPeriods.companyId, companyId))
    .orderBy(desc(billingPeriods.startsOn))
    .limit(1);
  return row ?? null;
}

/** Adds a row to the company's plan history or schedule (`appliedAt` when it is in effect). */
export async function insertCompanyPlan(
  db: DbOrTx,
  values: {
    companyId: number;
    planId: number;
    validFrom: string;
    status: 'planned' | 'awaiting_payment';
    appliedAt?: Date | null;
  },
) {
  const [row] = await db.insert(companyPlans).values(values).returning();
  return row!;
}

/**
 * The plans a company may choose (billing-design.md 'Plans'): standard plans that are neither
 * deprecated nor of type invoice, custom plans made available to it, and its current plan.
 * Standard plans by id, then custom ones.
 */
export async function listOfferedPlans(db: DbOrTx, companyId: number, currentPlanId: number) {
  const availableCustom = db
    .select({ planId: paymentPlanCompanies.planId })
    .from(paymentPlanCompanies)
    .where(eq(paymentPlanCompanies.companyId, companyId));
  return db
    .select()
    .from(paymentPlans)
    .where(
      or(
        and(
          eq(paymentPlans.custom, false),
          eq(paymentPlans.deprecated, false),
          ne(paymentPlans.type, 'invoice'),
        ),
        and(eq(paymentPlans.custom, true), inArray(paymentPlans.id, availableCustom)),
        eq(paymentPlans.id, currentPlanId),
      ),
    )
    .orderBy(asc(paymentPlans.custom), asc(paymentPlans.id));
}

/**
 * Changes not in effect yet: scheduled ('planned', not applied) or awaiting their payment;
 * `lock` takes them FOR NO KEY UPDATE (before the company row: the billing lock order).
 */
export async function listPendingChanges(
  db: DbOrTx,
  companyId: number,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(companyPlans)
    .where(
      and(
        eq(companyPlans.companyId, companyId),
        or(
          eq(companyPlans.status, 'awaiting_payment'),
          and(eq(companyPlans.status, 'planned'), isNull(companyPlans.appliedAt)),
        ),
      ),
    )
    .orderBy(asc(companyPlans.validFrom), asc(companyPlans.id));
  return options.lock ? query.for('no key update') : query;
}

/** Scheduled rows due on `today`, oldest first: what applyDuePlanChanges applies. */
export async function listDueChanges(db: DbOrTx, companyId: number, today: string) {
  return db
    .select({ row: companyPlans, plan: paymentPlans })
    .from(companyPlans)
    .innerJoin(paymentPlans, eq(paymentPlans.id, companyPlans.planId))
    .where(
      and(
        eq(companyPlans.companyId, companyId),
        eq(companyPlans.status, 'planned'),
        isNull(companyPlans.appliedAt),
        lte(companyPlans.validFrom, today),
      ),
    )
    .orderBy(asc(companyPlans.validFrom), asc(companyPlans.id))
    .for('no key update', { of: companyPlans });
}

export async function cancelCompanyPlans(db: DbOrTx, ids: number[], now: Date) {
  if (ids.length === 0) return;
  await db
    .update(companyPlans)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(inArray(companyPlans.id, ids));
}

/** A scheduled or awaiting change of this plan on this date, not in effect: the one cancel may end. */
export async function findCancellableChange(
  db: DbOrTx,
  companyId: number,
  planId: number,
  validFrom: string,
  today: string,
) {
  const [row] = await db
    .select()
    .from(companyPlans)
    .where(
      and(
        eq(companyPlans.companyId, companyId),
        eq(companyPlans.planId, planId),
        eq(companyPlans.validFrom, validFrom),
        or(
          eq(companyPlans.status, 'awaiting_payment'),
          and(
            eq(companyPlans.status, 'planned'),
            isNull(companyPlans.appliedAt),
            gt(companyPlans.validFrom, today),
          ),
        ),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The period `today` falls in, else the newest one (null: the company has none). */
export async function findCurrentPeriod(db: DbOrTx, companyId: number, today: string) {
  const [row] = await db
    .select()
    .from(billingPeriods)
    .where(eq(billingPeriods.companyId, companyId))
    .orderBy(
      sql`(${billingPeriods.startsOn} <= ${today} AND ${billingPeriods.endsOn} > ${today}) DESC`,
      desc(billingPeriods.startsOn),
    )
    .limit(1);
  return row ?? null;
}

/** The first payment made for a plan change (cause 'plan:{company_plans.id}'), if any. */
export async function findFirstPaymentOf(db: DbOrTx, companyPlanId: number) {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.causeKey, `plan:${companyPlanId}`))
    .limit(1);
  return row ?? null;
}

export async function setPaymentCustomer(db: DbOrTx, companyId: number, customerId: string) {
  // Only the first stored customer counts: a parallel request that made another loses.
  await db
    .update(companies)
    .set({ paymentCustomerId: customerId })
    .where(and(eq(companies.id, companyId), isNull(companies.paymentCustomerId)));
  const [row] = await db
    .select({ customerId: companies.paymentCustomerId })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row!.customerId!;
}
