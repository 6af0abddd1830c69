import { randomBytes } from 'node:crypto';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = Omit<
  typeof payments.$inferInsert,
  'id' | 'status' | 'returnToken' | 'createdAt' | 'updatedAt' | 'processedAt'
>;

/** The token in the redirect URL back to CreditsBought: 32 random base64url characters. */
export function newReturnToken(): string {
  return randomBytes(24).toString('base64url');
}

/** A payments row before the provider is called: status 'creating' (billing-design "Payments"). */
export async function insertPayment(db: DbOrTx, values: NewPayment): Promise<PaymentRow> {
  const [row] = await db
    .insert(payments)
    .values({ ...values, status: 'creating', returnToken: newReturnToken() })
    .returning();
  return row!;
}

export async function findPaymentByProviderId(
  db: DbOrTx,
  providerId: string,
): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.providerId, providerId));
  return row ?? null;
}

export async function findPaymentById(db: DbOrTx, id: number): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row ?? null;
}

export async function findPaymentByReturnToken(
  db: DbOrTx,
  token: string,
): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.returnToken, token));
  return row ?? null;
}

/** The row, locked until the transaction ends (the once-only processing takes it first). */
export async function lockPayment(db: DbOrTx, id: number): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).for('update');
  return row ?? null;
}

/** What the provider answered on create: its id, status and checkout URL. */
export async function storeProviderPayment(
  db: DbOrTx,
  id: number,
  provider: { providerId: string; status: string; checkoutUrl: string | null },
): Promise<PaymentRow> {
  const [row] = await db
    .update(payments)
    .set({ ...provider, updatedAt: new Date() })
    .where(eq(payments.id, id))
    .returning();
  return row!;
}

export async function updatePayment(
  db: DbOrTx,
  id: number,
  values: Partial<Pick<PaymentRow, 'status' | 'providerId' | 'invoiceId' | 'processedAt'>>,
): Promise<void> {
  await db
    .update(payments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(payments.id, id));
}

/**
 * A company's payments as the history shows them, newest first. Rows still 'creating' never
 * reached a checkout (the provider call failed or is under way) and are left out.
 */
export async function listCompanyPayments(
  db: DbOrTx,
  companyId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: PaymentRow[]; total: number }> {
  const where = and(eq(payments.companyId, companyId), ne(payments.status, 'creating'));
  const rows = await db
    .select()
    .from(payments)
    .where(where)
    .orderBy(desc(payments.id))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(payments)
    .where(where);
  return { rows, total: count?.total ?? 0 };
}
