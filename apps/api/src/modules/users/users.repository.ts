import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ListQuery } from '@paraaf/contract';
import type { DbOrTx } from '../../db/client.ts';
import { oneTimeTokens, users } from '../../db/schema/index.ts';
import { createToken, sha256 } from '../../lib/crypto.ts';

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return user ?? null;
}

/** A user of the given company; another company's user does not exist for the caller. */
export async function findCompanyUser(db: DbOrTx, companyId: number, id: number) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.companyId, companyId)))
    .limit(1);
  return user ?? null;
}

export async function countCompanyUsers(db: DbOrTx, companyId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.companyId, companyId));
  return Number(row?.n ?? 0);
}

/** Every user of the company, oldest first (the first is the one invoices and the back office name). */
export async function listCompanyUsersBrief(db: DbOrTx, companyId: number) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(asc(users.id));
}

/** The company's first active admin (oldest): who the payment provider and invoices address. */
export async function findFirstAdmin(db: DbOrTx, companyId: number) {
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 'admin'), eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .limit(1);
  return user ?? null;
}

const orderColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  created_at: users.createdAt,
} as const;

export async function listCompanyUsers(db: DbOrTx, companyId: number, query: ListQuery) {
  const [column, direction] = query.order.split(',') as [keyof typeof orderColumns, 'asc' | 'desc'];
  const order = direction === 'asc' ? asc(orderColumns[column]) : desc(orderColumns[column]);
  const rows = await db
    .select()
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(order, desc(users.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const total = await countCompanyUsers(db, companyId);
  return { rows, total };
}

/** What a single-use token is for: an invitation, a password reset, finishing a single sign-on. */
export type OneTimePurpose = 'activate' | 'password_reset' | 'sso_login';

/** Creates a single-use link token (activation or password reset); returns the plain token. */
export async function createOneTimeToken(
  db: DbOrTx,
  userId: number,
  purpose: OneTimePurpose,
  ttlMinutes: number,
): Promise<string> {
  const token = createToken();
  await db.insert(oneTimeTokens).values({
    userId,
    purpose,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + ttlMinutes * 60_000),
  });
  return token;
}

export async function findOneTimeToken(db: DbOrTx, token: string, purpose: OneTimePurpose) {
  const [row] = await db
    .select({ token: oneTimeTokens, user: users })
    .from(oneTimeTokens)
    .innerJoin(users, eq(users.id, oneTimeTokens.userId))
    .where(
      and(
        eq(oneTimeTokens.tokenHash, sha256(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Marks a link token used; false when a parallel request used it first. */
export async function consumeOneTimeToken(db: DbOrTx, id: number): Promise<boolean> {
  const used = await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oneTimeTokens.id, id), isNull(oneTimeTokens.usedAt)))
    .returning({ id: oneTimeTokens.id });
  return used.length === 1;
}
