import { eq } from 'drizzle-orm';
import {
  billingMessages,
  messages,
  type InviteUserBody,
  type ListQuery,
  type Paginated,
  type UpdateUserBody,
  type User,
} from '@paraaf/contract';
import { users } from '../../db/schema/index.ts';
import { assertNotImpersonated, type AuthedCtx } from '../../lib/context.ts';
import { verifyPassword } from '../../lib/crypto.ts';
import {
  ForbiddenError,
  NotFoundError,
  ValidationError,
  isUniqueViolation,
} from '../../lib/errors.ts';
import { queueMail } from '../../lib/mail/outbox.ts';
import { invitationMail } from '../../lib/mail/account-mails.ts';
import { paginated } from '../../lib/pagination.ts';
import { lockCompany } from '../companies/companies.repository.ts';
import { featuresOf } from '../companies/features.ts';
import { revokeUserSessions } from '../sessions/sessions.ts';
import {
  countCompanyUsers,
  createOneTimeToken,
  findCompanyUser,
  findUserByEmail,
  listCompanyUsers,
} from './users.repository.ts';
import { toUserDto } from './user-dto.ts';

const ACTIVATION_TTL_MINUTES = 7 * 24 * 60;

function companyOf(ctx: AuthedCtx) {
  return { id: ctx.auth.user.companyId, name: ctx.auth.companyName };
}

export function currentUser(ctx: AuthedCtx): User {
  return toUserDto(ctx.auth.user, companyOf(ctx), ctx.auth.impersonatorId);
}

export async function listUsers(ctx: AuthedCtx, query: ListQuery): Promise<Paginated<User>> {
  const { rows, total } = await listCompanyUsers(ctx.db, ctx.auth.user.companyId, query);
  return paginated(
    rows.map((u) => toUserDto(u, companyOf(ctx))),
    total,
    query,
  );
}

export async function inviteUser(ctx: AuthedCtx, input: InviteUserBody): Promise<User> {
  const companyId = ctx.auth.user.companyId;
  const emailTaken = () => ValidationError.field('email', messages.emailTaken);
  try {
    return await ctx.db.transaction(async (tx) => {
      // The company row lock makes the cap hold under parallel invitations. Both refusals are
      // the plan's (seed 001 §6: more than one user needs a standard or premium plan), not the
      // form's: 403, as every missing plan feature is.
      const locked = (await lockCompany(tx, companyId))!;
      if (!featuresOf(locked.company, locked.plan).has('users')) {
        throw new ForbiddenError(billingMessages.featureMissing);
      }
      const cap = locked.plan.usersCap;
      if (cap !== null && (await countCompanyUsers(tx, companyId)) >= cap) {
        throw new ForbiddenError(billingMessages.usersCapReached);
      }
      if (await findUserByEmail(tx, input.email)) throw emailTaken();
      const [user] = await tx
        .insert(users)
        .values({
          companyId,
          name: input.name,
          email: input.email,
          role: input.role,
          isActive: false,
        })
        .returning();
      const token = await createOneTimeToken(tx, user!.id, 'activate', ACTIVATION_TTL_MINUTES);
      await queueMail(
        tx,
        ctx.queue,
        user!.email,
        invitationMail(
          user!.name,
          ctx.auth.companyName,
          ctx.auth.user.name,
          `${ctx.config.appUrl}/activeren/${token}`,
        ),
        undefined,
        { priority: 'prompt' },
      );
      return toUserDto(user!, companyOf(ctx));
    });
  } catch (error) {
    // Another company invited or registered the same address at the same moment.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/**
 * One call for two screens: a user switches its own two-factor setting (switching it off needs
 * the password), and an admin edits a colleague's name and e-mail. The role never changes.
 */
export async function updateUser(ctx: AuthedCtx, id: number, input: UpdateUserBody): Promise<User> {
  const isSelf = id === ctx.auth.user.id;
  const target = isSelf
    ? ctx.auth.user
    : await findCompanyUser(ctx.db, ctx.auth.user.companyId, id);
  if (!target) throw new NotFoundError();
  const editsProfile = input.name !== undefined || input.email !== undefined;
  if (!isSelf || editsProfile) {
    if (!ctx.auth.permissions.has('updateUser')) throw new ForbiddenError();
  }
  if (input.role !== undefined && input.role !== target.role)
    throw ValidationError.field('role', messages.roleFixed);
  // What would hand the account over stays with the user, not an administrator acting as it.
  const changesSecurity =
    (input.email !== undefined && input.email !== target.email) ||
    (input.two_factor_auth !== undefined && input.two_factor_auth !== target.twoFactorAuth);
  if (isSelf && changesSecurity) assertNotImpersonated(ctx);

  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.email !== undefined && input.email !== target.email) {
    const other = await findUserByEmail(ctx.db, input.email);
    if (other) throw ValidationError.field('email', messages.emailTaken);
    changes.email = input.email;
  }
  if (input.two_factor_auth !== undefined && input.two_factor_auth !== target.twoFactorAuth) {
    if (!isSelf)
      throw ValidationError.field('two_factor_auth', 'Alleen de gebruiker zelf kan dit wijzigen');
    if (
      !input.two_factor_auth &&
      !(await verifyPassword(target.passwordHash, input.password ?? ''))
    ) {
      throw ValidationError.field('password', messages.passwordRequiredToDisable2fa);
    }
    changes.twoFactorAuth = input.two_factor_auth;
  }
  if (Object.keys(changes).length === 0)
    return toUserDto(target, companyOf(ctx), isSelf ? ctx.auth.impersonatorId : null);
  const [updated] = await ctx.db
    .update(users)
    .set(changes)
    .where(eq(users.id, target.id))
    .returning()
    .catch((error: unknown) => {
      // The same new address given to two users at the same moment.
      throw isUniqueViolation(error) ? ValidationError.field('email', messages.emailTaken) : error;
    });
  // A changed address ends the sessions opened under the old one.
  if (changes.email && !isSelf) await revokeUserSessions(ctx.db, target.id);
  return toUserDto(updated!, companyOf(ctx), isSelf ? ctx.auth.impersonatorId : null);
}

export async function deleteUser(ctx: AuthedCtx, id: number): Promise<void> {
  const companyId = ctx.auth.user.companyId;
  if (id === ctx.auth.user.id) throw ValidationError.field('id', messages.cannotDeleteSelf);
  await ctx.db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const target = await findCompanyUser(tx, companyId, id);
    if (!target) throw new NotFoundError();
    if ((await countCompanyUsers(tx, companyId)) <= 1)
      throw ValidationError.field('id', messages.cannotDeleteOnlyUser);
    await tx.delete(users).where(eq(users.id, target.id));
  });
}
