import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bulkSendRows, bulkSends } from '../../db/schema/index.ts';

export type BulkSendRow = typeof bulkSends.$inferSelect;
export type BulkSendRowRow = typeof bulkSendRows.$inferSelect;

export const now = sql`now()`;

/** A batch of the company; null for another company's or none. */
export async function findBulkSend(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(bulkSends)
    .where(and(eq(bulkSends.id, id), eq(bulkSends.companyId, companyId)));
  return row ?? null;
}

/** Rows sent and failed (failed counts invalid rows too: they are never sent). */
export async function rowCounts(db: DbOrTx, bulkSendId: number) {
  const rows = await db
    .select({ state: bulkSendRows.state, n: count() })
    .from(bulkSendRows)
    .where(eq(bulkSendRows.bulkSendId, bulkSendId))
    .groupBy(bulkSendRows.state);
  const of = (state: string) => rows.find((r) => r.state === state)?.n ?? 0;
  return {
    sent: of('sent'),
    failed: of('failed') + of('invalid'),
    pending: of('pending'),
    cancelled: of('cancelled'),
  };
}

export async function findBulkSendPage(
  db: DbOrTx,
  companyId: number,
  page: { limit: number; offset: number },
) {
  const where = eq(bulkSends.companyId, companyId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(bulkSends)
      .where(where)
      .orderBy(desc(bulkSends.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(bulkSends).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findRowPage(
  db: DbOrTx,
  bulkSendId: number,
  page: { limit: number; offset: number },
) {
  const where = eq(bulkSendRows.bulkSendId, bulkSendId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(bulkSendRows)
      .where(where)
      .orderBy(asc(bulkSendRows.rowNumber))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(bulkSendRows).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every row of a batch in order (the result CSV). */
export function findAllRows(db: DbOrTx, bulkSendId: number) {
  return db
    .select()
    .from(bulkSendRows)
    .where(eq(bulkSendRows.bulkSendId, bulkSendId))
    .orderBy(asc(bulkSendRows.rowNumber));
}

/**
 * The next pending rows of a batch in order, locked for this transaction (a cancel waits for
 * them, and then finds them sent); rows another lane holds are skipped.
 */
export function lockPendingRows(tx: DbOrTx, bulkSendId: number, limit: number) {
  return tx
    .select()
    .from(bulkSendRows)
    .where(and(eq(bulkSendRows.bulkSendId, bulkSendId), eq(bulkSendRows.state, 'pending')))
    .orderBy(asc(bulkSendRows.rowNumber))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** What the batch's sent rows were reserved: released one by one as they were sent. */
export async function sentRowsCost(db: DbOrTx, bulkSendId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${bulkSendRows.creditsCost}), 0)::int` })
    .from(bulkSendRows)
    .where(and(eq(bulkSendRows.bulkSendId, bulkSendId), eq(bulkSendRows.state, 'sent')));
  return row?.total ?? 0;
}

/** Whether any row of the batch is still to send. */
export async function hasPendingRows(db: DbOrTx, bulkSendId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: bulkSendRows.id })
    .from(bulkSendRows)
    .where(and(eq(bulkSendRows.bulkSendId, bulkSendId), eq(bulkSendRows.state, 'pending')))
    .limit(1);
  return row !== undefined;
}

/** Rows sent, each with its request, in one statement. */
export async function markRowsSent(
  tx: DbOrTx,
  rows: { rowId: number; signRequestId: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.rowId}::int, ${r.signRequestId}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    UPDATE ${bulkSendRows} SET state = 'sent', sign_request_id = v.request_id, error = NULL,
      updated_at = now()
    FROM (VALUES ${values}) AS v(row_id, request_id)
    WHERE ${bulkSendRows.id} = v.row_id`);
}

export function markRowFailed(tx: DbOrTx, rowId: number, error: string) {
  return tx
    .update(bulkSendRows)
    .set({ state: 'failed', error, updatedAt: now })
    .where(eq(bulkSendRows.id, rowId));
}
