import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signerActions, signerEvidence, signers, walletSessions } from '../../db/schema/index.ts';
import { generateEcCertificate } from '../../lib/pki/ec-certificate.ts';
import type { TestIssuer } from '../../lib/wallet/test-issuer.ts';
import {
  answerWithTestWallet,
  type TestWalletChoice,
  type TestWalletFormat,
} from '../../lib/wallet/test-wallet.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { sendTestRequest } from '../signing/signing.fixture.ts';
import { loopbackFetch } from './loopback-fetch.ts';
import { testStatusListUri } from './status-lists.ts';
import { testIssuer } from './wallet-identities.ts';

const WALLET = 7;

/** The fields of the request object's header and payload the test reads. */
interface RequestObjectPart {
  alg?: string;
  x5c?: string[];
  nonce?: string;
  dcql_query: { credentials: { format: string }[] };
  client_metadata: { jwks: { keys: [{ kty: string; use: string; x: string; d?: string }] } };
}

describe('EU-wallet verification of a signer (OpenID4VP)', () => {
  let t: TestApp;
  let untrusted: TestIssuer;
  beforeAll(async () => {
    t = await createTestApp({ smtpUrl: null });
    const ca = await generateEcCertificate({ commonName: 'Onbekende uitgever CA', isCa: true });
    untrusted = {
      signer: await generateEcCertificate({ commonName: 'Onbekende uitgever', issuer: ca }),
    };
  });
  afterAll(() => t.close());

  const actionsOf = async (signerId: number) =>
    t.db
      .select({ type: signerActions.type, comment: signerActions.comment })
      .from(signerActions)
      .where(and(eq(signerActions.signerId, signerId)))
      .orderBy(signerActions.id);

  async function startFor(
    signer: { firstname?: string; lastname?: string; walletAttributes?: string[] } = {},
  ) {
    const sent = await sendTestRequest(t, {
      signers: [{ verifications: [WALLET, 5], firstname: 'Jan', lastname: 'Jansen', ...signer }],
    });
    const token = sent.tokens[0]!;
    const res = await t.request({ method: 'POST', url: `/api/signing/${token}/wallet/start` });
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json<{ request_uri: string; link: string; test_wallet_url: string }>();
    return { token, signerId: sent.signerIds[0]!, ...started };
  }

  async function answer(
    link: string,
    options: {
      choice?: TestWalletChoice;
      format?: TestWalletFormat;
      issuer?: TestIssuer;
      person?: { given_name: string; family_name: string };
      cheat?: { nonce?: string; audience?: string };
      fetch?: typeof fetch;
    } = {},
  ) {
    return answerWithTestWallet({
      link,
      choice: options.choice ?? 'share',
      format: options.format ?? 'sd-jwt',
      person: {
        given_name: 'Jan',
        family_name: 'Jansen',
        birth_date: '1980-05-17',
        nationality: ['NL'],
        ...options.person,
      },
      issuer: options.issuer ?? (await testIssuer(t.db)),
      issuerId: `${t.config.appUrl}/dev/wallet`,
      statusListUri: testStatusListUri(t.config),
      fetch: options.fetch ?? loopbackFetch(t.app, t.config.appUrl),
      now: new Date(),
      cheat: options.cheat,
    });
  }

  const statusOf = async (token: string) =>
    (await t.request({ method: 'GET', url: `/api/signing/${token}/wallet/status` })).json<{
      status: string;
      message: string | null;
      attributes: Record<string, string> | null;
    }>();

  it('gives a signed request object by request_uri with x509_san_dns client_id, DCQL and direct_post.jwt', async () => {
    const s = await startFor();
    const link = new URL(s.link);
    expect(link.protocol).toBe('openid4vp:');
    expect(link.searchParams.get('client_id')).toBe('x509_san_dns:paraaf.test');
    expect(link.searchParams.get('request_uri')).toBe(s.request_uri);
    expect(link.searchParams.get('dcql_query')).toBeNull();
    const res = await t.request({ method: 'GET', url: new URL(s.request_uri).pathname });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/oauth-authz-req+jwt');
    const part = (jwt: string, i: number) =>
      JSON.parse(Buffer.from(jwt.split('.')[i]!, 'base64url').toString()) as RequestObjectPart;
    const header = part(res.body, 0);
    const payload = part(res.body, 1);
    expect(header).toMatchObject({ alg: 'ES256', typ: 'oauth-authz-req+jwt' });
    expect(header.x5c).toHaveLength(1);
    expect(payload).toMatchObject({
      client_id: 'x509_san_dns:paraaf.test',
      response_mode: 'direct_post.jwt',
      response_type: 'vp_token',
    });
    expect(payload.dcql_query.credentials.map((c) => c.format)).toEqual(['dc+sd-jwt', 'mso_mdoc']);
    // Name and birth date by default; never a BSN.
    expect(JSON.stringify(payload.dcql_query)).toContain('birthdate');
    expect(JSON.stringify(payload.dcql_query)).not.toMatch(/bsn|personal_administrative_number/i);
    expect(payload.client_metadata.jwks.keys[0]).toMatchObject({ kty: 'EC', use: 'enc' });
    expect(payload.client_metadata.jwks.keys[0].d).toBeUndefined();
    expect((await actionsOf(s.signerId)).map((a) => a.type)).toContain(22);
    // A second attempt has its own nonce and key.
    const again = await t.request({ method: 'POST', url: `/api/signing/${s.token}/wallet/start` });
    const second = await t.request({
      method: 'GET',
      url: new URL(again.json<{ request_uri: string }>().request_uri).pathname,
    });
    const payload2 = part(second.body, 1);
    expect(payload2.nonce).not.toBe(payload.nonce);
    expect(payload2.client_metadata.jwks.keys[0].x).not.toBe(
      payload.client_metadata.jwks.keys[0].x,
    );
  });

  it("refuses to start when the wallet is not one of the signer's steps", async () => {
    const sent = await sendTestRequest(t, { signers: [{ verifications: [1, 5] }] });
    const res = await t.request({
      method: 'POST',
      url: `/api/signing/${sent.tokens[0]}/wallet/start`,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Deze stap hoort niet bij deze ondertekening' });
  });

  for (const format of ['sd-jwt', 'mdoc'] as const) {
    it(`accepts a PID presented as ${format} and verifies the signer`, async () => {
      const s = await startFor();
      expect((await statusOf(s.token)).status).toBe('started');
      const answered = await answer(s.link, { format });
      const [attempt] = await t.db
        .select()
        .from(walletSessions)
        .where(eq(walletSessions.signerId, s.signerId));
      expect(answered.status, JSON.stringify(answered.body) + attempt?.error).toBe(200);
      expect(await statusOf(s.token)).toEqual({
        status: 'verified',
        message: null,
        attributes: {
          given_name: 'Jan',
          family_name: 'Jansen',
          birth_date: '1980-05-17',
          credential_format: format === 'mdoc' ? 'ISO mdoc' : 'SD-JWT VC',
        },
      });
      const [evidence] = await t.db
        .select()
        .from(signerEvidence)
        .where(eq(signerEvidence.signerId, s.signerId));
      expect(evidence?.walletVerifiedAt).toBeInstanceOf(Date);
      expect((await actionsOf(s.signerId)).map((a) => a.type)).toEqual(
        expect.arrayContaining([22, 23]),
      );
      const [signer] = await t.db.select().from(signers).where(eq(signers.id, s.signerId));
      expect(signer?.stateId).toBe(2);
      // The attempt's decryption key is gone once it ended.
      const [session] = await t.db
        .select()
        .from(walletSessions)
        .where(eq(walletSessions.signerId, s.signerId));
      expect(session?.encryptionJwk).toBeNull();
    });
  }

  const refusals: {
    name: string;
    options: Parameters<typeof answer>[1];
    message: string;
  }[] = [
    {
      name: 'a wrong nonce',
      options: { cheat: { nonce: 'een-andere-nonce' } },
      message: 'Het antwoord van je wallet hoort niet bij deze aanvraag.',
    },
    {
      name: 'another audience',
      options: { cheat: { audience: 'x509_san_dns:kwaadwillend.example' } },
      message: 'Het antwoord van je wallet hoort niet bij deze aanvraag.',
    },
    {
      name: 'an expired credential',
      options: { choice: 'expired' },
      message: 'Je wallet-bewijs is verlopen.',
    },
    {
      name: 'a revoked credential',
      options: { choice: 'revoked' },
      message: 'Je wallet-bewijs is ingetrokken door de uitgever.',
    },
    {
      name: 'an untrusted issuer',
      options: { issuer: undefined },
      message: 'Je wallet-bewijs komt niet van een vertrouwde uitgever.',
    },
    {
      name: 'a broken disclosure hash',
      options: { choice: 'tampered' },
      message: 'Je wallet-bewijs is gewijzigd en daardoor ongeldig.',
    },
    {
      name: 'a name that does not match',
      options: { person: { given_name: 'Piet', family_name: 'Pietersen' } },
      message: 'De naam in je wallet komt niet overeen met de naam van de ondertekenaar.',
    },
    {
      name: 'a refusal in the wallet',
      options: { choice: 'refuse' },
      message: 'Je hebt het delen van je gegevens in de wallet geweigerd.',
    },
  ];
  for (const format of ['sd-jwt', 'mdoc'] as const) {
    for (const r of refusals) {
      it(`refuses ${r.name} (${format}) with a Dutch message and a 'gefaald' audit row`, async () => {
        const s = await startFor();
        const options = r.name === 'an untrusted issuer' ? { issuer: untrusted } : r.options;
        const answered = await answer(s.link, { ...options, format });
        expect(answered.status).toBe(400);
        const [attempt] = await t.db
          .select()
          .from(walletSessions)
          .where(eq(walletSessions.signerId, s.signerId));
        expect(answered.body, attempt?.error ?? '').toMatchObject({ error_description: r.message });
        expect(await statusOf(s.token)).toEqual({
          status: 'failed',
          message: r.message,
          attributes: null,
        });
        const actions = await actionsOf(s.signerId);
        expect(actions.at(-1)).toEqual({ type: 24, comment: r.message });
        const [evidence] = await t.db
          .select()
          .from(signerEvidence)
          .where(eq(signerEvidence.signerId, s.signerId));
        expect(evidence?.walletVerifiedAt ?? null).toBeNull();
      });
    }
  }

  it('refuses a replayed response posted to another attempt', async () => {
    const first = await startFor();
    let captured: { url: string; body: string } | null = null;
    const inner = loopbackFetch(t.app, t.config.appUrl);
    const recording: typeof fetch = async (input, init) => {
      if (init?.method === 'POST') captured = { url: input as string, body: init.body as string };
      return inner(input, init);
    };
    expect((await answer(first.link, { fetch: recording })).status).toBe(200);
    const second = await startFor();
    const responsePath = new URL(second.request_uri.replace('/requests/', '/responses/')).pathname;
    const res = await t.request({
      method: 'POST',
      url: responsePath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: captured!.body,
    });
    expect(res.statusCode).toBe(400);
    const message = 'Dit antwoord van de wallet is al eerder gebruikt.';
    expect(res.json()).toMatchObject({ error_description: message });
    expect(await statusOf(second.token)).toEqual({ status: 'failed', message, attributes: null });
    expect((await actionsOf(second.signerId)).at(-1)).toEqual({ type: 24, comment: message });
    // The same answer again to its own attempt changes nothing.
    const again = await t.request({
      method: 'POST',
      url: new URL(captured!.url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: captured!.body,
    });
    expect(again.statusCode).toBe(400);
    expect((await statusOf(first.token)).status).toBe('verified');
  });

  it('answers 404 for an unknown request object and 400 for an unknown response', async () => {
    expect(
      (await t.request({ method: 'GET', url: '/api/wallet/requests/onbekend' })).statusCode,
    ).toBe(404);
    const res = await t.request({
      method: 'POST',
      url: '/api/wallet/responses/onbekend',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'response=abc',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_request' });
  });
});
