import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Role, Session, ValidationErrorBody } from '@paraaf/contract';
import { apiTokens, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/crypto.ts';
import type { TestApp } from './app.ts';

export const PASSWORD = 'Geheim-wachtwoord-1';

let seq = 0;
/** A unique address per call, so tests in one database never collide. */
export function uniqueEmail(prefix = 'gebruiker'): string {
  seq += 1;
  return `${prefix}${seq}-${process.pid}@voorbeeld.nl`;
}

// Hashing with argon2 takes a while; every factory user shares one password and so one hash.
let passwordHash: Promise<string> | undefined;

/**
 * An active user of a company, written straight into the database (for tests whose subject is
 * not the invitation flow itself).
 */
export async function createUser(
  t: TestApp,
  companyId: number,
  options: {
    role?: Role;
    email?: string;
    name?: string;
    isActive?: boolean;
    twoFactorAuth?: boolean;
  } = {},
) {
  passwordHash ??= hashPassword(PASSWORD);
  const [user] = await t.db
    .insert(users)
    .values({
      companyId,
      name: options.name ?? 'Collega',
      email: options.email ?? uniqueEmail(options.role ?? 'user'),
      role: options.role ?? 'user',
      passwordHash: await passwordHash,
      isActive: options.isActive ?? true,
      twoFactorAuth: options.twoFactorAuth ?? false,
    })
    .returning();
  return user!;
}

/** Logs in through the API and returns the session; fails the test when login does not succeed. */
export async function login(
  t: TestApp,
  email: string,
  password: string = PASSWORD,
): Promise<Session> {
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<Session>();
}

/** A logged-in user with the given role in the given company. */
export async function createMember(t: TestApp, companyId: number, role: Role): Promise<Session> {
  const user = await createUser(t, companyId, { role });
  return login(t, user.email);
}

export function errorsOf(res: LightMyRequestResponse): Record<string, string[]> {
  return res.json<ValidationErrorBody>().errors;
}

export async function userRow(t: TestApp, id: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function sessionsOf(t: TestApp, userId: number) {
  return t.db.select().from(apiTokens).where(eq(apiTokens.userId, userId));
}

/** GET /api/user with the token: the status says whether the session still works. */
export async function whoAmI(t: TestApp, token: string) {
  return t.request({ method: 'GET', url: '/api/user', token });
}
