import { and, asc, count, eq, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { signables, signerActions, signers, signRequests, users } from '../../db/schema/index.ts';

export type SignRequestRow = typeof signRequests.$inferSelect;

/** Every query takes the caller's company id: another company's id simply finds nothing. */
export async function findSignRequest(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(signRequests)
    .where(and(eq(signRequests.id, id), eq(signRequests.companyId, companyId)));
  return row ?? null;
}

/** The request locked for the rest of the transaction (adding signers under the cap). */
export async function lockSignRequest(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(signRequests)
    .where(and(eq(signRequests.id, id), eq(signRequests.companyId, companyId)))
    .for('no key update');
  return row ?? null;
}

export async function listSigners(db: DbOrTx, signRequestId: number) {
  return db
    .select()
    .from(signers)
    .where(eq(signers.signRequestId, signRequestId))
    .orderBy(asc(signers.position), asc(signers.id));
}

export async function signerStats(db: DbOrTx, signRequestId: number) {
  const [row] = await db
    .select({ count: count(), maxPosition: max(signers.position) })
    .from(signers)
    .where(eq(signers.signRequestId, signRequestId));
  return { count: row?.count ?? 0, maxPosition: row?.maxPosition ?? 0 };
}

/** The marker configs of a request's documents. */
export async function findSignableConfigs(db: DbOrTx, signRequestId: number) {
  const rows = await db
    .select({ config: signables.config })
    .from(signables)
    .where(eq(signables.signRequestId, signRequestId));
  return rows.map((r) => r.config);
}

export async function findCompanySigner(db: DbOrTx, companyId: number, signerId: number) {
  const [row] = await db
    .select()
    .from(signers)
    .where(and(eq(signers.id, signerId), eq(signers.companyId, companyId)));
  return row ?? null;
}

export async function findCompanyUserId(db: DbOrTx, companyId: number, userId: number) {
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)));
  return row ?? null;
}

export async function insertSignerAction(
  db: DbOrTx,
  action: {
    signerId: number;
    signRequestId: number;
    companyId: number;
    type: number;
    comment?: string | null;
    ip?: string | null;
    userAgent?: string | null;
    userId?: number | null;
    impersonatedBy?: number | null;
    apiKeyId?: number | null;
  },
): Promise<void> {
  await db.insert(signerActions).values(action);
}

export async function listSignerActions(db: DbOrTx, companyId: number, signerId: number) {
  return db
    .select()
    .from(signerActions)
    .where(and(eq(signerActions.signerId, signerId), eq(signerActions.companyId, companyId)))
    .orderBy(asc(signerActions.createdAt), asc(signerActions.id));
}
