import { billingMessages } from '@paraaf/contract';
import type { Deps } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { formatEuroAmount, type SequenceType } from '../../lib/payments/payment-provider.ts';
import { storeProviderPayment, type PaymentRow } from './payments.repository.ts';

/** The provider refused or did not answer: a Dutch 503 (never a 500); the row stays 'creating'. */
export function providerUnavailable(cause?: unknown): AppError {
  const error = new AppError(503, billingMessages.providerUnavailable);
  if (cause !== undefined) error.cause = cause;
  return error;
}

/** Where the checkout sends the consumer back: CreditsBought with the row's return token. */
export function paymentRedirectUrl(appUrl: string, payment: Pick<PaymentRow, 'returnToken'>) {
  return `${appUrl}/instellingen/credits/gekocht?betaling=${payment.returnToken}`;
}

export function paymentWebhookUrl(appUrl: string): string {
  return `${appUrl}/api/payments/webhook`;
}

/**
 * Creates the provider's payment for a row written before (status 'creating'): the row's cause
 * is the Idempotency-Key, so a second attempt for the same row (a retry after a crash) gets the
 * same payment at the provider, never a second one. Stores provider id, status and checkout URL.
 */
export async function startPayment(
  deps: Pick<Deps, 'db' | 'payments' | 'config'>,
  payment: PaymentRow,
  options: { sequenceType?: Exclude<SequenceType, 'recurring'>; customerId?: string } = {},
): Promise<PaymentRow> {
  if (payment.providerId && payment.status !== 'creating') return payment;
  const appUrl = deps.config.appUrl;
  let created;
  try {
    created = await deps.payments.createPayment({
      amount: formatEuroAmount((payment.amountCents / 100).toFixed(2)),
      description: payment.description,
      redirectUrl: paymentRedirectUrl(appUrl, payment),
      webhookUrl: paymentWebhookUrl(appUrl),
      metadata: { payment_id: payment.id, company_id: payment.companyId },
      idempotencyKey: payment.causeKey,
      ...(options.sequenceType ? { sequenceType: options.sequenceType } : {}),
      ...(options.customerId ? { customerId: options.customerId } : {}),
    });
  } catch (error) {
    throw providerUnavailable(error);
  }
  return storeProviderPayment(deps.db, payment.id, {
    providerId: created.id,
    status: created.status,
    checkoutUrl: created.checkoutUrl,
  });
}
