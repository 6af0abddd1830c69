import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { permissionsFor } from '@paraaf/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { apiTokens, companies, users } from '../../db/schema/index.ts';
import { createToken, sha256 } from '../../lib/crypto.ts';
import type { Auth } from '../../lib/context.ts';

/** Creates a bearer session and returns the token; only its hash is stored. */
export async function createSession(
  db: DbOrTx,
  userId: number,
  ttlHours: number,
  impersonatorId: number | null = null,
): Promise<string> {
  const token = createToken();
  await db.insert(apiTokens).values({
    userId,
    tokenHash: sha256(token),
    impersonatorId,
    expiresAt: new Date(Date.now() + ttlHours * 3600_000),
  });
  return token;
}

const preparedLookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

// Runs on every authenticated request: a named prepared statement skips parse and plan.
function prepareLookup(db: Db) {
  return db
    .select({ token: apiTokens, user: users, companyName: companies.name })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(
        eq(apiTokens.tokenHash, sql.placeholder('hash')),
        isNull(apiTokens.revokedAt),
        gt(apiTokens.expiresAt, sql`now()`),
        eq(users.isActive, true),
      ),
    )
    .limit(1)
    .prepare('find_session');
}

/** Resolves a bearer token in one query; sessions slide while in use. */
export async function findSession(db: Db, token: string, ttlHours: number): Promise<Auth | null> {
  let lookup = preparedLookups.get(db);
  if (!lookup) {
    lookup = prepareLookup(db);
    preparedLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ hash: sha256(token) });
  if (!row) return null;
  const ttlMs = ttlHours * 3600_000;
  // Impersonation sessions do not slide: they end when their hour is up.
  if (!row.token.impersonatorId && row.token.expiresAt.getTime() - Date.now() < ttlMs / 2) {
    await db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() + ttlMs) })
      .where(eq(apiTokens.id, row.token.id));
  }
  return {
    user: row.user,
    companyName: row.companyName,
    permissions: new Set(permissionsFor(row.user.role, row.user.isPlatformAdmin)),
    tokenId: row.token.id,
    impersonatorId: row.token.impersonatorId,
  };
}

export async function revokeSession(db: DbOrTx, tokenId: number): Promise<void> {
  await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(eq(apiTokens.id, tokenId));
}

/** Ends every session of a user, except the one given (the caller's own). */
export async function revokeUserSessions(
  db: DbOrTx,
  userId: number,
  exceptTokenId?: number,
): Promise<void> {
  await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(apiTokens.userId, userId),
        isNull(apiTokens.revokedAt),
        exceptTokenId === undefined ? undefined : ne(apiTokens.id, exceptTokenId),
      ),
    );
}
