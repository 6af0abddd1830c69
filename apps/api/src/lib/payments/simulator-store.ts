import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { paymentSimulatorObjects } from '../../db/schema/index.ts';
import type { PaymentMetadata, PaymentStatus, SequenceType } from './payment-provider.ts';

/**
 * The simulator's state: payments, customers and mandates as rows of `payment_simulator_objects`
 * (the object as JSON in `data`), so every api process on one database sees the same payments
 * (a webhook or checkout served by another process finds it) and they survive a restart.
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
  idempotencyKey: string | null;
  body: unknown;
}

type Kind = 'payment' | 'customer' | 'mandate';

const maxRecordedRequests = 1000;

export class PaymentsSimulatorStore {
  /** The last requests this process received: a test aid only, kept in memory. */
  readonly requests: SimRequest[] = [];

  constructor(private readonly db: Db) {}

  record(request: SimRequest): void {
    this.requests.push(request);
    if (this.requests.length > maxRecordedRequests) this.requests.shift();
  }

  /**
   * Stores a new payment, or, when a payment was created with this Idempotency-Key before,
   * returns that one (as Mollie does). `created` says which.
   */
  insertPayment(payment: SimPayment, idempotencyKey: string | null) {
    return this.insert('payment', payment, payment.customerId, idempotencyKey);
  }

  insertCustomer(customer: SimCustomer, idempotencyKey: string | null) {
    return this.insert('customer', customer, null, idempotencyKey);
  }

  async insertMandate(db: DbOrTx, mandate: SimMandate): Promise<void> {
    await db
      .insert(paymentSimulatorObjects)
      .values({ id: mandate.id, kind: 'mandate', parentId: mandate.customerId, data: mandate });
  }

  getPayment(id: string, db: DbOrTx = this.db): Promise<SimPayment | null> {
    return this.get<SimPayment>('payment', id, db);
  }

  getCustomer(id: string, db: DbOrTx = this.db): Promise<SimCustomer | null> {
    return this.get<SimCustomer>('customer', id, db);
  }

  async mandatesOf(customerId: string): Promise<SimMandate[]> {
    const rows = await this.db
      .select({ data: paymentSimulatorObjects.data })
      .from(paymentSimulatorObjects)
      .where(
        and(
          eq(paymentSimulatorObjects.kind, 'mandate'),
          eq(paymentSimulatorObjects.parentId, customerId),
        ),
      )
      .orderBy(asc(paymentSimulatorObjects.createdAt), asc(paymentSimulatorObjects.id));
    return rows.map((row) => row.data as SimMandate);
  }

  /**
   * Changes an open payment in one transaction: `change` gets the payment locked (FOR UPDATE)
   * and returns the new state, or null to leave it. Answers the payment as it is afterwards
   * and whether it changed; null for an unknown id. `change` reads through `tx` only: on PGlite
   * (one connection) a query outside the open transaction would wait for it forever.
   */
  async updatePayment(
    id: string,
    change: (payment: SimPayment, tx: DbOrTx) => Promise<SimPayment | null> | SimPayment | null,
  ): Promise<{ payment: SimPayment; changed: boolean } | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ data: paymentSimulatorObjects.data })
        .from(paymentSimulatorObjects)
        .where(and(eq(paymentSimulatorObjects.kind, 'payment'), eq(paymentSimulatorObjects.id, id)))
        .for('update');
      if (!row) return null;
      const current = row.data as SimPayment;
      const next = await change(current, tx);
      if (!next) return { payment: current, changed: false };
      await tx
        .update(paymentSimulatorObjects)
        .set({ data: next })
        .where(eq(paymentSimulatorObjects.id, id));
      return { payment: next, changed: true };
    });
  }

  private async get<T>(kind: Kind, id: string, db: DbOrTx): Promise<T | null> {
    const [row] = await db
      .select({ data: paymentSimulatorObjects.data })
      .from(paymentSimulatorObjects)
      .where(and(eq(paymentSimulatorObjects.kind, kind), eq(paymentSimulatorObjects.id, id)));
    return row ? (row.data as T) : null;
  }

  private async insert<T extends { id: string }>(
    kind: Kind,
    object: T,
    parentId: string | null,
    idempotencyKey: string | null,
  ): Promise<{ object: T; created: boolean }> {
    const inserted = await this.db
      .insert(paymentSimulatorObjects)
      .values({ id: object.id, kind, parentId, idempotencyKey, data: object })
      .onConflictDoNothing({
        target: [paymentSimulatorObjects.kind, paymentSimulatorObjects.idempotencyKey],
      })
      .returning({ id: paymentSimulatorObjects.id });
    if (inserted.length > 0 || idempotencyKey === null) return { object, created: true };
    const [first] = await this.db
      .select({ data: paymentSimulatorObjects.data })
      .from(paymentSimulatorObjects)
      .where(
        and(
          eq(paymentSimulatorObjects.kind, kind),
          eq(paymentSimulatorObjects.idempotencyKey, idempotencyKey),
        ),
      );
    if (!first) throw new Error(`simulator: ${kind} with key ${idempotencyKey} vanished`);
    return { object: first.data as T, created: false };
  }
}

/** For tests: how many objects of a kind the simulator holds. */
export async function countSimulatorObjects(db: DbOrTx, kind: Kind): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentSimulatorObjects)
    .where(eq(paymentSimulatorObjects.kind, kind));
  return row?.n ?? 0;
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Mollie-like ids: a prefix (tr_, cst_, mdt_) and 10 letters or digits. */
export function simulatorId(prefix: 'tr' | 'cst' | 'mdt'): string {
  const bytes = randomBytes(10);
  let id = '';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return `${prefix}_${id}`;
}
