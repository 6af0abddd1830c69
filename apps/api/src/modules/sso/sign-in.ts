import { eq } from 'drizzle-orm';
import { ssoMessages, type Session, type SsoLoginRefusal } from '@paraaf/contract';
import { companies, users } from '../../db/schema/index.ts';
import type { Ctx, UserRow } from '../../lib/context.ts';
import { NotFoundError, isUniqueViolation } from '../../lib/errors.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { lockCompany } from '../companies/companies.repository.ts';
import { createSession } from '../sessions/sessions.ts';
import type { SsoConfigRow } from '../sso-settings/sso-settings.repository.ts';
import { domainOfEmail, findVerifiedDomain } from '../sso-settings/sso-settings.repository.ts';
import {
  consumeOneTimeToken,
  countCompanyUsers,
  createOneTimeToken,
  findOneTimeToken,
  findUserByEmail,
} from '../users/users.repository.ts';
import { toUserDto } from '../users/user-dto.ts';

/** A single sign-on that ends without a session; the login page shows the reason's Dutch text. */
export class SsoRefusedError extends Error {
  constructor(
    readonly reason: SsoLoginRefusal,
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

/** The one-time code the login page trades for a session lives this long. */
const CODE_TTL_MINUTES = 2;

/**
 * The identity provider vouched for `email`: its user logs in, or is made just in time with the
 * company's default role within the plan's user cap. The address must be in a domain this
 * company verified (an identity provider speaks for its own domains only). Answers the one-time
 * code for POST /api/auth/sso/session; no mailed second factor (the provider did its own).
 */
export async function signInSsoUser(
  ctx: Ctx,
  config: SsoConfigRow,
  identity: { email: string; name: string | null },
): Promise<string> {
  const email = identity.email.toLowerCase();
  const domain = await findVerifiedDomain(ctx.db, domainOfEmail(email));
  if (!domain || domain.config.companyId !== config.companyId)
    throw new SsoRefusedError('failed', `address ${email} outside the company's verified domains`);
  try {
    return await ctx.db.transaction(async (tx) => {
      let user: UserRow | null | undefined = await findUserByEmail(tx, email);
      if (user && user.companyId !== config.companyId)
        throw new SsoRefusedError('other-company', `user ${user.id} of company ${user.companyId}`);
      if (user && !user.isActive) {
        // Invited and never activated: the provider's login activates. Deactivated: refused.
        if (user.activatedAt) throw new SsoRefusedError('inactive', `user ${user.id}`);
        [user] = await tx
          .update(users)
          .set({ isActive: true, activatedAt: new Date() })
          .where(eq(users.id, user.id))
          .returning();
      }
      if (!user) {
        const locked = (await lockCompany(tx, config.companyId))!;
        const cap = locked.plan.usersCap;
        if (cap !== null && (await countCompanyUsers(tx, config.companyId)) >= cap)
          throw new SsoRefusedError('cap', `company ${config.companyId} at ${cap} users`);
        [user] = await tx
          .insert(users)
          .values({
            companyId: config.companyId,
            name: identity.name?.trim() || email.slice(0, email.indexOf('@')),
            email,
            role: config.defaultRole,
            isActive: true,
            activatedAt: new Date(),
          })
          .returning();
      }
      return createOneTimeToken(tx, user!.id, 'sso_login', CODE_TTL_MINUTES);
    });
  } catch (error) {
    // The same address made at the same moment by another login or company.
    if (isUniqueViolation(error)) throw new SsoRefusedError('failed', 'concurrent user creation');
    throw error;
  }
}

/** POST /api/auth/sso/session: the code from the login page's address becomes a session. */
export async function exchangeSsoCode(ctx: Ctx, code: string): Promise<Session> {
  await hitRateLimit(ctx.db, `sso:session:ip:${ctx.ip}`, 30, 900);
  const row = await findOneTimeToken(ctx.db, code, 'sso_login');
  if (!row || !row.user.isActive) throw new NotFoundError(ssoMessages.loginExpired);
  return ctx.db.transaction(async (tx) => {
    if (!(await consumeOneTimeToken(tx, row.token.id)))
      throw new NotFoundError(ssoMessages.loginExpired);
    const token = await createSession(tx, row.user.id, ctx.config.sessionTtlHours);
    const [company] = await tx
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, row.user.companyId));
    return { user: toUserDto(row.user, { id: row.user.companyId, name: company!.name }), token };
  });
}
