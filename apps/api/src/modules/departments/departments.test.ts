import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingMessages,
  departmentMessages,
  messages,
  signingMessages,
  type Department,
  type Session,
} from '@paraaf/contract';
import { departments, mails, signables, signers, signRequests } from '../../db/schema/index.ts';
import type { Queue } from '../../lib/queue/queue.ts';
import { createStorage } from '../../lib/storage/create-storage.ts';
import { createPaymentProvider } from '../../lib/payments/create-payment-provider.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import {
  createDraftSignRequest,
  createMember,
  errorsOf,
  PLAN,
  registerCompanyOnPlan,
  seedSignRequest,
  setPlan,
  uniqueEmail,
} from '../../../test/factories.ts';
import { makePdf } from '../../../test/fixtures/documents.ts';
import { linkFrom } from '../../../test/smtp.ts';
import { OpenApiChecker } from '../../../test/openapi-checker.ts';
import { sweepSignRequests } from '../sign-requests/sweep-sign-requests.ts';

const DAY = 24 * 3600 * 1000;

let t: TestApp;
/** An admin on the standard plan (departments feature), its user and viewer. */
let admin: Session;
let user: Session;
let viewer: Session;
/** An admin of another company with the feature. */
let stranger: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompanyOnPlan(t, PLAN.standard, { company: 'Makelaardij Zonneveld' });
  user = await createMember(t, admin.user.company.id, 'user');
  viewer = await createMember(t, admin.user.company.id, 'viewer');
  stranger = await registerCompanyOnPlan(t, PLAN.standard, { company: 'Concurrent BV' });
});
afterAll(() => t?.close());

const list = (token?: string) => t.request({ method: 'GET', url: '/api/departments', token });
const create = (token: string | undefined, payload: unknown) =>
  t.request({ method: 'POST', url: '/api/departments', token, payload: payload as object });
const update = (token: string | undefined, id: number, payload: unknown) =>
  t.request({ method: 'POST', url: `/api/departments/${id}`, token, payload: payload as object });
const remove = (token: string | undefined, id: number) =>
  t.request({ method: 'DELETE', url: `/api/departments/${id}`, token });

async function departmentsOf(token: string): Promise<Department[]> {
  const res = await list(token);
  expect(res.statusCode).toBe(200);
  return res.json<{ data: Department[] }>().data;
}

async function defaultOf(token: string): Promise<Department> {
  return (await departmentsOf(token)).find((d) => d.is_default)!;
}

async function created(token: string, name: string, mailName = name): Promise<Department> {
  const res = await create(token, { name, mail_name: mailName });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Department>();
}

describe('GET /api/departments', () => {
  it('needs a session and is forbidden for a viewer', async () => {
    expect((await list()).statusCode).toBe(401);
    const res = await list(viewer.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: messages.forbidden });
  });

  it("lists the caller's company's departments only, the default one first", async () => {
    const data = await departmentsOf(user.token);
    expect(data[0]).toEqual({
      id: expect.any(Number) as number,
      name: 'Makelaardij Zonneveld',
      mail_name: 'Makelaardij Zonneveld',
      mail_from: null,
      is_default: true,
    });
    expect(data.map((d) => d.name)).not.toContain('Concurrent BV');
  });
});

describe('POST /api/departments (create)', () => {
  it('needs a session, the company admin, and the departments feature', async () => {
    const body = { name: 'Verhuur', mail_name: 'Verhuur' };
    expect((await create(undefined, body)).statusCode).toBe(401);
    expect((await create(user.token, body)).statusCode).toBe(403);
    expect((await create(viewer.token, body)).statusCode).toBe(403);
    const free = await registerCompany(t);
    const res = await create(free.token, body);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: billingMessages.featureMissing });
    expect(await departmentsOf(free.token)).toHaveLength(1);
  });

  it('answers Dutch 422s per field for empty, missing and too long values', async () => {
    const empty = await create(admin.token, { name: '  ', mail_name: '' });
    expect(empty.statusCode).toBe(422);
    expect(errorsOf(empty)).toEqual({
      name: [messages.required],
      mail_name: [messages.required],
    });
    const missing = await create(admin.token, {});
    expect(errorsOf(missing)).toEqual({
      name: [messages.required],
      mail_name: [messages.required],
    });
    const long = await create(admin.token, { name: 'a'.repeat(256), mail_name: 'b'.repeat(256) });
    expect(long.statusCode).toBe(422);
    expect(errorsOf(long)).toEqual({
      name: [messages.maxLength],
      mail_name: [messages.maxLength],
    });
    const notText = await create(admin.token, { name: 5, mail_name: ['x'] });
    expect(notText.statusCode).toBe(422);
  });

  it('adds a department (201), listed after the default one', async () => {
    const department = await created(admin.token, ' Afdeling Verhuur ', 'Zonneveld Verhuur');
    expect(department).toEqual({
      id: expect.any(Number) as number,
      name: 'Afdeling Verhuur',
      mail_name: 'Zonneveld Verhuur',
      mail_from: null,
      is_default: false,
    });
    const data = await departmentsOf(user.token);
    expect(data[0]!.is_default).toBe(true);
    expect(data).toContainEqual(department);
  });
});

describe('POST /api/departments/{id} (rename, mail sender name)', () => {
  it('needs a session and the company admin; another company’s department is a 404', async () => {
    const own = await defaultOf(admin.token);
    const body = { name: 'X', mail_name: 'Y' };
    expect((await update(undefined, own.id, body)).statusCode).toBe(401);
    expect((await update(user.token, own.id, body)).statusCode).toBe(403);
    expect((await update(viewer.token, own.id, body)).statusCode).toBe(403);
    const theirs = await defaultOf(stranger.token);
    expect((await update(admin.token, theirs.id, body)).statusCode).toBe(404);
    expect((await update(admin.token, 2147483647, body)).statusCode).toBe(404);
    expect(await defaultOf(stranger.token)).toEqual(theirs);
  });

  it('answers Dutch 422s per field', async () => {
    const own = await defaultOf(admin.token);
    const res = await update(admin.token, own.id, { name: '', mail_name: 'c'.repeat(256) });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({
      name: [messages.required],
      mail_name: [messages.maxLength],
    });
  });

  it('edits the default department, on a plan without the feature too', async () => {
    const free = await registerCompany(t, { company: 'Bakkerij Brood' });
    const own = await defaultOf(free.token);
    const res = await update(free.token, own.id, {
      name: 'Bakkerij Brood',
      mail_name: 'Bakker Brood',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...own, mail_name: 'Bakker Brood' });
    expect(await defaultOf(free.token)).toEqual({ ...own, mail_name: 'Bakker Brood' });
  });

  it('hides extra departments after a downgrade: not listed, not editable, kept', async () => {
    const company = await registerCompanyOnPlan(t, PLAN.standard);
    const extra = await created(company.token, 'Filiaal Noord');
    await setPlan(t, company.user.company.id, PLAN.free);
    expect((await departmentsOf(company.token)).map((d) => d.id)).not.toContain(extra.id);
    const res = await update(company.token, extra.id, { name: 'Noord', mail_name: 'Noord' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: billingMessages.featureMissing });
    expect((await remove(company.token, extra.id)).statusCode).toBe(403);
    await setPlan(t, company.user.company.id, PLAN.standard);
    expect(await departmentsOf(company.token)).toContainEqual(extra);
  });
});

describe('DELETE /api/departments/{id}', () => {
  it('needs a session, the company admin and the feature; another company’s is a 404', async () => {
    const extra = await created(admin.token, 'Tijdelijk');
    expect((await remove(undefined, extra.id)).statusCode).toBe(401);
    expect((await remove(user.token, extra.id)).statusCode).toBe(403);
    expect((await remove(viewer.token, extra.id)).statusCode).toBe(403);
    expect((await remove(stranger.token, extra.id)).statusCode).toBe(404);
    expect(await departmentsOf(admin.token)).toContainEqual(extra);
  });

  it('never removes the default department', async () => {
    const own = await defaultOf(admin.token);
    const res = await remove(admin.token, own.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: departmentMessages.defaultNotRemovable });
    expect(await defaultOf(admin.token)).toEqual(own);
  });

  it('refuses while open requests use it (naming the count); finished ones keep its name', async () => {
    const companyId = admin.user.company.id;
    const extra = await created(admin.token, 'Afdeling Beheer');
    const draft = await seedSignRequest(t.db, { companyId, departmentId: extra.id, stateId: 1 });
    const running = await seedSignRequest(t.db, { companyId, departmentId: extra.id, stateId: 3 });
    const done = await seedSignRequest(t.db, { companyId, departmentId: extra.id, stateId: 5 });

    const two = await remove(admin.token, extra.id);
    expect(two.statusCode).toBe(409);
    expect(two.json()).toEqual({ message: departmentMessages.inUse(2) });
    expect(departmentMessages.inUse(2)).toContain('2 lopende ondertekeningen');
    await t.db
      .update(signRequests)
      .set({ stateId: 8 })
      .where(eq(signRequests.id, draft.request.id));
    const one = await remove(admin.token, extra.id);
    expect(one.json()).toEqual({ message: departmentMessages.inUse(1) });
    expect(await departmentsOf(admin.token)).toContainEqual(extra);

    await t.db
      .update(signRequests)
      .set({ stateId: 4 })
      .where(eq(signRequests.id, running.request.id));
    expect((await remove(admin.token, extra.id)).statusCode).toBe(204);
    expect((await departmentsOf(admin.token)).map((d) => d.id)).not.toContain(extra.id);
    // Gone for the company: not editable, not removable again, not chosen for a new request.
    expect((await update(admin.token, extra.id, { name: 'a', mail_name: 'b' })).statusCode).toBe(
      404,
    );
    expect((await remove(admin.token, extra.id)).statusCode).toBe(404);
    const chosen = await t.request({
      method: 'POST',
      url: '/api/sign-requests',
      token: admin.token,
      payload: {
        expires_at: new Date(Date.now() + 7 * DAY).toISOString(),
        subject: 'Contract',
        message: 'Hierbij [[link]]',
        department_id: extra.id,
      },
    });
    expect(chosen.statusCode).toBe(422);
    expect(errorsOf(chosen)).toEqual({ department_id: [signingMessages.departmentInvalid] });
    // The finished request still shows the department it was sent on behalf of.
    const detail = await t.request({
      method: 'GET',
      url: `/api/sign-requests/${done.request.id}`,
      token: admin.token,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json<{ department: unknown }>().department).toEqual({
      id: extra.id,
      name: 'Afdeling Beheer',
    });
  });
});

describe('removal racing new requests', () => {
  it('never leaves an open request on a removed department', async () => {
    const extra = await created(admin.token, 'Afdeling Race');
    const payload = {
      expires_at: new Date(Date.now() + 7 * DAY).toISOString(),
      subject: 'Contract',
      message: 'Hierbij [[link]]',
      department_id: extra.id,
    };
    const creates = Array.from({ length: 12 }, () =>
      t.request({ method: 'POST', url: '/api/sign-requests', token: admin.token, payload }),
    );
    const [removal, ...answers] = await Promise.all([remove(admin.token, extra.id), ...creates]);
    const made = answers.filter((a) => a.statusCode === 201).length;
    expect(made + answers.filter((a) => a.statusCode === 422).length).toBe(answers.length);
    const open = await t.db
      .select()
      .from(signRequests)
      .where(and(eq(signRequests.departmentId, extra.id), eq(signRequests.stateId, 1)));
    expect(open).toHaveLength(made);
    // Either the removal came first (and every later request was refused) or it was refused
    // naming the requests made before it (more may follow once it was refused).
    if (removal.statusCode === 204) {
      expect(made).toBe(0);
    } else {
      expect(removal.statusCode).toBe(409);
      const counted = Array.from({ length: made }, (_, i) => departmentMessages.inUse(i + 1));
      expect(counted).toContain(removal.json<{ message: string }>().message);
    }
  });
});

describe('POST /api/sign-requests department_id', () => {
  const body = (departmentId?: number) => ({
    expires_at: new Date(Date.now() + 7 * DAY).toISOString(),
    subject: 'Contract',
    message: 'Hierbij [[link]]',
    ...(departmentId === undefined ? {} : { department_id: departmentId }),
  });
  const createRequest = (token: string, departmentId?: number) =>
    t.request({ method: 'POST', url: '/api/sign-requests', token, payload: body(departmentId) });
  const departmentOfRequest = async (id: number) =>
    (await t.db.select().from(signRequests).where(eq(signRequests.id, id)))[0]!.departmentId;

  it("refuses another company's department with a 422 on department_id", async () => {
    const theirs = await defaultOf(stranger.token);
    const res = await createRequest(admin.token, theirs.id);
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ department_id: [signingMessages.departmentInvalid] });
  });

  it('takes the chosen department, or the default one when none is given', async () => {
    const extra = await created(admin.token, 'Afdeling Kiezen');
    const chosen = await createRequest(admin.token, extra.id);
    expect(chosen.statusCode).toBe(201);
    expect(await departmentOfRequest(chosen.json<{ id: number }>().id)).toBe(extra.id);
    const none = await createRequest(user.token);
    expect(none.statusCode).toBe(201);
    expect(await departmentOfRequest(none.json<{ id: number }>().id)).toBe(
      (await defaultOf(admin.token)).id,
    );
  });
});

/** Records what the sweep would enqueue; its mails are rows in `mails`, read there. */
function recordingQueue(): Queue {
  return {
    enqueue: () => Promise.resolve(true),
    enqueueLater: () => Promise.resolve(),
    work: () => Promise.resolve(),
    onStop: () => undefined,
    check: () => Promise.resolve(),
    stop: () => Promise.resolve(),
  };
}

describe("the department's mail_name is the From name of every mail of a request", () => {
  const fromName = 'Zonneveld Verkoop';
  let companyId: number;
  let department: Department;
  beforeAll(async () => {
    companyId = admin.user.company.id;
    department = await created(admin.token, 'Afdeling Verkoop', fromName);
  });

  /** A draft on the department with real stored PDFs, sent through the API (invitations). */
  async function sent(signerSpecs: Partial<typeof signers.$inferInsert>[]) {
    const draft = await createDraftSignRequest(t, companyId, {
      userId: admin.user.id,
      signers: signerSpecs,
    });
    const storage = createStorage(t.config);
    for (const s of draft.signables) {
      const pdf = await makePdf(1);
      const key = `companies/${companyId}/signables/department-${s.id}.pdf`;
      await storage.put(key, pdf);
      await t.db
        .update(signables)
        .set({ storageKey: key, sha256: createHash('sha256').update(pdf).digest('hex') })
        .where(eq(signables.id, s.id));
    }
    await t.db
      .update(signRequests)
      .set({ departmentId: department.id })
      .where(eq(signRequests.id, draft.request.id));
    const res = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${draft.request.id}/ready`,
      token: admin.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    return draft;
  }
  const tokenOf = (mail: Parameters<typeof linkFrom>[0]) =>
    /\/ondertekenen\/([^/?#]+)$/.exec(linkFrom(mail, '/ondertekenen/'))![1]!;
  const signing = (token: string, path: string, method: 'GET' | 'POST' = 'POST') =>
    t.request({ method, url: `/api/signing/${token}${path}` });

  it('invitation, manual reminder, e-mail code and signed documents (SMTP)', async () => {
    const email = uniqueEmail('verkoop');
    const draft = await sent([{ email, verifications: [1] }]);
    const invitation = await t.smtp.waitForMail(email);
    expect(invitation.from).toContain(fromName);
    expect(invitation.from).toContain(t.config.mailFrom.replace(/^.*<|>$/g, ''));

    await t.db
      .update(signers)
      .set({ invitedAt: new Date(Date.now() - 2 * 3600 * 1000) })
      .where(eq(signers.id, draft.signers[0]!.id));
    const remind = await t.request({
      method: 'PUT',
      url: `/api/sign-requests/${draft.signers[0]!.id}/send-manual-reminder`,
      token: admin.token,
    });
    expect(remind.statusCode, remind.body).toBe(200);
    await expect.poll(() => t.smtp.mails.filter((m) => m.to.includes(email)).length).toBe(2);
    const reminder = t.smtp.mails.filter((m) => m.to.includes(email))[1]!;
    expect(reminder.from).toContain(fromName);

    const token = tokenOf(reminder);
    expect((await signing(token, '/verifications/email')).statusCode).toBe(200);
    const codeMail = await t.smtp.waitForMail(email, /\b\d{6}\b/);
    expect(codeMail.from).toContain(fromName);
    const code = /\b(\d{6})\b/.exec(codeMail.subject)![1]!;
    const verified = await t.request({
      method: 'POST',
      url: `/api/signing/${token}/verifications/email/verify`,
      payload: { code },
    });
    expect(verified.statusCode).toBe(200);
    for (const s of draft.signables) {
      expect((await signing(token, `/signables/${s.id}/file`, 'GET')).statusCode).toBe(200);
    }
    expect((await signing(token, '/approve')).statusCode).toBe(200);
    // The seal job runs in the app's worker and mails the sealed documents.
    const signedMail = await t.smtp.waitForMail(email, /ondertekend|getekend/i, 60_000);
    expect(signedMail.attachments.length).toBeGreaterThan(0);
    expect(signedMail.from).toContain(fromName);
  }, 90_000);

  it('automatic reminder, decline notices and the expiry notice (outbox rows)', async () => {
    const first = uniqueEmail('eerste');
    const second = uniqueEmail('tweede');
    await sent([{ email: first }, { email: second }]);
    const deps = {
      config: t.config,
      db: t.db,
      queue: recordingQueue(),
      storage: createStorage(t.config),
      payments: createPaymentProvider(t.config),
    };
    const mailRowsTo = (to: string) => t.db.select().from(mails).where(eq(mails.to, to));
    // Invited now; the sweep four days on sends the automatic reminders (reminder_after 3).
    await sweepSignRequests(deps, new Date(Date.now() + 4 * DAY));
    const toFirst = await mailRowsTo(first);
    expect(toFirst.length).toBe(2);
    expect(toFirst.map((m) => m.fromName)).toEqual([fromName, fromName]);

    const token = tokenOf(await t.smtp.waitForMail(first));
    const declined = await t.request({
      method: 'POST',
      url: `/api/signing/${token}/decline`,
      payload: { reason: 'Niet akkoord' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const toInitiator = await mailRowsTo(admin.user.email);
    expect(toInitiator.at(-1)!.fromName).toBe(fromName);
    expect((await mailRowsTo(second)).map((m) => m.fromName)).toEqual([
      fromName,
      fromName,
      fromName,
    ]);

    // Expiry: another request of the department left to expire; the initiator is told.
    const other = await sent([{ email: uniqueEmail('verloopt') }]);
    await t.db
      .update(signRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(signRequests.id, other.request.id)));
    const before = (await mailRowsTo(admin.user.email)).length;
    await sweepSignRequests(deps, new Date());
    const after = await mailRowsTo(admin.user.email);
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)!.fromName).toBe(fromName);
  });

  it('a request without a department mails as the default department', async () => {
    const email = uniqueEmail('standaard');
    const draft = await createDraftSignRequest(t, companyId, {
      userId: admin.user.id,
      signers: [{ email }],
    });
    await t.db
      .update(signRequests)
      .set({ departmentId: null })
      .where(eq(signRequests.id, draft.request.id));
    const own = await defaultOf(admin.token);
    await update(admin.token, own.id, { name: own.name, mail_name: 'Zonneveld Algemeen' });
    const res = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${draft.request.id}/ready`,
      token: admin.token,
    });
    expect(res.statusCode).toBe(200);
    expect((await t.smtp.waitForMail(email)).from).toContain('Zonneveld Algemeen');
    await update(admin.token, own.id, { name: own.name, mail_name: own.mail_name });
  });
});

describe('the OpenAPI document', () => {
  it('describes the answers of every department route', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json<object>();
    const checker = await OpenApiChecker.create(document);
    const problems: (string | null)[] = [];
    const listed = await list(admin.token);
    problems.push(checker.problemOf('GET', '/api/departments', listed));
    const made = await create(admin.token, { name: 'Afdeling Docs', mail_name: 'Docs' });
    problems.push(checker.problemOf('POST', '/api/departments', made));
    const id = made.json<Department>().id;
    const url = `/api/departments/${id}`;
    problems.push(checker.problemOf('POST', url, await update(admin.token, id, { name: '' })));
    problems.push(
      checker.problemOf('POST', url, await update(admin.token, id, { name: 'a', mail_name: 'b' })),
    );
    problems.push(checker.problemOf('DELETE', url, await remove(user.token, id)));
    problems.push(checker.problemOf('DELETE', url, await remove(admin.token, id)));
    problems.push(checker.problemOf('DELETE', url, await remove(admin.token, id)));
    const own = await defaultOf(admin.token);
    const url2 = `/api/departments/${own.id}`;
    problems.push(checker.problemOf('DELETE', url2, await remove(admin.token, own.id)));
    expect(problems.filter(Boolean)).toEqual([]);
  });
});

describe('registration and the migration', () => {
  it('gives every new company exactly one default department named after it', async () => {
    const company = await registerCompany(t, { company: 'Nieuw Bedrijf' });
    const rows = await t.db
      .select()
      .from(departments)
      .where(eq(departments.companyId, company.user.company.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Nieuw Bedrijf',
      mailName: 'Nieuw Bedrijf',
      isDefault: true,
    });
  });

  it('allows one default department per company (unique index)', async () => {
    await expect(
      t.db.insert(departments).values({
        companyId: admin.user.company.id,
        name: 'Tweede standaard',
        mailName: 'Tweede standaard',
        isDefault: true,
      }),
    ).rejects.toThrow();
  });
});
