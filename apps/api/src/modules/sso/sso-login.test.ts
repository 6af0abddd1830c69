import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ssoMessages } from '@paraaf/contract';
import { companies, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { startDnsServer, type TestDnsServer } from '../../../test/dns-server.ts';
import { createCustomPlan, createUser, errorsOf, whoAmI } from '../../../test/factories.ts';
import { startOidcProvider, type TestOidcProvider } from '../../../test/oidc-provider.ts';
import { callBack, companyWithSso, ssoLogin, ssoSession, startSso } from '../../../test/sso.ts';

let t: TestApp;
let dns: TestDnsServer;
let idp: TestOidcProvider;
beforeAll(async () => {
  dns = await startDnsServer();
  t = await createTestApp({ webhooks: { allowLoopback: true }, dnsServers: [dns.address] });
  idp = await startOidcProvider(`${t.config.appUrl}/api/auth/sso/callback`);
}, 60_000);
afterEach(() => idp.tamperIdToken(null));
afterAll(async () => {
  await idp?.close();
  await dns?.close();
  await t?.close();
});

async function usersNamed(email: string) {
  return t.db.select().from(users).where(eq(users.email, email));
}

describe('logging in through OpenID Connect (oidc-provider)', () => {
  it('logs an existing user in without the mailed second factor', async () => {
    const { domain, companyId } = await companyWithSso(t, dns, idp);
    const user = await createUser(t, companyId, {
      email: `marieke@${domain}`,
      twoFactorAuth: true,
    });
    const { session, refused } = await ssoLogin(t, idp, user.email);
    expect(refused).toBeNull();
    expect(session!.user.id).toBe(user.id);
    expect((await whoAmI(t, session!.token)).statusCode).toBe(200);
  });

  it('creates a new colleague just in time with the default role, within the user cap', async () => {
    const { domain, companyId } = await companyWithSso(t, dns, idp, {
      settings: { default_role: 'viewer' },
    });
    const email = `nieuwe.collega@${domain}`;
    const { session } = await ssoLogin(t, idp, email);
    expect(session!.user.company.id).toBe(companyId);
    expect(session!.user.roles).toEqual([{ name: 'viewer' }]);
    const [row] = await usersNamed(email);
    expect(row).toMatchObject({ companyId, role: 'viewer', isActive: true, passwordHash: null });

    // A plan of two users: the admin and this colleague fill it.
    const plan = await createCustomPlan(t, { features: ['users', 'sso'], usersCap: 2 });
    await t.db.update(companies).set({ paymentPlanId: plan.id }).where(eq(companies.id, companyId));
    const full = await ssoLogin(t, idp, `nog.een@${domain}`);
    expect(full).toEqual({ session: null, refused: 'cap' });
    expect(await usersNamed(`nog.een@${domain}`)).toEqual([]);
    // The colleague already in still gets in.
    expect((await ssoLogin(t, idp, email)).session?.user.id).toBe(row!.id);
  });

  it('refuses an ID token for another audience, an expired one and one with another nonce', async () => {
    const { domain } = await companyWithSso(t, dns, idp);
    const email = `kees@${domain}`;
    for (const change of [
      (c: Record<string, unknown>) => ({ ...c, aud: 'een-andere-client' }),
      (c: Record<string, unknown>) => ({
        ...c,
        iat: (c.iat as number) - 7200,
        exp: (c.iat as number) - 3600,
      }),
      (c: Record<string, unknown>) => ({ ...c, nonce: 'een-andere-nonce' }),
    ]) {
      idp.tamperIdToken(change);
      expect(await ssoLogin(t, idp, email)).toEqual({ session: null, refused: 'failed' });
    }
    expect(await usersNamed(email)).toEqual([]);
    // Re-signed with the same claims: in (so each refusal above is the changed claim's).
    idp.tamperIdToken((c) => c);
    expect((await ssoLogin(t, idp, email)).session).not.toBeNull();
  });

  it('refuses a replayed callback and a replayed code, and a code traded twice', async () => {
    const { domain } = await companyWithSso(t, dns, idp);
    const email = `els@${domain}`;
    const callback = await idp.signIn(await startSso(t, email), email);
    const first = await callBack(t, callback);
    const code = first.searchParams.get('sso_code')!;
    expect(code).toBeTruthy();
    // The same state again: used.
    expect((await callBack(t, callback)).searchParams.get('sso_fout')).toBe('expired');
    // The same code under a fresh login's state: the provider refuses the used code.
    const fresh = new URL(await startSso(t, email));
    const replay = new URL(callback);
    replay.searchParams.set('state', fresh.searchParams.get('state')!);
    expect((await callBack(t, replay.toString())).searchParams.get('sso_fout')).toBe('failed');

    expect((await ssoSession(t, code)).statusCode).toBe(200);
    const twice = await ssoSession(t, code);
    expect(twice.statusCode).toBe(404);
    expect(twice.json<{ message: string }>().message).toBe(ssoMessages.loginExpired);
  });

  it("refuses an address outside the company's verified domains and one of another company", async () => {
    const { companyId, domain } = await companyWithSso(t, dns, idp);
    const other = await companyWithSso(t, dns, idp);
    // Our provider vouches for an address of the other company's domain: it cannot speak for it.
    const outsider = `eve@${other.domain}`;
    const callback = await idp.signIn(await startSso(t, `jan@${domain}`), outsider);
    expect((await callBack(t, callback)).searchParams.get('sso_fout')).toBe('failed');
    expect(await usersNamed(outsider)).toEqual([]);
    // A user of ours whose address is in the other company's domain logs in there: refused.
    const colleague = await createUser(t, companyId, { email: `piet@${other.domain}` });
    const res = await ssoLogin(t, idp, colleague.email);
    expect(res).toEqual({ session: null, refused: 'other-company' });

    const unknown = await t.request({ method: 'GET', url: '/api/auth/sso?email=a@geen-sso.nl' });
    expect(unknown.statusCode).toBe(422);
    expect(errorsOf(unknown).email).toEqual([ssoMessages.noSsoForEmail]);
    const bad = await t.request({ method: 'GET', url: '/api/auth/sso?email=geen-adres' });
    expect(bad.statusCode).toBe(422);
  });

  it('refuses a deactivated user', async () => {
    const { domain, companyId } = await companyWithSso(t, dns, idp);
    const user = await createUser(t, companyId, { email: `weg@${domain}` });
    await t.db
      .update(users)
      .set({ isActive: false, activatedAt: new Date() })
      .where(and(eq(users.id, user.id)));
    expect(await ssoLogin(t, idp, user.email)).toEqual({ session: null, refused: 'inactive' });
  });
});
