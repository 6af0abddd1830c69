import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import {
  backofficeMessages,
  type AllPaymentPlans,
  type CustomPaymentPlan,
  type CustomPlanBody,
} from '@paraaf/contract';
import type { DbOrTx } from '../../db/client.ts';
import { companies, paymentPlanCompanies, paymentPlans } from '../../db/schema/index.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { paginated } from '../../lib/pagination.ts';

const PAGE_SIZE = 10;
/** The standard plans a custom plan takes its features and user cap from. */
const FREE_PLAN_ID = 1;
const STANDARD_PLAN_ID = 2;

type PlanRow = typeof paymentPlans.$inferSelect;

const cents = (euros: number) => Math.round(euros * 100);
const euros = (cents: number) => cents / 100;

function toCustomPlanDto(
  plan: PlanRow,
  available: { id: number; name: string }[],
): CustomPaymentPlan {
  return {
    id: plan.id,
    name: plan.name,
    type: plan.type === 'month' ? 'month' : 'prepaid',
    price_per_month: euros(plan.pricePerMonthCents),
    price_per_credit: euros(plan.pricePerCreditCents),
    credits_per_month: plan.creditsPerMonth,
    sms_euros_price: euros(plan.smsEurosPriceCents),
    sms_credits_price: plan.smsCreditsPrice,
    idin_euros_price: euros(plan.idinEurosPriceCents),
    idin_credits_price: plan.idinCreditsPrice,
    wallet_euros_price: euros(plan.walletEurosPriceCents),
    wallet_credits_price: plan.walletCreditsPrice,
    delegation_costs_credit: plan.delegationCostsCredit,
    available_for_companies: available,
  };
}

async function companiesOfPlans(db: DbOrTx, planIds: number[]) {
  const byPlan = new Map<number, { id: number; name: string }[]>();
  if (planIds.length === 0) return byPlan;
  const rows = await db
    .select({ planId: paymentPlanCompanies.planId, id: companies.id, name: companies.name })
    .from(paymentPlanCompanies)
    .innerJoin(companies, eq(companies.id, paymentPlanCompanies.companyId))
    .where(inArray(paymentPlanCompanies.planId, planIds))
    .orderBy(asc(companies.name), asc(companies.id));
  for (const r of rows) {
    const list = byPlan.get(r.planId) ?? [];
    list.push({ id: r.id, name: r.name });
    byPlan.set(r.planId, list);
  }
  return byPlan;
}

/** GET /api/all-payment-plans: the companies to choose from and the custom plans, newest first. */
export async function listCustomPlans(ctx: AuthedCtx, page: number): Promise<AllPaymentPlans> {
  const customOnly = eq(paymentPlans.custom, true);
  const [companyRows, planRows, [total]] = await Promise.all([
    ctx.db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(eq(companies.isPlatform, false))
      .orderBy(asc(companies.name), asc(companies.id)),
    ctx.db
      .select()
      .from(paymentPlans)
      .where(customOnly)
      .orderBy(desc(paymentPlans.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    ctx.db.select({ n: count() }).from(paymentPlans).where(customOnly),
  ]);
  const available = await companiesOfPlans(
    ctx.db,
    planRows.map((p) => p.id),
  );
  const n = Number(total?.n ?? 0);
  return {
    companies: companyRows,
    payment_plans: paginated(
      planRows.map((p) => toCustomPlanDto(p, available.get(p.id) ?? [])),
      n,
      { page, limit: PAGE_SIZE },
    ),
  };
}

/**
 * The plan row's values from the form. A plan with a monthly price is a 'month' plan with the
 * standard plan's features and user cap; without one it is 'prepaid' with the free plan's
 * (which include buying credits). Taken from those rows when saved.
 */
async function planValues(db: DbOrTx, input: CustomPlanBody) {
  const isMonth = input.price_per_month > 0;
  const [base] = await db
    .select()
    .from(paymentPlans)
    .where(eq(paymentPlans.id, isMonth ? STANDARD_PLAN_ID : FREE_PLAN_ID));
  if (!base) throw new Error('standard plans missing (migration 0022 seeds them)');
  return {
    name: input.name,
    type: isMonth ? ('month' as const) : ('prepaid' as const),
    features: base.features,
    usersCap: base.usersCap,
    pricePerMonthCents: cents(input.price_per_month),
    pricePerCreditCents: cents(input.price_per_credit),
    creditsPerMonth: input.credits_per_month,
    smsEurosPriceCents: cents(input.sms_euros_price),
    smsCreditsPrice: input.sms_credits_price,
    idinEurosPriceCents: cents(input.idin_euros_price),
    idinCreditsPrice: input.idin_credits_price,
    walletEurosPriceCents: cents(input.wallet_euros_price),
    walletCreditsPrice: input.wallet_credits_price,
    delegationCostsCredit: input.delegation_costs_credit,
    custom: true,
  };
}

/** The chosen companies, each existing and not the platform's own; else a 422 on the field. */
async function checkCompanies(db: DbOrTx, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(inArray(companies.id, unique), eq(companies.isPlatform, false)))
    .orderBy(asc(companies.name), asc(companies.id));
  if (rows.length !== unique.length)
    throw ValidationError.field('available_for_companies', backofficeMessages.companyUnknown);
  return rows;
}

/** POST /api/all-payment-plans/create (id null) and POST /api/all-payment-plans/{id}. */
export async function saveCustomPlan(
  ctx: AuthedCtx,
  id: number | null,
  input: CustomPlanBody,
): Promise<CustomPaymentPlan> {
  return ctx.db.transaction(async (tx) => {
    if (id !== null) {
      const [existing] = await tx
        .select({ id: paymentPlans.id })
        .from(paymentPlans)
        .where(and(eq(paymentPlans.id, id), eq(paymentPlans.custom, true)))
        .for('update');
      if (!existing) throw new NotFoundError();
    }
    const available = await checkCompanies(tx, input.available_for_companies);
    const values = await planValues(tx, input);
    const [plan] =
      id === null
        ? await tx.insert(paymentPlans).values(values).returning()
        : await tx.update(paymentPlans).set(values).where(eq(paymentPlans.id, id)).returning();
    // Companies already on the plan keep it when they are taken off the list; they just cannot
    // choose it again once they leave it.
    await tx.delete(paymentPlanCompanies).where(eq(paymentPlanCompanies.planId, plan!.id));
    await tx
      .insert(paymentPlanCompanies)
      .values(available.map((c) => ({ planId: plan!.id, companyId: c.id })));
    return toCustomPlanDto(plan!, available);
  });
}
