import { randomBytes } from 'node:crypto';
import type { PaymentMetadata, PaymentStatus, SequenceType } from './payment-provider.ts';

/**
 * The simulator's state. KEPT IN MEMORY, in this one process: it does not survive a restart and
 * is not shared between api processes (a webhook or checkout served by another process would
 * not find the payment). Fine for one dev/test process; moving it to a table needs a migration,
 * which the billing session adds (issue 14).
 */
export interface SimPayment {
  id: string;
  createdAt: string;
  status: PaymentStatus;
  amount: { value: string; currency: 'EUR' };
  description: string;
  sequenceType: SequenceType;
  redirectUrl: string | null;
  webhookUrl: string | null;
  metadata: PaymentMetadata | null;
  customerId: string | null;
  mandateId: string | null;
}

export interface SimCustomer {
  id: string;
  createdAt: string;
  name: string | null;
  email: string | null;
  metadata: PaymentMetadata | null;
}

export interface SimMandate {
  id: string;
  createdAt: string;
  customerId: string;
  status: 'valid';
  method: 'directdebit';
  consumerName: string;
}

/** One API request as the simulator received it (tests check the driver's request shapes). */
export interface SimRequest {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
}

const maxRecordedRequests = 1000;

export class PaymentsSimulatorStore {
  readonly payments = new Map<string, SimPayment>();
  readonly customers = new Map<string, SimCustomer>();
  readonly mandates = new Map<string, SimMandate>();
  readonly requests: SimRequest[] = [];

  record(request: SimRequest): void {
    this.requests.push(request);
    if (this.requests.length > maxRecordedRequests) this.requests.shift();
  }

  mandatesOf(customerId: string): SimMandate[] {
    return [...this.mandates.values()].filter((mandate) => mandate.customerId === customerId);
  }
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Mollie-like ids: a prefix (tr_, cst_, mdt_) and 10 letters or digits. */
export function simulatorId(prefix: 'tr' | 'cst' | 'mdt'): string {
  const bytes = randomBytes(10);
  let id = '';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return `${prefix}_${id}`;
}
