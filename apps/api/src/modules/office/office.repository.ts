import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { oauthStates, officeTenants } from '../../db/schema/index.ts';

export async function insertOauthState(
  db: DbOrTx,
  row: { stateHash: string; userId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(oauthStates).values(row);
}

/** States that expired a day ago are of no use to anyone; removed as new ones are made. */
export async function deleteOauthStatesExpiredBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, before));
}

/** The caller's state, unused and unexpired; null when not (or not theirs). */
export async function findLiveOauthState(
  db: DbOrTx,
  stateHash: string,
  userId: number,
  now: Date,
): Promise<{ id: number } | null> {
  const [row] = await db
    .select({ id: oauthStates.id })
    .from(oauthStates)
    .where(liveStateOf(stateHash, userId, now));
  return row ?? null;
}

/**
 * Marks the caller's live state used in one guarded statement: of two parallel callbacks with the
 * same state one wins. False when it was unknown, used, expired or another user's.
 */
export async function useOauthState(
  db: DbOrTx,
  stateHash: string,
  userId: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(liveStateOf(stateHash, userId, now))
    .returning({ id: oauthStates.id });
  return rows.length === 1;
}

function liveStateOf(stateHash: string, userId: number, now: Date) {
  return and(
    eq(oauthStates.stateHash, stateHash),
    eq(oauthStates.userId, userId),
    isNull(oauthStates.usedAt),
    gt(oauthStates.expiresAt, now),
  );
}

export async function insertOfficeTenant(
  db: DbOrTx,
  row: { tenantId: string; consentedBy: number },
): Promise<void> {
  await db.insert(officeTenants).values(row);
}
