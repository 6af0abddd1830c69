import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type Session } from '@paraaf/contract';
import { companies, creditLedger, departments, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { PASSWORD, errorsOf, login, uniqueEmail } from '../../../test/factories.ts';

function validBody(overrides: Record<string, unknown> = {}) {
  return {
    company: 'Bakkerij De Korenschoof',
    name: 'Anna de Vries',
    email: uniqueEmail('anna'),
    phone: '0612345678',
    password: PASSWORD,
    passwordconfirmation: PASSWORD,
    terms: true,
    two_factor_auth: false,
    ...overrides,
  };
}

describe('POST /api/auth/register', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const register = (payload: unknown) =>
    t.request({ method: 'POST', url: '/api/auth/register', payload: payload as object });

  describe('refuses invalid input with the Dutch message on the field', () => {
    it.each(['company', 'name', 'email', 'password', 'passwordconfirmation'])(
      'requires %s',
      async (field) => {
        const body: Record<string, unknown> = validBody();
        delete body[field];
        const res = await register(body);
        expect(res.statusCode).toBe(422);
        expect(errorsOf(res)[field]).toEqual([messages.required]);
      },
    );

    it('treats blank strings as missing', async () => {
      const res = await register(validBody({ company: '   ', name: '' }));
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)).toMatchObject({
        company: [messages.required],
        name: [messages.required],
      });
    });

    it('requires a valid e-mail address', async () => {
      const res = await register(validBody({ email: 'geen-emailadres' }));
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)).toEqual({ email: [messages.email] });
    });

    it('refuses passwords that differ, on passwordconfirmation', async () => {
      const res = await register(validBody({ passwordconfirmation: 'Iets-anders-123' }));
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)).toEqual({ passwordconfirmation: [messages.passwordMismatch] });
    });

    it('requires the terms to be accepted', async () => {
      for (const terms of [false, undefined, 'ja']) {
        const res = await register(validBody({ terms }));
        expect(res.statusCode).toBe(422);
        expect(errorsOf(res)).toEqual({ terms: [messages.terms] });
      }
    });

    it('refuses values that are too long', async () => {
      const long = 'x'.repeat(256);
      const res = await register(
        validBody({
          company: long,
          name: long,
          email: `${'a'.repeat(250)}@voorbeeld.nl`,
          phone: '0'.repeat(51),
        }),
      );
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)).toMatchObject({
        company: [messages.maxLength],
        name: [messages.maxLength],
        email: [messages.maxLength],
        phone: [messages.maxLength],
      });
    });

    it('refuses a short password', async () => {
      const res = await register(validBody({ password: 'kort', passwordconfirmation: 'kort' }));
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)).toEqual({ password: [messages.passwordTooShort] });
    });

    it('creates nothing when the input is refused', async () => {
      const email = uniqueEmail('geweigerd');
      await register(validBody({ email, terms: false }));
      expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    });
  });

  it('refuses an e-mail address already in use, also in other letter case', async () => {
    const email = uniqueEmail('dubbel');
    expect((await register(validBody({ email }))).statusCode).toBe(201);

    for (const again of [email, email.toUpperCase(), `  ${email.replace('dubbel', 'DUBBEL')}  `]) {
      const res = await register(validBody({ email: again, company: 'Een ander bedrijf' }));
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)).toEqual({ email: [messages.emailTaken] });
    }
    expect(
      await t.db.select().from(companies).where(eq(companies.name, 'Een ander bedrijf')),
    ).toHaveLength(0);
  });

  it('lets only one of two parallel registrations with the same address through', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all([
      register(validBody({ email })),
      register(validBody({ email })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('creates the company with 10 credits, the free plan, a department and an admin', async () => {
    const email = uniqueEmail('nieuw');
    const res = await register(
      validBody({ email: email.toUpperCase(), company: 'Schildersbedrijf Jansen' }),
    );
    expect(res.statusCode).toBe(201);
    const session = res.json<Session>();
    expect(session.token).toEqual(expect.any(String));
    expect(session.user).toMatchObject({
      name: 'Anna de Vries',
      email,
      roles: [{ name: 'admin' }],
      is_active: true,
      two_factor_auth: false,
      company: { name: 'Schildersbedrijf Jansen' },
    });
    expect(session.user.all_permissions).toEqual(
      expect.arrayContaining(['inviteUser', 'createSignRequest', 'getUsers']),
    );
    expect(session.user.all_permissions).not.toContain('adminLoginAsUser');

    const [company] = await t.db
      .select()
      .from(companies)
      .where(eq(companies.id, session.user.company.id));
    expect(company).toMatchObject({
      name: 'Schildersbedrijf Jansen',
      credits: 10,
      paymentPlanId: 1,
      phone: '0612345678',
    });
    const ledger = await t.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.companyId, company!.id));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ amount: 10, balanceAfter: 10 });
    const deps = await t.db
      .select()
      .from(departments)
      .where(eq(departments.companyId, company!.id));
    expect(deps).toHaveLength(1);
    expect(deps[0]).toMatchObject({ name: 'Schildersbedrijf Jansen' });
    const [user] = await t.db.select().from(users).where(eq(users.id, session.user.id));
    expect(user).toMatchObject({ email, role: 'admin', isActive: true, companyId: company!.id });
    expect(user!.passwordHash).not.toContain(PASSWORD);

    // The token works and the new admin can log in with the chosen password.
    expect(
      (await t.request({ method: 'GET', url: '/api/user', token: session.token })).statusCode,
    ).toBe(200);
    expect((await login(t, email)).user.id).toBe(session.user.id);
  });

  it('sends a welcome mail over SMTP', async () => {
    const email = uniqueEmail('welkom');
    expect((await register(validBody({ email, name: 'Piet Welkom' }))).statusCode).toBe(201);
    const mail = await t.smtp.waitForMail(email, /Welkom bij Paraaf/);
    expect(mail.html).toContain('Beste Piet Welkom');
    expect(mail.html).toContain('http://paraaf.test/nieuwe-ondertekening');
  });

  it('stores the two-factor choice', async () => {
    const res = await register(validBody({ two_factor_auth: true }));
    expect(res.statusCode).toBe(201);
    expect(res.json<Session>().user.two_factor_auth).toBe(true);
  });
});
