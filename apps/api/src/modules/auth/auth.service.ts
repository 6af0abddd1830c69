import { dutchDate } from '../../lib/dutch-date.ts';
import { insertCompanyPlan } from '../billing/plans.repository.ts';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  FREE_PLAN_ID,
  REGISTRATION_CREDITS,
  TWO_FACTOR_CODE_LENGTH,
  TWO_FACTOR_CODE_TTL_MINUTES,
  TWO_FACTOR_MAX_ATTEMPTS,
  messages,
  ssoMessages,
  type Session,
  type activateBody,
  type loginBody,
  type passwordChangeBody,
  type passwordReminderBody,
  type passwordResetBody,
  type registerBody,
} from '@paraaf/contract';
import type { z } from 'zod';
import { companies, twoFactorChallenges, users } from '../../db/schema/index.ts';
import { insertDepartment } from '../departments/departments.repository.ts';
import { assertNotImpersonated, type AuthedCtx, type Ctx } from '../../lib/context.ts';
import {
  createDigits,
  createToken,
  hashPassword,
  sha256,
  verifyPassword,
} from '../../lib/crypto.ts';
import {
  NotFoundError,
  TooManyRequestsError,
  ValidationError,
  isUniqueViolation,
} from '../../lib/errors.ts';
import { countHit, forgiveHits, hitRateLimit } from '../../lib/rate-limit.ts';
import { queueMail } from '../../lib/mail/outbox.ts';
import { passwordResetMail, twoFactorCodeMail, welcomeMail } from '../../lib/mail/account-mails.ts';
import { bookCredits } from '../companies/companies.repository.ts';
import {
  consumeOneTimeToken,
  createOneTimeToken,
  findOneTimeToken,
  findUserByEmail,
} from '../users/users.repository.ts';
import { toUserDto } from '../users/user-dto.ts';
import { isPasswordLoginRefused } from '../sso-settings/password-login.ts';
import { createSession, revokeSession, revokeUserSessions } from '../sessions/sessions.ts';

const PASSWORD_RESET_TTL_MINUTES = 60;

export async function register(ctx: Ctx, input: z.output<typeof registerBody>): Promise<Session> {
  await hitRateLimit(ctx.db, `register:ip:${ctx.ip}`, 20, 3600);
  const emailTaken = () => ValidationError.field('email', messages.emailTaken);
  if (await findUserByEmail(ctx.db, input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [company] = await tx
        .insert(companies)
        .values({ name: input.company, phone: input.phone, paymentPlanId: FREE_PLAN_ID })
        .returning();
      await insertCompanyPlan(tx, {
        companyId: company!.id,
        planId: FREE_PLAN_ID,
        validFrom: dutchDate(new Date()),
        status: 'planned',
        appliedAt: new Date(),
      });
      await bookCredits(
        tx,
        company!.id,
        REGISTRATION_CREDITS,
        'Welkomstcredits',
        `registration:${company!.id}`,
      );
      await insertDepartment(tx, {
        companyId: company!.id,
        name: input.company,
        mailName: input.company,
        isDefault: true,
      });
      const [user] = await tx
        .insert(users)
        .values({
          companyId: company!.id,
          name: input.name,
          email: input.email,
          phone: input.phone,
          passwordHash,
          role: 'admin',
          isActive: true,
          activatedAt: new Date(),
          twoFactorAuth: input.two_factor_auth,
        })
        .returning();
      const token = await createSession(tx, user!.id, ctx.config.sessionTtlHours);
      await queueMail(
        tx,
        ctx.queue,
        user!.email,
        welcomeMail(user!.name, `${ctx.config.appUrl}/nieuwe-ondertekening`),
      );
      return { user: toUserDto(user!, { id: company!.id, name: company!.name }), token };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

export type LoginResult =
  { kind: 'session'; session: Session } | { kind: 'two-factor'; two_factor_hash: string };

/**
 * Password guessing is limited per source address and per account-and-address pair (429); per
 * account, from anywhere, it is not refused (that would let anyone lock anyone out) but after
 * `loginPerAccount` failures the right password also needs the code mailed to the account's
 * owner. An attempt is counted before it is checked and forgiven once it yields a session.
 */
export async function login(ctx: Ctx, input: z.output<typeof loginBody>): Promise<LoginResult> {
  const email = input.email.toLowerCase();
  const limits = ctx.config.limits;
  const window = limits.loginWindowSeconds;
  const account = sha256(email);
  const keys = [
    `login:ip:${ctx.ip}`,
    `login:pair:${account}:${ctx.ip}`,
    `login:account:${account}`,
  ];
  await hitRateLimit(ctx.db, keys[0]!, limits.loginPerIp, window);
  await hitRateLimit(ctx.db, keys[1]!, limits.loginPerAccountAndIp, window);
  const { count: accountAttempts } = await countHit(ctx.db, keys[2]!, window);
  const underAttack = accountAttempts > limits.loginPerAccount;

  const result = await attemptLogin(ctx, email, input, underAttack);
  if (result.kind === 'session') await forgiveHits(ctx.db, keys);
  return result;
}

async function attemptLogin(
  ctx: Ctx,
  email: string,
  input: z.output<typeof loginBody>,
  underAttack: boolean,
): Promise<LoginResult> {
  const failed = () => new ValidationError({ email: [messages.loginFailed] }, messages.loginFailed);
  if (input.two_factor_hash)
    return completeTwoFactor(ctx, email, input.two_factor_hash, input.two_factor_code);

  const user = await findUserByEmail(ctx.db, email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !passwordOk || !user.isActive) throw failed();
  if (await isPasswordLoginRefused(ctx.db, user)) {
    throw new ValidationError(
      { email: [ssoMessages.passwordLoginRefused] },
      ssoMessages.passwordLoginRefused,
    );
  }

  const company = { id: user.companyId, name: await companyName(ctx, user.companyId) };
  if (!user.twoFactorAuth && !underAttack) {
    const token = await createSession(ctx.db, user.id, ctx.config.sessionTtlHours);
    return { kind: 'session', session: { user: toUserDto(user, company), token } };
  }

  const challenge = createToken();
  const code = createDigits(TWO_FACTOR_CODE_LENGTH);
  await ctx.db.transaction(async (tx) => {
    await tx.insert(twoFactorChallenges).values({
      userId: user.id,
      challengeHash: sha256(challenge),
      // Keyed by the challenge, which is stored only hashed: a copy of the table alone does not
      // let anyone test codes offline.
      codeHash: sha256(`${challenge}:${code}`),
      expiresAt: new Date(Date.now() + TWO_FACTOR_CODE_TTL_MINUTES * 60_000),
    });
    await queueMail(tx, ctx.queue, user.email, twoFactorCodeMail(user.name, code), undefined, {
      priority: 'code',
    });
  });
  return { kind: 'two-factor', two_factor_hash: challenge };
}

async function completeTwoFactor(
  ctx: Ctx,
  email: string,
  challenge: string,
  code: string | undefined,
): Promise<LoginResult> {
  const wrong = () =>
    new ValidationError(
      { two_factor_code: [messages.twoFactorCodeWrong] },
      messages.twoFactorCodeWrong,
    );
  if (!code) throw wrong();
  // Count the attempt before comparing, in one statement: parallel guesses each use up a try.
  const [attempt] = await ctx.db
    .update(twoFactorChallenges)
    .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
    .where(
      and(
        eq(twoFactorChallenges.challengeHash, sha256(challenge)),
        isNull(twoFactorChallenges.usedAt),
        gt(twoFactorChallenges.expiresAt, sql`now()`),
        lt(twoFactorChallenges.attempts, TWO_FACTOR_MAX_ATTEMPTS),
      ),
    )
    .returning();
  if (!attempt || attempt.codeHash !== sha256(`${challenge}:${code}`)) throw wrong();

  return ctx.db.transaction(async (tx) => {
    const used = await tx
      .update(twoFactorChallenges)
      .set({ usedAt: sql`now()` })
      .where(and(eq(twoFactorChallenges.id, attempt.id), isNull(twoFactorChallenges.usedAt)))
      .returning({ id: twoFactorChallenges.id });
    if (used.length !== 1) throw wrong();
    const [user] = await tx.select().from(users).where(eq(users.id, attempt.userId));
    if (!user || user.email !== email || !user.isActive) throw wrong();
    const token = await createSession(tx, user.id, ctx.config.sessionTtlHours);
    const [company] = await tx
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, user.companyId));
    return {
      kind: 'session' as const,
      session: { user: toUserDto(user, { id: user.companyId, name: company!.name }), token },
    };
  });
}

async function companyName(ctx: Ctx, companyId: number): Promise<string> {
  const [row] = await ctx.db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row!.name;
}

export async function logout(ctx: AuthedCtx): Promise<void> {
  // An API key has no session to end: it is revoked in the API keys screen.
  if (ctx.auth.tokenId !== null) await revokeSession(ctx.db, ctx.auth.tokenId);
}

export async function checkActivation(
  ctx: Ctx,
  token: string,
): Promise<{ email: string; name: string }> {
  const row = await findOneTimeToken(ctx.db, token, 'activate');
  if (!row || row.user.isActive) throw new NotFoundError();
  return { email: row.user.email, name: row.user.name };
}

export async function activate(
  ctx: Ctx,
  token: string,
  input: z.output<typeof activateBody>,
): Promise<Session> {
  await hitRateLimit(ctx.db, `activate:ip:${ctx.ip}`, 30, 3600);
  const row = await findOneTimeToken(ctx.db, token, 'activate');
  if (!row || row.user.isActive) throw new NotFoundError();
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    if (!(await consumeOneTimeToken(tx, row.token.id))) throw new NotFoundError();
    const [user] = await tx
      .update(users)
      .set({ passwordHash, isActive: true, activatedAt: new Date() })
      .where(eq(users.id, row.user.id))
      .returning();
    const session = await createSession(tx, user!.id, ctx.config.sessionTtlHours);
    const [company] = await tx
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, user!.companyId));
    return { user: toUserDto(user!, { id: user!.companyId, name: company!.name }), token: session };
  });
}

/** Answers the same whether or not the address exists. */
export async function requestPasswordReset(
  ctx: Ctx,
  input: z.output<typeof passwordReminderBody>,
): Promise<void> {
  await hitRateLimit(ctx.db, `reminder:ip:${ctx.ip}`, ctx.config.limits.reminderPerIp, 3600);
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user || !user.isActive) return;
  // Past the per-account limit no more mails go out, but the answer stays the same.
  try {
    await hitRateLimit(ctx.db, `reminder:account:${user.id}`, 5, 3600);
  } catch (error) {
    if (error instanceof TooManyRequestsError) return;
    throw error;
  }
  await ctx.db.transaction(async (tx) => {
    const token = await createOneTimeToken(
      tx,
      user.id,
      'password_reset',
      PASSWORD_RESET_TTL_MINUTES,
    );
    await queueMail(
      tx,
      ctx.queue,
      user.email,
      passwordResetMail(user.name, `${ctx.config.appUrl}/wachtwoord-instellen/${token}`),
      undefined,
      { priority: 'prompt' },
    );
  });
}

export async function resetPassword(
  ctx: Ctx,
  token: string,
  input: z.output<typeof passwordResetBody>,
): Promise<void> {
  await hitRateLimit(ctx.db, `reset:ip:${ctx.ip}`, 30, 3600);
  const invalid = () =>
    new ValidationError({ email: [messages.resetTokenInvalid] }, messages.resetTokenInvalid);
  const row = await findOneTimeToken(ctx.db, token, 'password_reset');
  if (!row || row.user.email !== input.email) throw invalid();
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    if (!(await consumeOneTimeToken(tx, row.token.id))) throw invalid();
    await tx.update(users).set({ passwordHash }).where(eq(users.id, row.user.id));
    await revokeUserSessions(tx, row.user.id);
  });
}

export async function changePassword(
  ctx: AuthedCtx,
  input: z.output<typeof passwordChangeBody>,
): Promise<void> {
  assertNotImpersonated(ctx);
  await hitRateLimit(ctx.db, `password-change:user:${ctx.auth.user.id}`, 10, 900);
  if (!(await verifyPassword(ctx.auth.user.passwordHash, input.oldpassword))) {
    throw ValidationError.field('oldpassword', messages.oldPasswordWrong);
  }
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, ctx.auth.user.id));
    await revokeUserSessions(tx, ctx.auth.user.id, ctx.auth.tokenId ?? undefined);
  });
}
