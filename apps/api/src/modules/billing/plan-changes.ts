import { planDisplayName } from '@paraaf/contract';
import { and, eq, inArray, ne, or, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  billingPeriods,
  companies,
  companyPlans,
  paymentPlans,
  payments,
} from '../../db/schema/index.ts';
import { addMonths, dutchDate, periodEnd } from '../../lib/dutch-date.ts';
import type { Deps } from '../../lib/context.ts';
import { bookCredits } from '../companies/companies.repository.ts';
import { queueInvoiceMail } from '../invoices/invoice-mail.ts';
import { findFirstAdmin } from '../users/users.repository.ts';
import { createInvoice } from '../invoices/create-invoice.ts';
import { formatInvoiceDate, type InvoiceLineInput } from '../invoices/invoice-amounts.ts';
import { cancelCompanyPlans, findFirstPaymentOf, listDueChanges } from './plans.repository.ts';

type Plan = typeof paymentPlans.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** The day before `date` ('2026-12-24' → '2026-12-23'): a period [a, b) is 'a t/m b−1'. */
function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The invoice line of a month plan's subscription for the period [startsOn, endsOn):
 * 'Abonnement Standaard 24-11-2026 t/m 23-12-2026', the plan's monthly price excl. VAT.
 */
export function subscriptionLine(plan: Plan, startsOn: string, endsOn: string): InvoiceLineInput {
  return {
    description: `Abonnement ${planDisplayName(plan)} ${formatInvoiceDate(startsOn)} t/m ${formatInvoiceDate(dayBefore(endsOn))}`,
    valueCents: plan.pricePerMonthCents,
    amount: 1,
  };
}

/**
 * Opens the billing period [startsOn, startsOn + 1 month) of a month or invoice plan and books
 * its credits_per_month (cause 'period-credits:{company}:{startsOn}'). A period that already
 * exists (unique company + starts_on) is left alone and nothing is booked: safe to run twice.
 * Returns the new period, or null when it existed.
 */
export async function openPeriod(
  tx: DbOrTx,
  companyId: number,
  plan: Plan,
  startsOn: string,
  options: { subscriptionInvoiceId?: number | null; anchorOn?: string | null } = {},
) {
  // A period that follows another one without a gap keeps that chain's anchor day, so the
  // ends do not drift (31 Jan → 28 Feb → 31 Mar), also across a plan change at the period's end.
  const [previous] = await tx
    .select({ anchorOn: billingPeriods.anchorOn, startsOn: billingPeriods.startsOn })
    .from(billingPeriods)
    .where(and(eq(billingPeriods.companyId, companyId), eq(billingPeriods.endsOn, startsOn)))
    .limit(1);
  const anchorOn = options.anchorOn ?? previous?.anchorOn ?? previous?.startsOn ?? startsOn;
  const [period] = await tx
    .insert(billingPeriods)
    .values({
      companyId,
      planId: plan.id,
      startsOn,
      endsOn: periodEnd(anchorOn, startsOn),
      anchorOn,
      subscriptionInvoiceId: options.subscriptionInvoiceId ?? null,
    })
    .onConflictDoNothing({ target: [billingPeriods.companyId, billingPeriods.startsOn] })
    .returning();
  if (!period) return null;
  if (plan.creditsPerMonth > 0) {
    await bookCredits(
      tx,
      companyId,
      plan.creditsPerMonth,
      `Credits abonnement ${planDisplayName(plan)}`,
      `period-credits:${companyId}:${startsOn}`,
    );
  }
  return period;
}

/**
 * Makes a plan the one in effect from `date`: companies.payment_plan_id, and for month and
 * invoice plans the billing period starting that day with its credits. A prepaid plan has no
 * periods. Features and caps follow at once (they read payment_plan_id); nothing is deleted.
 */
export async function applyPlan(
  tx: DbOrTx,
  companyId: number,
  planId: number,
  date: string,
  options: { subscriptionInvoiceId?: number | null } = {},
): Promise<void> {
  const [plan] = await tx.select().from(paymentPlans).where(eq(paymentPlans.id, planId));
  if (!plan) throw new Error(`plan ${planId} does not exist`);
  if (plan.type !== 'prepaid') await openPeriod(tx, companyId, plan, date, options);
  await tx.update(companies).set({ paymentPlanId: planId }).where(eq(companies.id, companyId));
}

async function markApplied(tx: DbOrTx, companyPlanId: number, now: Date) {
  await tx.update(companyPlans).set({ appliedAt: now }).where(eq(companyPlans.id, companyPlanId));
}

/**
 * Applies every scheduled change of the company whose date has come (valid_from ≤ today, not
 * applied yet), in date order, each from its own date. A change whose first payment already
 * paid the subscription marks its period so the period job does not bill it again.
 * Returns how many were applied. Locks the rows it applies, then the company (by updating it).
 */
export async function applyDuePlanChanges(
  tx: DbOrTx,
  companyId: number,
  today: string,
  now: Date = new Date(),
): Promise<number> {
  const due = await listDueChanges(tx, companyId, today);
  for (const { row } of due) {
    const first = await findFirstPaymentOf(tx, row.id);
    await markApplied(tx, row.id, now);
    await applyPlan(tx, companyId, row.planId, row.validFrom, {
      subscriptionInvoiceId: first?.invoiceId ?? null,
    });
  }
  return due.length;
}

/**
 * A paid 'first' payment (the one that created the mandate, cause 'plan:{company_plans.id}'):
 * the customer and mandate are stored on the company, the change it paid for becomes the one
 * pending change (planned; any other pending change is cancelled: paying is the latest act),
 * from today at the earliest, and is applied now when its date has come. The first period's
 * subscription is invoiced as paid (cause 'payment:{provider_id}') and that period records it
 * (billing_periods.subscription_invoice_id). Runs in the caller's transaction with the payments
 * row locked; a second call for the same payment changes nothing.
 */
export async function activatePlanChange(
  tx: Tx,
  deps: Pick<Deps, 'queue' | 'config'>,
  payment: PaymentRow,
  now: Date,
  provider: { customerId: string | null; mandateId: string | null } = {
    customerId: null,
    mandateId: null,
  },
) {
  if (payment.kind !== 'first' || payment.companyPlanId === null || !payment.providerId)
    throw new Error(`payment ${payment.id} is no first payment of a plan change`);
  // Processed before: the invoice is linked in the same transaction as everything else.
  if (payment.invoiceId !== null) return null;
  const today = dutchDate(now);
  const [row] = await tx
    .select()
    .from(companyPlans)
    .where(eq(companyPlans.id, payment.companyPlanId))
    .for('no key update');
  if (!row) throw new Error(`plan change ${payment.companyPlanId} does not exist`);
  const [plan] = await tx.select().from(paymentPlans).where(eq(paymentPlans.id, row.planId));
  if (!plan) throw new Error(`plan ${row.planId} does not exist`);

  if (row.status !== 'planned') {
    const others = await tx
      .select({ id: companyPlans.id })
      .from(companyPlans)
      .where(
        and(
          eq(companyPlans.companyId, row.companyId),
          ne(companyPlans.id, row.id),
          or(
            eq(companyPlans.status, 'awaiting_payment'),
            and(eq(companyPlans.status, 'planned'), isNull(companyPlans.appliedAt)),
          ),
        ),
      )
      .for('no key update');
    await cancelCompanyPlans(
      tx,
      others.map((o) => o.id),
      now,
    );
  }
  const validFrom = row.validFrom < today ? today : row.validFrom;
  await tx
    .update(companyPlans)
    .set({ status: 'planned', validFrom, cancelledAt: null })
    .where(eq(companyPlans.id, row.id));

  // Locks the company row (the last lock of this transaction).
  const invoice = await createInvoice(tx, {
    companyId: row.companyId,
    causeKey: `payment:${payment.providerId}`,
    type: 'automatic',
    state: 'paid',
    lines: [subscriptionLine(plan, validFrom, addMonths(validFrom, 1))],
    seller: deps.config.invoiceSeller,
    now,
  });
  await tx.update(payments).set({ invoiceId: invoice.id }).where(eq(payments.id, payment.id));
  const admin = await findFirstAdmin(tx, row.companyId);
  if (admin) {
    await queueInvoiceMail(tx, deps.queue, {
      invoiceId: invoice.id,
      to: admin.email,
      name: admin.name,
    });
  }
  const customer: Partial<typeof companies.$inferInsert> = {};
  if (provider.customerId) customer.paymentCustomerId = provider.customerId;
  if (provider.mandateId) customer.paymentMandateId = provider.mandateId;
  if (Object.keys(customer).length > 0)
    await tx.update(companies).set(customer).where(eq(companies.id, row.companyId));

  if (row.appliedAt === null && validFrom <= today) {
    await markApplied(tx, row.id, now);
    await applyPlan(tx, row.companyId, row.planId, validFrom, {
      subscriptionInvoiceId: invoice.id,
    });
  } else {
    // Applied before, or later by the job (applyDuePlanChanges finds this invoice then).
    await tx
      .update(billingPeriods)
      .set({ subscriptionInvoiceId: invoice.id })
      .where(
        and(
          eq(billingPeriods.companyId, row.companyId),
          eq(billingPeriods.startsOn, validFrom),
          isNull(billingPeriods.subscriptionInvoiceId),
        ),
      );
  }
  return invoice;
}

/**
 * A 'first' payment that failed, was canceled or expired: its change, still awaiting that
 * payment, is cancelled; the plan in effect stays.
 */
export async function abandonPlanChange(tx: DbOrTx, payment: PaymentRow, now: Date) {
  if (payment.kind !== 'first' || payment.companyPlanId === null) return;
  await tx
    .update(companyPlans)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(
      and(
        inArray(companyPlans.id, [payment.companyPlanId]),
        eq(companyPlans.status, 'awaiting_payment'),
      ),
    );
}
