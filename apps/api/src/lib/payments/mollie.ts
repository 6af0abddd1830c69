import { MollieApiError } from '@mollie/api-client';
import type { MollieApi, MolliePaymentData } from './mollie-api.ts';
import {
  PaymentNotFoundError,
  PaymentProviderError,
  paymentStatuses,
  type CreateCustomerInput,
  type CreatePaymentInput,
  type CreateRecurringPaymentInput,
  type Customer,
  type Mandate,
  type Payment,
  type PaymentMetadata,
  type PaymentProvider,
  type PaymentStatus,
  type SequenceType,
} from './payment-provider.ts';

/**
 * The Mollie driver: our types ⇄ Mollie's v2 API. The transport (mollie-api.ts) is the official
 * client against api.mollie.com, or the same requests over fetch against the built-in simulator;
 * everything in this file is the same code path for both.
 */
export class MolliePaymentProvider implements PaymentProvider {
  constructor(
    private readonly api: MollieApi,
    readonly name: 'mollie' | 'simulator' = 'mollie',
  ) {}

  async createPayment(input: CreatePaymentInput): Promise<Payment> {
    const payment = await call(() =>
      this.api.createPayment(
        {
          amount: { currency: 'EUR', value: input.amount },
          description: input.description,
          redirectUrl: input.redirectUrl,
          webhookUrl: input.webhookUrl,
          metadata: input.metadata,
          sequenceType: input.sequenceType ?? 'oneoff',
          ...(input.customerId ? { customerId: input.customerId } : {}),
        },
        input.idempotencyKey,
      ),
    );
    return toPayment(payment);
  }

  async getPayment(id: string): Promise<Payment> {
    // Mollie's ids are tr_ and letters/digits; anything else is unknown without asking.
    if (!/^tr_[A-Za-z0-9]{1,64}$/.test(id)) throw new PaymentNotFoundError(id);
    return toPayment(await call(() => this.api.getPayment(id), id));
  }

  async createCustomer(input: CreateCustomerInput): Promise<Customer> {
    const { idempotencyKey, ...body } = input;
    const customer = await call(() => this.api.createCustomer(body, idempotencyKey));
    return {
      id: customer.id,
      name: customer.name ?? input.name,
      email: customer.email ?? input.email,
      metadata: asMetadata(customer.metadata),
    };
  }

  async listValidMandates(customerId: string): Promise<Mandate[]> {
    const mandates = await call(() => this.api.listMandates(customerId));
    return mandates
      .filter((mandate) => mandate.status === 'valid')
      .map((mandate) => ({
        id: mandate.id,
        customerId,
        status: 'valid' as const,
        method: mandate.method,
      }));
  }

  async createRecurringPayment(input: CreateRecurringPaymentInput): Promise<Payment> {
    const payment = await call(() =>
      this.api.createCustomerPayment(
        input.customerId,
        {
          mandateId: input.mandateId,
          sequenceType: 'recurring',
          amount: { currency: 'EUR', value: input.amount },
          description: input.description,
          webhookUrl: input.webhookUrl,
          metadata: input.metadata,
        },
        input.idempotencyKey,
      ),
    );
    return toPayment(payment);
  }
}

function toPayment(payment: MolliePaymentData): Payment {
  if (!(paymentStatuses as readonly string[]).includes(payment.status)) {
    throw new PaymentProviderError(`unknown payment status ${payment.status}`, null);
  }
  return {
    id: payment.id,
    status: payment.status as PaymentStatus,
    amount: payment.amount.value,
    currency: 'EUR',
    description: payment.description,
    sequenceType: payment.sequenceType as SequenceType,
    metadata: asMetadata(payment.metadata),
    customerId: payment.customerId ?? null,
    mandateId: payment.mandateId ?? null,
    checkoutUrl: payment._links.checkout?.href ?? null,
  };
}

function asMetadata(value: unknown): PaymentMetadata {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as PaymentMetadata)
    : {};
}

/** Runs a Mollie call; its 404 for a payment id becomes PaymentNotFoundError. */
async function call<T>(run: () => Promise<T>, paymentId?: string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof MollieApiError) {
      if (paymentId !== undefined && error.statusCode === 404)
        throw new PaymentNotFoundError(paymentId);
      throw new PaymentProviderError(error.message, error.statusCode ?? null);
    }
    throw error;
  }
}
