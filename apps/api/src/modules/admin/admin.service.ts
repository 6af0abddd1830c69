import { dutchDate } from '../../lib/dutch-date.ts';
import { insertCompanyPlan } from '../billing/plans.repository.ts';
import { eq } from 'drizzle-orm';
import { messages, type Session } from '@paraaf/contract';
import type { DbOrTx } from '../../db/client.ts';
import { companies, impersonationLog, users } from '../../db/schema/index.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { createSession } from '../sessions/sessions.ts';
import { toUserDto } from '../users/user-dto.ts';
import { findUserByEmail } from '../users/users.repository.ts';

const IMPERSONATION_TTL_HOURS = 1;
const PLATFORM_COMPANY = 'Paraaf beheer';
const INVOICE_PLAN_ID = 4;

/**
 * A platform admin opens a session as a company user. The session records both ids, lives only
 * as long as the admin's own session (and at most an hour), and the start is logged with the
 * admin's address. Another platform admin ("holding the admin role" of seed 001: the back-office
 * rights) cannot be impersonated; a company's admin can, as support for a one-person company
 * needs it — that session cannot change the password, two-factor setting or e-mail address.
 */
export async function loginAsUser(ctx: AuthedCtx, userId: number): Promise<Session> {
  const [row] = await ctx.db
    .select({ user: users, companyName: companies.name })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  if (!row || !row.user.isActive) throw new NotFoundError();
  if (row.user.isPlatformAdmin) throw new ForbiddenError(messages.impersonateAdmin);
  const adminTokenId = ctx.auth.tokenId;
  if (adminTokenId === null) throw new ForbiddenError();
  const token = await ctx.db.transaction(async (tx) => {
    await tx.insert(impersonationLog).values({
      userId: row.user.id,
      impersonatorId: ctx.auth.user.id,
      method: 'POST',
      path: '/api/login-as-user',
      statusCode: 200,
      ip: ctx.ip,
    });
    return createSession(tx, row.user.id, IMPERSONATION_TTL_HOURS, {
      userId: ctx.auth.user.id,
      tokenId: adminTokenId,
    });
  });
  return {
    user: toUserDto(row.user, { id: row.user.companyId, name: row.companyName }, ctx.auth.user.id),
    token,
  };
}

/** Creates (or promotes) a platform administrator; used by `npm run create-admin` and on start. */
export async function ensurePlatformAdmin(
  db: DbOrTx,
  input: { email: string; password: string; name: string },
): Promise<'created' | 'updated'> {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await db
      .update(users)
      .set({ isPlatformAdmin: true, passwordHash, isActive: true })
      .where(eq(users.id, existing.id));
    return 'updated';
  }
  let [platform] = await db.select().from(companies).where(eq(companies.isPlatform, true)).limit(1);
  if (!platform) {
    [platform] = await db
      .insert(companies)
      .values({ name: PLATFORM_COMPANY, paymentPlanId: INVOICE_PLAN_ID, isPlatform: true })
      .returning();
    await insertCompanyPlan(db, {
      companyId: platform!.id,
      planId: INVOICE_PLAN_ID,
      validFrom: dutchDate(new Date()),
      status: 'planned',
      appliedAt: new Date(),
    });
  }
  await db.insert(users).values({
    companyId: platform!.id,
    name: input.name,
    email,
    passwordHash,
    role: 'admin',
    isPlatformAdmin: true,
    isActive: true,
    activatedAt: new Date(),
  });
  return 'created';
}
