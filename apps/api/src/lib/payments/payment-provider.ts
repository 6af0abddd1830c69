/**
 * The payments provider the billing module talks to (issue 14, "Payments provider"). One interface;
 * Mollie (`mollie.ts`) is the only driver, pointed either at api.mollie.com or at the built-in
 * simulator (`simulator.ts`), so tests run the production code path (create-payment-provider.ts).
 */

export const paymentStatuses = [
  'open',
  'pending',
  'authorized',
  'paid',
  'failed',
  'canceled',
  'expired',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export type SequenceType = 'oneoff' | 'first' | 'recurring';

/** Euros as a decimal string with two decimals, e.g. "12.10". */
export type EuroAmount = string;

export type PaymentMetadata = Record<string, unknown>;

export interface CreatePaymentInput {
  amount: EuroAmount;
  description: string;
  redirectUrl: string;
  webhookUrl: string;
  metadata: PaymentMetadata;
  customerId?: string;
  /** Default 'oneoff'; 'first' asks the consumer for a mandate (requires customerId). */
  sequenceType?: SequenceType;
  /** Sent as Idempotency-Key: a repeated create with it answers the first payment again. */
  idempotencyKey?: string;
}

export interface CreateCustomerInput {
  name: string;
  email: string;
  metadata: PaymentMetadata;
  /** Sent as Idempotency-Key: a repeated create with it answers the first customer again. */
  idempotencyKey?: string;
}

export interface CreateRecurringPaymentInput {
  customerId: string;
  mandateId: string;
  amount: EuroAmount;
  description: string;
  webhookUrl: string;
  metadata: PaymentMetadata;
  /** Sent as Idempotency-Key: a repeated create with it answers the first payment again. */
  idempotencyKey?: string;
}

export interface Payment {
  id: string;
  status: PaymentStatus;
  amount: EuroAmount;
  currency: 'EUR';
  description: string;
  sequenceType: SequenceType;
  metadata: PaymentMetadata;
  customerId: string | null;
  mandateId: string | null;
  /** Where to send the consumer; null once the payment is no longer open (and for recurring ones). */
  checkoutUrl: string | null;
}

export interface Customer {
  id: string;
  name: string;
  email: string;
  metadata: PaymentMetadata;
}

export interface Mandate {
  id: string;
  customerId: string;
  status: 'valid';
  method: string;
}

export interface PaymentProvider {
  readonly name: 'mollie' | 'simulator';
  createPayment(input: CreatePaymentInput): Promise<Payment>;
  /** Throws PaymentNotFoundError for an id the provider does not know. */
  getPayment(id: string): Promise<Payment>;
  createCustomer(input: CreateCustomerInput): Promise<Customer>;
  /** The customer's valid mandates (pending and invalid ones are left out). */
  listValidMandates(customerId: string): Promise<Mandate[]>;
  createRecurringPayment(input: CreateRecurringPaymentInput): Promise<Payment>;
}

/** The provider does not know this payment (Mollie: 404, or an id of the wrong shape). */
export class PaymentNotFoundError extends Error {
  constructor(readonly paymentId: string) {
    super(`payment ${paymentId} not found at the provider`);
    this.name = 'PaymentNotFoundError';
  }
}

/** Any other refusal or failure of the provider: status (if it answered) and its message. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly statusCode: number | null,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** "12.1" / 12.1 → "12.10"; throws on anything that is not a positive euro amount. */
export function formatEuroAmount(value: string | number): EuroAmount {
  const text = typeof value === 'number' ? value.toFixed(2) : value;
  if (!/^\d+(\.\d{1,2})?$/.test(text)) throw new RangeError(`not a euro amount: ${text}`);
  const [whole = '0', cents = ''] = text.split('.');
  return `${BigInt(whole).toString()}.${cents.padEnd(2, '0')}`;
}
