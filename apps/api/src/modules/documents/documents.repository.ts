import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { signables, signRequests } from '../../db/schema/index.ts';

/** A sign request of the company (id and state only); another company's does not exist. */
export async function findSignRequestState(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select({ id: signRequests.id, stateId: signRequests.stateId })
    .from(signRequests)
    .where(and(eq(signRequests.id, id), eq(signRequests.companyId, companyId)))
    .limit(1);
  return row ?? null;
}

/** The same, row-locked until the transaction ends: a concurrent send waits for the insert. */
export async function lockSignRequest(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select({ id: signRequests.id, stateId: signRequests.stateId })
    .from(signRequests)
    .where(and(eq(signRequests.id, id), eq(signRequests.companyId, companyId)))
    .for('update');
  return row ?? null;
}

export async function nextSignablePosition(db: DbOrTx, signRequestId: number): Promise<number> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${signables.position})` })
    .from(signables)
    .where(eq(signables.signRequestId, signRequestId));
  return Number(row?.max ?? 0) + 1;
}

export async function insertSignable(db: DbOrTx, values: typeof signables.$inferInsert) {
  const [row] = await db.insert(signables).values(values).returning();
  return row!;
}

/** A signable of the company with what access to its file depends on. */
export async function findSignableForFile(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select({
      signable: signables,
      requestStateId: signRequests.stateId,
      viewerUserId: signRequests.viewerUserId,
    })
    .from(signables)
    .innerJoin(signRequests, eq(signRequests.id, signables.signRequestId))
    .where(
      and(
        eq(signables.id, id),
        eq(signables.companyId, companyId),
        eq(signRequests.companyId, companyId),
      ),
    )
    .limit(1);
  return row ?? null;
}
