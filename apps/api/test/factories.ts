import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Role, Session, ValidationErrorBody } from '@paraaf/contract';
import {
  apiTokens,
  companies,
  companyPlans,
  departments,
  paymentPlans,
  signables,
  signerLinks,
  signers,
  signRequests,
  users,
} from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/crypto.ts';
import { dutchDate } from '../src/lib/dutch-date.ts';
import { registerCompany, type TestApp } from './app.ts';
import { makePdf } from './fixtures/documents.ts';
import { multipart } from './fixtures/multipart.ts';

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

/** The plans every installation has (migration 0001): 1 free, 2 standard, 3 premium, 4 invoice. */
export const PLAN = { free: 1, standard: 2, premium: 3, invoice: 4 } as const;

/**
 * Puts a company on a plan from today, as taking a plan effect does: the plan in effect
 * (companies.payment_plan_id) and a row in its plan history, in one transaction. For tests whose
 * subject is not choosing a plan (a freshly registered company is on the free plan, which has
 * one user and no templates, departments or e-mail templates).
 */
export async function setPlan(t: TestApp, companyId: number, planId: number): Promise<void> {
  await t.db.transaction(async (tx) => {
    await tx.update(companies).set({ paymentPlanId: planId }).where(eq(companies.id, companyId));
    await tx
      .insert(companyPlans)
      // In effect from now (applied_at): not a pending change the plans or the billing job act on.
      .values({
        companyId,
        planId,
        validFrom: dutchDate(new Date()),
        status: 'planned',
        appliedAt: new Date(),
      });
  });
}

/** Registers a company through the API (as registerCompany) and puts it on `planId` at once. */
export async function registerCompanyOnPlan(
  t: TestApp,
  planId: number,
  overrides: Record<string, unknown> = {},
): ReturnType<typeof registerCompany> {
  const session = await registerCompany(t, overrides);
  await setPlan(t, session.user.company.id, planId);
  return session;
}

/**
 * A custom plan (a platform admin's, seed 001 §5) with the given features and prices, for tests
 * of what a plan without a feature, or with euro prices, does. Not linked to any company.
 */
export async function createCustomPlan(
  t: TestApp,
  values: Partial<typeof paymentPlans.$inferInsert> = {},
) {
  const [plan] = await t.db
    .insert(paymentPlans)
    .values({ name: 'Maatwerk', type: 'month', custom: true, features: [], ...values })
    .returning();
  return plan!;
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

/**
 * A draft sign request (state 1) written straight into the database, with `signers` signers
 * (e-mail verification, Dutch unless given) and `signables` document rows (no file is stored:
 * for tests that do not read the PDF).
 */
export async function createDraftSignRequest(
  t: TestApp,
  companyId: number,
  options: {
    userId?: number;
    signers?: number | Partial<typeof signers.$inferInsert>[];
    signables?: number;
    isSync?: boolean;
    subject?: string;
    message?: string;
    expiresAt?: Date;
  } = {},
) {
  const [department] = await t.db
    .select()
    .from(departments)
    .where(eq(departments.companyId, companyId))
    .orderBy(departments.id)
    .limit(1);
  const [request] = await t.db
    .insert(signRequests)
    .values({
      companyId,
      userId: options.userId ?? null,
      departmentId: department?.id ?? null,
      isSync: options.isSync ?? false,
      subject: options.subject ?? 'Graag je handtekening',
      message: options.message ?? 'Hierbij het contract. [[link]]',
      expiresAt: options.expiresAt ?? new Date(Date.now() + 7 * 24 * 3600 * 1000),
    })
    .returning();
  const specs =
    typeof options.signers === 'number'
      ? Array.from({ length: options.signers }, () => ({}))
      : (options.signers ?? [{}]);
  const signerRows = [];
  for (const [i, spec] of specs.entries()) {
    const [row] = await t.db
      .insert(signers)
      .values({
        firstname: `Onder${i + 1}`,
        lastname: 'Tekenaar',
        email: uniqueEmail('signer'),
        verifications: [1],
        ...spec,
        signRequestId: request!.id,
        companyId,
        position: i + 1,
      })
      .returning();
    await recordSeededLink(t.db, row!);
    signerRows.push(row!);
  }
  const signableRows = [];
  for (let i = 0; i < (options.signables ?? 1); i++) {
    const [row] = await t.db
      .insert(signables)
      .values({
        signRequestId: request!.id,
        companyId,
        position: i,
        name: `Document ${i + 1}`,
        filename: `document-${i + 1}.pdf`,
        size: 1000,
        pageCount: 1,
        pages: [{ width: 595, height: 842 }],
        storageKey: `test/${request!.id}/${i}`,
        sha256: '0'.repeat(64),
      })
      .returning();
    signableRows.push(row!);
  }
  return { request: request!, signers: signerRows, signables: signableRows };
}

/** A signer as POST /api/sign-requests/{id}/signers takes it; what is left out has a default. */
export interface ApiSignerInput {
  firstname?: string;
  lastname?: string;
  email?: string;
  verifications?: number[];
  reminder_after?: number;
  max_reminders?: number;
  delivery?: 'email' | 'embedded';
  routing_order?: number;
}

/**
 * A draft made through the API as an integrator makes one, with `token` (a session or an API
 * key): the request ('Huurcontract'), its `signers` (one by default; a unique address each) and
 * `documents` one-page PDFs (none by default). Every call must succeed. Returns the request's id
 * the signers' addresses and the documents' ids, in order.
 */
export async function createDraftThroughApi(
  t: TestApp,
  token: string,
  options: { signers?: ApiSignerInput[]; documents?: number } = {},
): Promise<{ id: number; emails: string[]; signableIds: number[] }> {
  const created = await t.request({
    method: 'POST',
    url: '/api/sign-requests',
    token,
    payload: {
      expires_at: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
      subject: 'Huurcontract',
      message: 'Graag tekenen: [[link]]',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ id: number }>().id;
  const emails: string[] = [];
  for (const [i, signer] of (options.signers ?? [{}]).entries()) {
    const payload = {
      firstname: 'Ondertekenaar',
      lastname: String(i + 1),
      email: uniqueEmail('ondertekenaar'),
      verifications: [1],
      reminder_after: 7,
      max_reminders: 1,
      ...signer,
    };
    const res = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${id}/signers`,
      token,
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    emails.push(payload.email);
  }
  const signableIds: number[] = [];
  for (let i = 0; i < (options.documents ?? 0); i++) {
    const upload = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${id}/signables`,
      token,
      ...multipart({ name: 'Huurcontract' }, [{ content: await makePdf(1), filename: 'huur.pdf' }]),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    signableIds.push(upload.json<{ id: number }>().id);
  }
  return { id, emails, signableIds };
}

/** A bare sign request row (draft unless `stateId` says otherwise), for the documents tests. */
export async function insertSignRequest(
  db: TestApp['db'],
  options: {
    companyId: number;
    userId?: number | null;
    stateId?: number;
    viewerUserId?: number | null;
  },
) {
  const [row] = await db
    .insert(signRequests)
    .values({
      companyId: options.companyId,
      userId: options.userId ?? null,
      stateId: options.stateId ?? 1,
      viewerUserId: options.viewerUserId ?? null,
      subject: 'Graag je handtekening',
      message: 'Hierbij het contract. [[link]]',
      expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000),
    })
    .returning();
  return row!;
}

/**
 * A sign request in any state with named signers and documents, written straight into the
 * database (for the list and detail tests): `seedSignRequest(t.db, { companyId, signers:
 * [{ firstname: 'Jan', lastname: 'Jansen' }], signables: ['Huurcontract'] })`.
 */
export async function seedSignRequest(
  db: TestApp['db'],
  options: {
    companyId: number;
    userId?: number | null;
    stateId?: number;
    createdAt?: Date;
    viewerUserId?: number | null;
    departmentId?: number | null;
    subject?: string;
    customFields?: {
      name: string;
      description?: string | null;
      required?: boolean;
      value: string | null;
    }[];
    signers?: Partial<typeof signers.$inferInsert>[];
    signables?: (string | Partial<typeof signables.$inferInsert>)[];
  },
) {
  const [request] = await db
    .insert(signRequests)
    .values({
      companyId: options.companyId,
      userId: options.userId ?? null,
      stateId: options.stateId ?? 1,
      viewerUserId: options.viewerUserId ?? null,
      departmentId: options.departmentId ?? null,
      subject: options.subject ?? 'Graag je handtekening',
      message: 'Hierbij het contract. [[link]]',
      customFields: (options.customFields ?? []).map((f) => ({
        name: f.name,
        description: f.description ?? null,
        required: f.required ?? false,
        value: f.value,
      })),
      expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000),
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning();
  const signerRows = [];
  for (const [i, spec] of (options.signers ?? [{}]).entries()) {
    const [row] = await db
      .insert(signers)
      .values({
        firstname: `Onder${i + 1}`,
        lastname: 'Tekenaar',
        email: uniqueEmail('signer'),
        verifications: [1],
        ...spec,
        signRequestId: request!.id,
        companyId: options.companyId,
        position: spec.position ?? i + 1,
      })
      .returning();
    await recordSeededLink(db, row!);
    signerRows.push(row!);
  }
  const signableRows = [];
  for (const [i, spec] of (options.signables ?? ['Document']).entries()) {
    const [row] = await db
      .insert(signables)
      .values({
        filename: `document-${i + 1}.pdf`,
        size: 1000,
        pageCount: 1,
        pages: [{ width: 595, height: 842 }],
        storageKey: `test/${request!.id}/${i}`,
        sha256: '0'.repeat(64),
        ...(typeof spec === 'string' ? { name: spec } : { name: `Document ${i + 1}`, ...spec }),
        signRequestId: request!.id,
        companyId: options.companyId,
        position: i,
      })
      .returning();
    signableRows.push(row!);
  }
  return { request: request!, signers: signerRows, signables: signableRows };
}

/** A signer written with a link token (as a sent request has) gets that link recorded too. */
async function recordSeededLink(
  db: TestApp['db'],
  signer: { id: number; tokenHash: string | null },
): Promise<void> {
  if (signer.tokenHash) {
    await db.insert(signerLinks).values({ tokenHash: signer.tokenHash, signerId: signer.id });
  }
}
