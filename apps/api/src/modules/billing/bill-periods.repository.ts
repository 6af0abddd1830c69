import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  billableUsage,
  billingPeriods,
  paymentPlans,
  payments,
  users,
} from '../../db/schema/index.ts';
import { createToken } from '../../lib/crypto.ts';

export type BillingPeriodRow = typeof billingPeriods.$inferSelect;
export type UsageRow = typeof billableUsage.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type PlanRow = typeof paymentPlans.$inferSelect;

/** Midnight at the start of a Dutch date, as a timestamptz: the end of a period [a, b) is b's. */
const dutchMidnight = (date: string) =>
  sql`(${date}::date::timestamp AT TIME ZONE 'Europe/Amsterdam')`;

/**
 * The next `limit` companies after `after` (by id) the billing job has work for on `today`:
 * a period that ended and is not billed, a scheduled plan change whose date has come, a month or
 * invoice plan without a period that is still running, a prepaid plan with unbilled usage of an
 * earlier calendar month. Each part reads a partial index of its own table (migration 0024 and
 * 0022); the companies part walks the primary key with one index probe per company.
 */
export async function findDueCompanies(
  db: DbOrTx,
  today: string,
  after: number,
  limit: number,
): Promise<number[]> {
  const monthStart = `${today.slice(0, 7)}-01`;
  const result = await db.execute<{ company_id: number }>(sql`
    SELECT company_id FROM (
      SELECT company_id FROM billing_periods
       WHERE billed_at IS NULL AND ends_on <= ${today}::date AND company_id > ${after}
      UNION
      SELECT company_id FROM company_plans
       WHERE status = 'planned' AND applied_at IS NULL AND valid_from <= ${today}::date
         AND company_id > ${after}
      UNION
      SELECT c.id FROM companies c JOIN payment_plans p ON p.id = c.payment_plan_id
       WHERE p.type IN ('month', 'invoice') AND c.id > ${after}
         AND NOT EXISTS (SELECT 1 FROM billing_periods b
                          WHERE b.company_id = c.id AND b.ends_on > ${today}::date)
      UNION
      SELECT u.company_id FROM billable_usage u
        JOIN companies c ON c.id = u.company_id
        JOIN payment_plans p ON p.id = c.payment_plan_id
       WHERE u.invoice_id IS NULL AND u.occurred_at < ${dutchMidnight(monthStart)}
         AND p.type = 'prepaid' AND u.company_id > ${after}
    ) due
    ORDER BY company_id
    LIMIT ${limit}`);
  return result.rows.map((r) => Number(r.company_id));
}

/** The company's periods that ended by `today` and are not billed, oldest first, locked. */
export async function lockEndedPeriods(tx: DbOrTx, companyId: number, today: string) {
  return tx
    .select()
    .from(billingPeriods)
    .where(
      and(
        eq(billingPeriods.companyId, companyId),
        isNull(billingPeriods.billedAt),
        lte(billingPeriods.endsOn, today),
      ),
    )
    .orderBy(asc(billingPeriods.startsOn))
    .for('update');
}

/** The company's newest period (the one running, or the last that ran). */
export async function findLatestPeriod(tx: DbOrTx, companyId: number) {
  const [row] = await tx
    .select()
    .from(billingPeriods)
    .where(eq(billingPeriods.companyId, companyId))
    .orderBy(sql`${billingPeriods.startsOn} DESC`)
    .limit(1);
  return row ?? null;
}

export async function findPlan(tx: DbOrTx, planId: number): Promise<PlanRow> {
  const [row] = await tx.select().from(paymentPlans).where(eq(paymentPlans.id, planId));
  if (!row) throw new Error(`plan ${planId} does not exist`);
  return row;
}

/** Unbilled usage of the company from before `endsOn` (a Dutch date, exclusive), locked. */
export async function lockUnbilledUsage(tx: DbOrTx, companyId: number, endsOn: string) {
  return tx
    .select()
    .from(billableUsage)
    .where(
      and(
        eq(billableUsage.companyId, companyId),
        isNull(billableUsage.invoiceId),
        sql`${billableUsage.occurredAt} < ${dutchMidnight(endsOn)}`,
      ),
    )
    .orderBy(asc(billableUsage.id))
    .for('update');
}

/** 'YYYY-MM' of a moment, as the Netherlands' calendar has it. */
export async function usageMonths(tx: DbOrTx, usageIds: number[]) {
  if (usageIds.length === 0) return new Map<number, string>();
  const rows = await tx
    .select({
      id: billableUsage.id,
      month: sql<string>`to_char(${billableUsage.occurredAt} AT TIME ZONE 'Europe/Amsterdam', 'YYYY-MM')`,
    })
    .from(billableUsage)
    .where(inArray(billableUsage.id, usageIds));
  return new Map(rows.map((r) => [r.id, r.month]));
}

export async function markUsageBilled(tx: DbOrTx, usageIds: number[], invoiceId: number) {
  if (usageIds.length === 0) return;
  await tx
    .update(billableUsage)
    .set({ invoiceId })
    .where(and(inArray(billableUsage.id, usageIds), isNull(billableUsage.invoiceId)));
}

export async function markPeriodBilled(
  tx: DbOrTx,
  periodId: number,
  invoiceId: number | null,
  now: Date,
) {
  await tx
    .update(billingPeriods)
    .set({ invoiceId, billedAt: now })
    .where(eq(billingPeriods.id, periodId));
}

/** Who receives the company's invoices: its first active admin (by id). */
export async function findFirstAdmin(tx: DbOrTx, companyId: number) {
  const [row] = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 'admin'), eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .limit(1);
  return row ?? null;
}

/**
 * The recurring payment of a period's invoice, before the provider hears of it (status
 * 'creating'); its cause 'period:{billing_periods.id}' makes a second insert a no-op. Returns
 * the row either way.
 */
export async function insertRecurringPayment(
  tx: DbOrTx,
  values: {
    companyId: number;
    periodId: number;
    invoiceId: number;
    amountCents: number;
    description: string;
  },
): Promise<PaymentRow> {
  const causeKey = `period:${values.periodId}`;
  await tx
    .insert(payments)
    .values({
      companyId: values.companyId,
      causeKey,
      kind: 'recurring',
      status: 'creating',
      description: values.description,
      amountCents: values.amountCents,
      invoiceId: values.invoiceId,
      returnToken: createToken(),
    })
    .onConflictDoNothing({ target: payments.causeKey });
  const [row] = await tx.select().from(payments).where(eq(payments.causeKey, causeKey));
  return row!;
}

/** Recurring payments the provider has not been asked for yet (or whose answer was lost). */
export async function findCreatingRecurringPayments(db: DbOrTx, after: number, limit: number) {
  return db
    .select()
    .from(payments)
    .where(
      and(eq(payments.status, 'creating'), eq(payments.kind, 'recurring'), gt(payments.id, after)),
    )
    .orderBy(asc(payments.id))
    .limit(limit);
}

/** Stores the provider's answer; only the first answer counts (parallel runs send one key). */
export async function recordProviderPayment(
  db: DbOrTx,
  paymentId: number,
  provider: { id: string; status: string },
) {
  await db
    .update(payments)
    .set({ providerId: provider.id, status: provider.status, updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'creating')));
}

/** The provider refused the payment (no valid mandate any more): the invoice stays open. */
export async function markPaymentRefused(db: DbOrTx, paymentId: number) {
  await db
    .update(payments)
    .set({ status: 'failed', updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'creating')));
}
