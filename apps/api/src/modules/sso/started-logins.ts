import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ssoLogins } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';

/** A login started at the identity provider must come back within this time (OIDC and SAML). */
export const LOGIN_TTL_MINUTES = 10;

/**
 * Marks a started login (found by its OIDC state or SAML request id; of `companyId` when given)
 * used and returns it: once only, before it expires.
 */
export async function claimSsoLogin(
  db: DbOrTx,
  key: string,
  protocol: 'oidc' | 'saml',
  companyId?: number,
) {
  const [login] = await db
    .update(ssoLogins)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(ssoLogins.stateHash, sha256(key)),
        eq(ssoLogins.protocol, protocol),
        companyId === undefined ? undefined : eq(ssoLogins.companyId, companyId),
        isNull(ssoLogins.usedAt),
        gt(ssoLogins.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return login ?? null;
}
