import { dutchDate } from '../../lib/dutch-date.ts';
import { insertCompanyPlan } from '../billing/plans.repository.ts';
import { eq } from 'drizzle-orm';
import { messages, type Session } from '@paraaf/contract';
import type { DbOrTx } from '../../db/client.ts';
import { companies, users } from '../../db/schema/index.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { createSession } from '../auth/sessions.ts';
import { toUserDto } from '../users/user-dto.ts';
import { findUserByEmail } from '../users/users.repository.ts';

const IMPERSONATION_TTL_HOURS = 1;
const PLATFORM_COMPANY = 'Paraaf beheer';
const INVOICE_PLAN_ID = 4;

/** A platform admin opens a session as a company user; the session records both ids. */
export async function loginAsUser(ctx: AuthedCtx, userId: number): Promise<Session> {
  const [row] = await ctx.db
    .select({ user: users, companyName: companies.name })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  if (!row || !row.user.isActive) throw new NotFoundError();
  if (row.user.role === 'admin' || row.user.isPlatformAdmin)
    throw new ForbiddenError(messages.impersonateAdmin);
  const token = await createSession(ctx.db, row.user.id, IMPERSONATION_TTL_HOURS, ctx.auth.user.id);
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
