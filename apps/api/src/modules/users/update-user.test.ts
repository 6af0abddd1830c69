import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type Session, type User } from '@paraaf/contract';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import {
  PASSWORD,
  createUser,
  errorsOf,
  login,
  uniqueEmail,
  userRow,
  whoAmI,
} from '../../../test/factories.ts';

describe('PUT /api/users/{id}', () => {
  let t: TestApp;
  let admin: Session & { password: string };
  let stranger: Session;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerCompany(t);
    stranger = await registerCompany(t);
  });
  afterAll(() => t.close());

  const update = (token: string | undefined, id: number | string, payload: object) =>
    t.request({ method: 'PUT', url: `/api/users/${id}`, token, payload });

  it('needs a session', async () => {
    expect((await update(undefined, admin.user.id, { name: 'X' })).statusCode).toBe(401);
  });

  it("answers 404 for another company's user and leaves it unchanged", async () => {
    const res = await update(admin.token, stranger.user.id, { name: 'Overgenomen' });
    expect(res.statusCode).toBe(404);
    expect((await userRow(t, stranger.user.id))!.name).not.toBe('Overgenomen');
  });

  it('answers 404 for an unknown id and for an id that names no row', async () => {
    expect((await update(admin.token, 999999, { name: 'X' })).statusCode).toBe(404);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', 'Infinity', '1e3', '0x10']) {
      const res = await update(admin.token, id, { name: 'X' });
      expect(res.statusCode, id).toBe(404);
    }
  });

  it('is forbidden for a user or viewer editing someone else', async () => {
    const colleague = await createUser(t, admin.user.company.id, { name: 'Ongewijzigd' });
    for (const role of ['user', 'viewer'] as const) {
      const member = await createUser(t, admin.user.company.id, { role });
      const session = await login(t, member.email);
      const res = await update(session.token, colleague.id, { name: 'Gewijzigd' });
      expect(res.statusCode).toBe(403);
      await t.request({ method: 'DELETE', url: `/api/users/${member.id}`, token: admin.token });
    }
    expect((await userRow(t, colleague.id))!.name).toBe('Ongewijzigd');
  });

  it('never changes the role', async () => {
    const colleague = await createUser(t, admin.user.company.id, { role: 'viewer' });
    const res = await update(admin.token, colleague.id, { role: 'admin' });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ role: [messages.roleFixed] });
    expect((await userRow(t, colleague.id))!.role).toBe('viewer');
    // Sending the current role along is fine.
    expect(
      (await update(admin.token, colleague.id, { role: 'viewer', name: 'Zelfde rol' })).statusCode,
    ).toBe(200);
    await t.request({ method: 'DELETE', url: `/api/users/${colleague.id}`, token: admin.token });
  });

  it("lets the admin edit a colleague's name and e-mail, ending the colleague's sessions", async () => {
    const colleague = await createUser(t, admin.user.company.id);
    const session = await login(t, colleague.email);
    const taken = await update(admin.token, colleague.id, { email: admin.user.email });
    expect(taken.statusCode).toBe(422);
    expect(errorsOf(taken)).toEqual({ email: [messages.emailTaken] });
    const invalid = await update(admin.token, colleague.id, { email: 'geen-adres', name: '' });
    expect(errorsOf(invalid)).toEqual({ email: [messages.email], name: [messages.required] });

    const email = uniqueEmail('hernoemd');
    const res = await update(admin.token, colleague.id, {
      name: 'Nieuwe Naam',
      email: email.toUpperCase(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<User>()).toMatchObject({ id: colleague.id, name: 'Nieuwe Naam', email });
    expect(await userRow(t, colleague.id)).toMatchObject({ name: 'Nieuwe Naam', email });
    expect((await whoAmI(t, session.token)).statusCode).toBe(401);
    expect((await login(t, email)).user.id).toBe(colleague.id);
    await t.request({ method: 'DELETE', url: `/api/users/${colleague.id}`, token: admin.token });
  });

  it('gives one new address to only one of two users edited at the same moment', async () => {
    const [a, b] = [
      await createUser(t, admin.user.company.id),
      await createUser(t, admin.user.company.id),
    ];
    const email = uniqueEmail('gewild');
    const results = await Promise.all([a, b].map((u) => update(admin.token, u.id, { email })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(errorsOf(results.find((r) => r.statusCode === 422)!)).toEqual({
      email: [messages.emailTaken],
    });
    for (const u of [a, b])
      await t.request({ method: 'DELETE', url: `/api/users/${u.id}`, token: admin.token });
  });

  describe('two-step verification switch of the user itself', () => {
    it('switches on without a password and off only with the right password', async () => {
      const me = await createUser(t, admin.user.company.id);
      const session = await login(t, me.email);

      const on = await update(session.token, me.id, { two_factor_auth: true });
      expect(on.statusCode).toBe(200);
      expect(on.json<User>().two_factor_auth).toBe(true);
      expect((await userRow(t, me.id))!.twoFactorAuth).toBe(true);

      for (const password of [undefined, 'Verkeerd-wachtwoord']) {
        const res = await update(session.token, me.id, { two_factor_auth: false, password });
        expect(res.statusCode).toBe(422);
        expect(errorsOf(res)).toEqual({ password: [messages.passwordRequiredToDisable2fa] });
        expect((await userRow(t, me.id))!.twoFactorAuth).toBe(true);
      }

      const off = await update(session.token, me.id, {
        two_factor_auth: false,
        password: PASSWORD,
      });
      expect(off.statusCode).toBe(200);
      expect(off.json<User>().two_factor_auth).toBe(false);
      expect((await userRow(t, me.id))!.twoFactorAuth).toBe(false);
      await t.request({ method: 'DELETE', url: `/api/users/${me.id}`, token: admin.token });
    });

    it('works for a viewer on its own account, but not for its name', async () => {
      const viewer = await createUser(t, admin.user.company.id, {
        role: 'viewer',
        name: 'Vaste Naam',
      });
      const session = await login(t, viewer.email);
      expect((await update(session.token, viewer.id, { two_factor_auth: 'true' })).statusCode).toBe(
        200,
      );
      expect((await update(session.token, viewer.id, { name: 'Andere Naam' })).statusCode).toBe(
        403,
      );
      expect(await userRow(t, viewer.id)).toMatchObject({
        twoFactorAuth: true,
        name: 'Vaste Naam',
      });
      await t.request({ method: 'DELETE', url: `/api/users/${viewer.id}`, token: admin.token });
    });

    it("is not an admin's to switch for someone else", async () => {
      const colleague = await createUser(t, admin.user.company.id);
      const res = await update(admin.token, colleague.id, { two_factor_auth: true });
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)).toHaveProperty('two_factor_auth');
      expect((await userRow(t, colleague.id))!.twoFactorAuth).toBe(false);
      await t.request({ method: 'DELETE', url: `/api/users/${colleague.id}`, token: admin.token });
    });
  });
});
