import { randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  apiKeyMessages,
  billingMessages,
  permissionsFor,
  type Permission,
  type Role,
} from '@paraaf/contract';
import type { Db } from '../../db/client.ts';
import type { Auth } from '../../lib/context.ts';
import { sha256 } from '../../lib/crypto.ts';
import { ForbiddenError } from '../../lib/errors.ts';
import { BatchedRateLimit } from '../../lib/rate-limit.ts';
import type { RouteDoc } from '../../lib/openapi/route-doc.ts';
import { findLiveApiKey, touchApiKey } from './api-keys.repository.ts';

/** Characters of the random part the screen shows after `pk_` to recognise a key. */
const SHOWN_CHARACTERS = 8;

/** A new key: `pk_` + 256 random bits in base64url; only its SHA-256 is stored. */
export function createApiKeyToken(): { token: string; prefix: string; hash: string } {
  const token = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  return {
    token,
    prefix: token.slice(0, API_KEY_PREFIX.length + SHOWN_CHARACTERS),
    hash: sha256(token),
  };
}

/** The key's counter in `rate_limits`: per key, a minute long. */
export function apiKeyLimitKey(id: number): string {
  return `api-key:${id}`;
}

/** The per-key limit of this process: `perMinute` requests a minute, shared by all processes. */
export function apiKeyRateLimit(db: Db, perMinute: number): BatchedRateLimit {
  return new BatchedRateLimit(db, { limit: perMinute, windowSeconds: 60 });
}

export function isApiKeyToken(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/**
 * 403 for a key on a route that takes a session only (`auth: 'session'` in its documentation:
 * users, billing, company settings, API keys, the back office, the user's own security), so
 * what /api/docs says a key may call is what it can call.
 */
export function assertApiKeyMayCall(routeDoc: RouteDoc | undefined): void {
  if (routeDoc?.auth === 'session') throw new ForbiddenError(apiKeyMessages.apiKeyNotAllowed);
}

/**
 * What a key may do: the 'user' role's abilities (sign requests, templates; no users, billing,
 * company settings or API keys), never more than its creator holds now. Routes narrow it
 * further: one declared `auth: 'session'` refuses a key (assertApiKeyMayCall).
 */
export function apiKeyPermissions(creatorRole: Role): Set<Permission> {
  const creator = new Set(permissionsFor(creatorRole, false));
  return new Set(permissionsFor('user', false).filter((p) => creator.has(p)));
}

/**
 * Authenticates a request made with an API key: looked up on every request (no cache, so a
 * revoked key, or one whose creator was deactivated or left, is refused at once in every
 * process), 403 without the company's `api` feature, and counted against the key's rate limit
 * (429 with Retry-After; counted in memory and added to the shared counter in batches, so the
 * lookup is the request's only statement). Null when the key is unknown or dead (401).
 */
export async function authenticateApiKey(
  db: Db,
  token: string,
  limit: BatchedRateLimit,
): Promise<Auth | null> {
  const row = await findLiveApiKey(db, sha256(token));
  if (!row) return null;
  if (!row.hasApiFeature) throw new ForbiddenError(billingMessages.featureMissing);
  limit.hit(apiKeyLimitKey(row.id));
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() >= 60_000) {
    await touchApiKey(db, row.id);
  }
  return {
    user: row.user,
    companyName: row.companyName,
    permissions: apiKeyPermissions(row.user.role),
    tokenId: null,
    apiKeyId: row.id,
    impersonatorId: null,
    impersonatorTokenId: null,
  };
}
