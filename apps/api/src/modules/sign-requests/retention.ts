import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { companies, signRequests } from '../../db/schema/index.ts';

/**
 * The states a request ends in: signed, declined, expired, cancelled, invalid input. A failed
 * seal (9) is not among them: the sweep queues the seal again, which needs the files, so a
 * request in 9 keeps its estimate from the expiry date and is purged only once it ends.
 */
export const ENDED_REQUEST_STATES = [4, 5, 7, 8, 50, 51] as const;

/** The company's retention days, read in the statement that uses them. */
const retentionDays = sql`(SELECT ${companies.gdprRetentionDays} FROM ${companies} WHERE ${companies.id} = ${signRequests.companyId})`;

/** The purge moment of a request: its end (or, while it runs, its expiry) + the retention. */
const purgeMoment = (days: SQL) =>
  sql`coalesce(${signRequests.endedAt}, ${signRequests.expiresAt}) + ${days} * interval '1 day'`;

/**
 * Records that a request reached a final state at `at` and sets its purge date from the
 * company's retention days. Call it in the transaction of the state change, after the guarded
 * UPDATE: being a statement of its own, it reads the retention as committed once the request row
 * is locked, so a retention change running at the same time is never half seen (that change
 * updates the request rows first and waits for this row, see recomputePurgeDates).
 * Returns the purge date (null if the row is gone).
 */
export async function markRequestEnded(tx: Tx, requestId: number, at: Date): Promise<Date | null> {
  const [row] = await tx
    .update(signRequests)
    .set({
      endedAt: sql`coalesce(${signRequests.endedAt}, ${at.toISOString()}::timestamptz)`,
      estimatedGdprPurgeAt: sql`coalesce(${signRequests.endedAt}, ${at.toISOString()}::timestamptz) + ${retentionDays} * interval '1 day'`,
    })
    .where(eq(signRequests.id, requestId))
    .returning({ purgeAt: signRequests.estimatedGdprPurgeAt });
  return row?.purgeAt ?? null;
}

/** The estimate of a request being sent: its expiry + the company's retention days. */
export const sentPurgeEstimate = purgeMoment(retentionDays);

/**
 * A new retention period: every sent request of the company not yet purged gets its purge date
 * again, in one UPDATE. Run it before the company row is locked (request rows first, the
 * company last: db/README.md "Locks").
 */
export async function recomputePurgeDates(
  db: DbOrTx,
  companyId: number,
  days: number,
): Promise<number> {
  const rows = await db
    .update(signRequests)
    .set({ estimatedGdprPurgeAt: purgeMoment(sql`${days}::integer`) })
    .where(
      and(
        eq(signRequests.companyId, companyId),
        isNull(signRequests.gdprPurgedAt),
        ne(signRequests.stateId, 1),
      ),
    )
    .returning({ id: signRequests.id });
  return rows.length;
}
