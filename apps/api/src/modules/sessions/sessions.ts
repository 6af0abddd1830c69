import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { API_KEY_PREFIX, permissionsFor } from '@paraaf/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { apiTokens, companies, users } from '../../db/schema/index.ts';
import { createToken, sha256 } from '../../lib/crypto.ts';
import type { Auth } from '../../lib/context.ts';

/** A platform admin's own session that opens an impersonation session (login-as-user). */
export interface Impersonator {
  userId: number;
  tokenId: number;
}

/**
 * Creates a bearer session and returns the token; only its hash is stored. An impersonation
 * session is tied to the administrator's own session and ends with it (logout, expiry).
 */
export async function createSession(
  db: DbOrTx,
  userId: number,
  ttlHours: number,
  impersonator: Impersonator | null = null,
): Promise<string> {
  const token = createToken();
  await db.insert(apiTokens).values({
    userId,
    tokenHash: sha256(token),
    impersonatorId: impersonator?.userId ?? null,
    impersonatorTokenId: impersonator?.tokenId ?? null,
    expiresAt: new Date(Date.now() + ttlHours * 3600_000),
  });
  return token;
}

const preparedLookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();
const adminTokens = alias(apiTokens, 'admin_tokens');
const admins = alias(users, 'admins');

// Runs on every authenticated request: a named prepared statement skips parse and plan.
function prepareLookup(db: Db) {
  return db
    .select({ token: apiTokens, user: users, companyName: companies.name })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(adminTokens, eq(adminTokens.id, apiTokens.impersonatorTokenId))
    .leftJoin(admins, eq(admins.id, adminTokens.userId))
    .where(
      and(
        eq(apiTokens.tokenHash, sql.placeholder('hash')),
        isNull(apiTokens.revokedAt),
        gt(apiTokens.expiresAt, sql`now()`),
        eq(users.isActive, true),
        // An impersonation lives only while the administrator's own session and rights do.
        or(
          isNull(apiTokens.impersonatorTokenId),
          and(
            isNull(adminTokens.revokedAt),
            gt(adminTokens.expiresAt, sql`now()`),
            eq(admins.isActive, true),
            eq(admins.isPlatformAdmin, true),
          ),
        ),
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
  const hash = sha256(token);
  const [row] = await lookup.execute({ hash });
  if (!row) {
    known.delete(hash);
    return null;
  }
  const ttlMs = ttlHours * 3600_000;
  let expiresAt = row.token.expiresAt.getTime();
  // Impersonation sessions do not slide: they end when their hour is up.
  if (!row.token.impersonatorId && expiresAt - Date.now() < ttlMs / 2) {
    expiresAt = Date.now() + ttlMs;
    await db
      .update(apiTokens)
      .set({ expiresAt: new Date(expiresAt) })
      .where(eq(apiTokens.id, row.token.id));
  }
  const auth: Auth = {
    user: row.user,
    companyName: row.companyName,
    permissions: new Set(permissionsFor(row.user.role, row.user.isPlatformAdmin)),
    tokenId: row.token.id,
    apiKeyId: null,
    impersonatorId: row.token.impersonatorId,
    impersonatorTokenId: row.token.impersonatorTokenId,
  };
  remember(hash, auth, expiresAt);
  return auth;
}

/**
 * Sessions found recently, by token hash (never the token itself): a route whose own statement
 * checks the session (`sessionGuard`) uses one of these instead of a lookup of its own, which
 * saves a round trip to the database. Never trusted alone: every use is checked by the guard in
 * the same statement and snapshot as the data it reads.
 */
const known = new Map<string, { auth: Auth; expiresAt: number }>();
const MAX_KNOWN = 10_000;

function remember(hash: string, auth: Auth, expiresAt: number): void {
  known.delete(hash);
  if (known.size >= MAX_KNOWN) known.delete(known.keys().next().value!);
  known.set(hash, { auth, expiresAt });
}

/**
 * The session of `token` as last found, while it needs no sliding (else null: the caller looks it
 * up, which slides it). Only for a statement that carries `sessionGuard(auth)`.
 */
export function knownSession(token: string, ttlHours: number): Auth | null {
  // API keys are never taken unchecked: each of their requests is looked up (and rate-counted).
  if (token.startsWith(API_KEY_PREFIX)) return null;
  const entry = known.get(sha256(token));
  if (!entry) return null;
  const left = entry.expiresAt - Date.now();
  const slideDue = !entry.auth.impersonatorId && left < (ttlHours * 3600_000) / 2;
  return left <= 0 || slideDue ? null : entry.auth;
}

/**
 * A boolean SQL expression, true when the session is still what `auth` says: the token neither
 * revoked nor expired, its user active, in the same company, with the same role and platform
 * rights (the same conditions as the lookup). `param(v)` adds a parameter and returns its `$n`.
 */
export function sessionGuard(auth: Auth, param: (value: unknown) => string): string {
  // knownSession never gives out an API key's auth; a guard for one must fail safe.
  if (auth.tokenId === null) return 'false';
  return `EXISTS (SELECT 1 FROM api_tokens t JOIN users u ON u.id = t.user_id
      LEFT JOIN api_tokens a ON a.id = t.impersonator_token_id
      LEFT JOIN users au ON au.id = a.user_id
      WHERE t.id = ${param(auth.tokenId)} AND t.revoked_at IS NULL AND t.expires_at > now()
        AND (t.impersonator_token_id IS NULL OR (a.revoked_at IS NULL AND a.expires_at > now()
          AND au.is_active AND au.is_platform_admin))
        AND u.is_active AND u.company_id = ${param(auth.user.companyId)}
        AND u.role = ${param(auth.user.role)} AND u.is_platform_admin = ${param(auth.user.isPlatformAdmin)})`;
}

/** Ends a session and every impersonation session opened from it. */
export async function revokeSession(db: DbOrTx, tokenId: number): Promise<void> {
  await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        or(eq(apiTokens.id, tokenId), eq(apiTokens.impersonatorTokenId, tokenId)),
        isNull(apiTokens.revokedAt),
      ),
    );
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
