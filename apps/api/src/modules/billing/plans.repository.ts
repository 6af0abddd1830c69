import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { billingPeriods, companyPlans, paymentPlans } from '../../db/schema/index.ts';

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

/** Adds a row to the company's plan history or schedule. */
export async function insertCompanyPlan(
  db: DbOrTx,
  values: {
    companyId: number;
    planId: number;
    validFrom: string;
    status: 'planned' | 'awaiting_payment';
  },
) {
  const [row] = await db.insert(companyPlans).values(values).returning();
  return row!;
}
