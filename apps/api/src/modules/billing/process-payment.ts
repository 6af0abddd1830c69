import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { invoices } from '../../db/schema/index.ts';
import type { Deps } from '../../lib/context.ts';
import {
  PaymentNotFoundError,
  type Payment,
  type PaymentStatus,
} from '../../lib/payments/payment-provider.ts';
import { bookCredits } from '../companies/companies.repository.ts';
import { createInvoice } from '../invoices/create-invoice.ts';
import { queueInvoiceMail } from '../invoices/invoice-mail.ts';
import { findFirstAdmin } from '../users/users.repository.ts';
import { abandonPlanChange, activatePlanChange } from './plan-changes.ts';
import { creditsLine } from './buy-credits.ts';
import {
  findPaymentById,
  findPaymentByProviderId,
  lockPayment,
  updatePayment,
  type PaymentRow,
} from './payments.repository.ts';
import { providerUnavailable } from './start-payment.ts';

type ProcessDeps = Pick<Deps, 'db' | 'queue' | 'config' | 'payments'>;

/** The provider's final answers: one of these and the payment is processed, once. */
const failedStatuses: readonly PaymentStatus[] = ['failed', 'canceled', 'expired'];

/**
 * What a paid or failed payment does, per kind. `paid` and `failed` run in the transaction that
 * holds the payments row locked (FOR UPDATE) and sets processed_at: once per payment, whatever
 * number of webhooks and return pages arrive at the same time. They lock the company row last
 * (createInvoice and bookCredits take it), after the payments row.
 */
interface KindHandler {
  paid(tx: Tx, deps: ProcessDeps, payment: PaymentRow, remote: Payment, now: Date): Promise<void>;
  failed(tx: Tx, deps: ProcessDeps, payment: PaymentRow, now: Date): Promise<void>;
}

const handlers: Record<PaymentRow['kind'], KindHandler> = {
  credits: {
    /** Credits booked, the paid invoice (one line 'Credits'), mailed to the first admin. */
    async paid(tx, deps, payment, remote, now) {
      const cause = `payment:${remote.id}`;
      const invoice = await createInvoice(tx, {
        companyId: payment.companyId,
        causeKey: cause,
        type: 'automatic',
        state: 'paid',
        lines: [creditsLine(payment.credits ?? 0, payment.creditPriceCents ?? 0)],
        seller: deps.config.invoiceSeller,
        now,
      });
      await bookCredits(
        tx,
        payment.companyId,
        payment.credits ?? 0,
        `Credits gekocht (factuur ${invoice.invoiceNo})`,
        cause,
      );
      await updatePayment(tx, payment.id, { invoiceId: invoice.id });
      const admin = await findFirstAdmin(tx, payment.companyId);
      if (admin) {
        await queueInvoiceMail(tx, deps.queue, {
          invoiceId: invoice.id,
          to: admin.email,
          name: admin.name,
        });
      }
    },
    failed: () => Promise.resolve(),
  },
  first: {
    /** The plan change it paid for takes effect (customer and mandate from the provider). */
    async paid(tx, deps, payment, remote, now) {
      await activatePlanChange(tx, deps, payment, now, {
        customerId: remote.customerId,
        mandateId: remote.mandateId,
      });
    },
    /** Not paid: its change, awaiting this payment, is cancelled. */
    async failed(tx, _deps, payment, now) {
      await abandonPlanChange(tx, payment, now);
    },
  },
  recurring: {
    async paid(tx, _deps, payment, _remote, now) {
      await markInvoicePaidByPayment(tx, payment, now);
    },
    failed: () => Promise.resolve(),
  },
};

/** A recurring payment paid: the period invoice it collects is paid now. */
export async function markInvoicePaidByPayment(tx: Tx, payment: PaymentRow, now: Date) {
  if (payment.invoiceId === null) return;
  await tx
    .update(invoices)
    .set({ state: 'paid', paidAt: now })
    .where(and(eq(invoices.id, payment.invoiceId), eq(invoices.state, 'open')));
}

/**
 * Stores the provider's status on our row and, when the payment is paid or has failed and was
 * not processed yet, processes it: in one transaction the row is locked, processed_at checked
 * again, the kind's handler run and processed_at set. Answers the row as it is afterwards.
 */
export async function processPayment(
  deps: ProcessDeps,
  paymentId: number,
  remote: Payment,
  now: Date,
): Promise<PaymentRow | null> {
  return deps.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment || (payment.providerId !== null && payment.providerId !== remote.id)) {
      return payment;
    }
    if (payment.processedAt !== null) return payment;
    const status = remote.status;
    const outcome = status === 'paid' ? 'paid' : failedStatuses.includes(status) ? 'failed' : null;
    const stored = { status, providerId: remote.id };
    if (outcome === null) {
      if (payment.status !== status || payment.providerId === null)
        await updatePayment(tx, payment.id, stored);
      return { ...payment, ...stored };
    }
    const handler = handlers[payment.kind];
    if (outcome === 'paid') await handler.paid(tx, deps, payment, remote, now);
    else await handler.failed(tx, deps, payment, now);
    await updatePayment(tx, payment.id, { ...stored, processedAt: now });
    return (await findPaymentById(tx, payment.id))!;
  });
}

/**
 * A webhook's id (or a return page's payment): never trusting the caller, the payment is read
 * at the provider, our row found by provider id — or, when the provider has it but our row
 * does not yet (a process stopped between the provider's answer and storing it), by the
 * `payment_id` and `company_id` we gave it as metadata — and processed. Null: unknown to the
 * provider or to us. The provider unreachable: 503 (the provider's webhook tries again).
 */
export async function syncPayment(
  deps: ProcessDeps,
  providerId: string,
  now: Date,
): Promise<PaymentRow | null> {
  let remote: Payment;
  try {
    remote = await deps.payments.getPayment(providerId);
  } catch (error) {
    if (error instanceof PaymentNotFoundError) return null;
    throw providerUnavailable(error);
  }
  const row =
    (await findPaymentByProviderId(deps.db, remote.id)) ?? (await unlinkedRow(deps, remote));
  if (!row) return null;
  return processPayment(deps, row.id, remote, now);
}

async function unlinkedRow(deps: ProcessDeps, remote: Payment): Promise<PaymentRow | null> {
  const { payment_id: paymentId, company_id: companyId } = remote.metadata;
  if (typeof paymentId !== 'number' || typeof companyId !== 'number') return null;
  const row = await findPaymentById(deps.db, paymentId);
  return row && row.providerId === null && row.companyId === companyId ? row : null;
}
