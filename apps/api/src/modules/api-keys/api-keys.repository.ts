import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { apiKeys, companies, users } from '../../db/schema/index.ts';
import { companyHasFeature } from '../companies/companies.repository.ts';

const live = (companyId: number) =>
  and(eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt));

const listed = {
  key: apiKeys,
  creator: { id: users.id, name: users.name },
};

export type ApiKeyListRow = {
  key: typeof apiKeys.$inferSelect;
  creator: { id: number; name: string } | null;
};

/** The company's live keys, a page at a time (revoked keys are kept, not listed). */
export async function findApiKeyPage(
  db: DbOrTx,
  companyId: number,
  page: { direction: 'asc' | 'desc'; limit: number; offset: number },
): Promise<{ rows: ApiKeyListRow[]; total: number }> {
  const by = page.direction === 'asc' ? asc : desc;
  const rows = await db
    .select(listed)
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdByUserId))
    .where(live(companyId))
    .orderBy(by(apiKeys.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ count: count() }).from(apiKeys).where(live(companyId));
  return { rows, total: total?.count ?? 0 };
}

export async function insertApiKey(db: DbOrTx, values: typeof apiKeys.$inferInsert) {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row!;
}

/** Revokes a live key of the company; false when there is none (another company's: 404). */
export async function revokeApiKey(db: DbOrTx, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.id, id), live(companyId)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

const preparedLookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

// Runs on every request made with a key: a named prepared statement skips parse and plan.
function prepareLookup(db: Db) {
  return (
    db
      .select({
        id: apiKeys.id,
        lastUsedAt: apiKeys.lastUsedAt,
        user: users,
        companyName: companies.name,
        hasApiFeature: companyHasFeature(apiKeys.companyId, 'api'),
      })
      .from(apiKeys)
      // The creator acts, and only while active and still in the key's company.
      .innerJoin(
        users,
        and(eq(users.id, apiKeys.createdByUserId), eq(users.companyId, apiKeys.companyId)),
      )
      .innerJoin(companies, eq(companies.id, apiKeys.companyId))
      .where(
        and(
          eq(apiKeys.keyHash, sql.placeholder('hash')),
          isNull(apiKeys.revokedAt),
          eq(users.isActive, true),
        ),
      )
      .limit(1)
      .prepare('find_api_key')
  );
}

/** The live key with this hash, its acting user and whether its company has the api feature. */
export async function findLiveApiKey(db: Db, keyHash: string) {
  let lookup = preparedLookups.get(db);
  if (!lookup) {
    lookup = prepareLookup(db);
    preparedLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ hash: keyHash });
  return row ?? null;
}

/** Records a use, at most once a minute per key (a busy key does not write on every request). */
export async function touchApiKey(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, id),
        sql`(${apiKeys.lastUsedAt} IS NULL OR ${apiKeys.lastUsedAt} < now() - interval '1 minute')`,
      ),
    );
}
