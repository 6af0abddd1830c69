import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companies,
  identitySessions,
  signerActions,
  signerEvidence,
  signRequests,
  smsMessages,
} from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { errorsOf } from '../../../test/factories.ts';
import { sendTestRequest } from '../signing/signing.fixture.ts';

const local = '127.0.0.1';

describe('SMS and iDIN verification of a signer', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No SMTP: the dev mailbox exists and shows the SMS outbox too.
    t = await createTestApp({ smtpUrl: null });
  });
  afterAll(() => t.close());

  const actionsOf = async (signerId: number) =>
    (
      await t.db
        .select({ type: signerActions.type, comment: signerActions.comment })
        .from(signerActions)
        .where(eq(signerActions.signerId, signerId))
        .orderBy(signerActions.id)
    ).map((a) => a.type);
  const evidenceOf = async (signerId: number) =>
    (await t.db.select().from(signerEvidence).where(eq(signerEvidence.signerId, signerId)))[0];
  const smsOf = (signerId: number) =>
    t.db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.signerId, signerId))
      .orderBy(smsMessages.id);
  const codeIn = (body: string | null) => /\b(\d{6})\b/.exec(body ?? '')?.[1];

  describe('SMS', () => {
    it('answers 404 for an unknown link', async () => {
      for (const url of [
        '/api/signing/onbekend-token-0123456789abcdef/verifications/sms',
        '/api/signing/onbekend-token-0123456789abcdef/verifications/sms/verify',
      ]) {
        const res = await t.request({ method: 'POST', url, payload: { code: '123456' } });
        expect(res.statusCode, url).toBe(404);
      }
    });

    it("answers 409 when SMS is not one of the signer's steps", async () => {
      const sent = await sendTestRequest(t, { signers: [{ verifications: [1, 5] }] });
      const res = await t.request({
        method: 'POST',
        url: `/api/signing/${sent.tokens[0]}/verifications/sms`,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'Deze stap hoort niet bij deze ondertekening' });
      expect(await smsOf(sent.signerIds[0]!)).toEqual([]);
    });

    it('answers 409 once the request is cancelled', async () => {
      const sent = await sendTestRequest(t, {
        signers: [{ verifications: [2], phone: '0612345678' }],
      });
      await t.db
        .update(signRequests)
        .set({ stateId: 8 })
        .where(eq(signRequests.id, sent.requestId));
      const res = await t.request({
        method: 'POST',
        url: `/api/signing/${sent.tokens[0]}/verifications/sms`,
      });
      expect(res.statusCode).toBe(409);
      expect(await smsOf(sent.signerIds[0]!)).toEqual([]);
    });

    it('tells the page after a reload until when the SMS code can be entered, never the code', async () => {
      const sent = await sendTestRequest(t, {
        signers: [{ verifications: [2, 5], phone: '0612345678' }],
      });
      const page = () => t.request({ method: 'GET', url: `/api/signing/${sent.tokens[0]}` });
      type Pending = { pending_codes: Record<string, string | null> };
      expect((await page()).json<Pending>().pending_codes).toEqual({ email: null, sms: null });
      const res = await t.request({
        method: 'POST',
        url: `/api/signing/${sent.tokens[0]}/verifications/sms`,
      });
      expect(res.statusCode).toBe(200);
      const [sms] = await smsOf(sent.signerIds[0]!);
      const code = /\b(\d{6})\b/.exec(sms!.body ?? '')![1]!;
      const after = await page();
      expect(after.body).not.toContain(code);
      const pending = after.json<Pending>().pending_codes;
      expect(pending.email).toBeNull();
      expect(Date.parse(pending.sms!)).toBeGreaterThan(Date.now() + 9 * 60_000);
    });

    it('sends a code from the company sms name, throttles resends, rejects wrong codes and verifies once', async () => {
      const sent = await sendTestRequest(t, {
        signers: [{ verifications: [2, 5], phone: '06 1234 5678', locale: 'nl' }],
      });
      await t.db
        .update(companies)
        .set({ smsName: 'Notaris' })
        .where(eq(companies.id, sent.companyId));
      const signerId = sent.signerIds[0]!;
      const base = `/api/signing/${sent.tokens[0]}/verifications/sms`;

      const res = await t.request({ method: 'POST', url: base });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ sent: true, phone_masked: '06••••••78' });
      const [sms] = await smsOf(signerId);
      expect(sms).toMatchObject({
        to: '+31612345678',
        sender: 'Notaris',
        companyId: sent.companyId,
      });
      const code = codeIn(sms!.body);
      expect(code).toMatch(/^\d{6}$/);
      expect(sms!.body).toContain('10 minuten geldig');
      expect(await actionsOf(signerId)).toEqual([10]);

      // The simulator's job marks the outbox row sent.
      for (let i = 0; i < 60 && !(await smsOf(signerId))[0]!.sentAt; i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect((await smsOf(signerId))[0]!.sentAt).toBeInstanceOf(Date);

      const again = await t.request({ method: 'POST', url: base });
      expect(again.statusCode).toBe(429);
      expect(again.json<{ message: string }>().message).toMatch(/Wacht even/);
      expect(await smsOf(signerId)).toHaveLength(1);

      const missing = await t.request({ method: 'POST', url: `${base}/verify`, payload: {} });
      expect(missing.statusCode).toBe(422);
      expect(errorsOf(missing).code).toBeDefined();
      const malformed = await t.request({
        method: 'POST',
        url: `${base}/verify`,
        payload: { code: '12ab' },
      });
      expect(malformed.statusCode).toBe(422);
      expect(errorsOf(malformed).code).toEqual(['De code bestaat uit 6 cijfers']);

      const wrongCode = code === '000000' ? '111111' : '000000';
      const wrong = await t.request({
        method: 'POST',
        url: `${base}/verify`,
        payload: { code: wrongCode },
      });
      expect(wrong.statusCode).toBe(422);
      expect(errorsOf(wrong).code).toEqual(['De code is onjuist of verlopen']);
      expect((await evidenceOf(signerId))?.smsVerifiedAt ?? null).toBeNull();

      const ok = await t.request({ method: 'POST', url: `${base}/verify`, payload: { code } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ verified: true });
      expect((await evidenceOf(signerId))!.smsVerifiedAt).toBeInstanceOf(Date);
      expect(await actionsOf(signerId)).toEqual([10, 11]);

      const twice = await t.request({ method: 'POST', url: `${base}/verify`, payload: { code } });
      expect(twice.statusCode).toBe(409);
      expect(await actionsOf(signerId)).toEqual([10, 11]);
      const page = await t.request({ method: 'GET', url: `/api/signing/${sent.tokens[0]}` });
      expect(page.json<{ steps: { type: string; done: boolean }[] }>().steps).toContainEqual({
        type: 'sms',
        done: true,
      });
    });

    it("uses Paraaf as sender without an sms name and writes the text in the signer's language", async () => {
      const sent = await sendTestRequest(t, {
        signers: [{ verifications: [2], phone: '+32 470 12 34 56', locale: 'en' }],
      });
      await t.db.update(companies).set({ smsName: null }).where(eq(companies.id, sent.companyId));
      const res = await t.request({
        method: 'POST',
        url: `/api/signing/${sent.tokens[0]}/verifications/sms`,
      });
      expect(res.statusCode).toBe(200);
      const [sms] = await smsOf(sent.signerIds[0]!);
      expect(sms).toMatchObject({ to: '+32470123456', sender: 'Paraaf' });
      expect(sms!.body).toMatch(/^Your verification code for signing is \d{6}\./);
    });

    it('lists the SMS in the dev mailbox, in HTML and JSON', async () => {
      const sent = await sendTestRequest(t, {
        signers: [{ verifications: [2], phone: '0687654321' }],
      });
      await t.request({ method: 'POST', url: `/api/signing/${sent.tokens[0]}/verifications/sms` });
      const [sms] = await smsOf(sent.signerIds[0]!);
      const html = await t.request({ method: 'GET', url: '/dev/mailbox', remoteAddress: local });
      expect(html.statusCode).toBe(200);
      expect(html.body).toContain('<h2>SMS</h2>');
      expect(html.body).toContain('+31687654321');
      expect(html.body).toContain(sms!.body!);
      const json = await t.request({
        method: 'GET',
        url: '/dev/mailbox?format=json',
        remoteAddress: local,
      });
      const listed = json.json<{
        sms: { id: number; to: string; sender: string; body: string }[];
      }>().sms;
      expect(listed.find((m) => m.id === sms!.id)).toMatchObject({
        to: '+31687654321',
        sender: 'Paraaf',
        body: sms!.body,
      });
      const remote = await t.request({
        method: 'GET',
        url: '/dev/mailbox?format=json',
        remoteAddress: '203.0.113.9',
      });
      expect(remote.statusCode).toBe(404);
    });
  });

  describe('iDIN through the test bank', () => {
    const form = (fields: Record<string, string>) => ({
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

    async function start(token: string) {
      const res = await t.request({
        method: 'POST',
        url: `/api/signing/${token}/verifications/idin`,
      });
      expect(res.statusCode).toBe(200);
      const redirect = new URL(res.json<{ redirect_url: string }>().redirect_url);
      return { redirect, state: redirect.searchParams.get('state')! };
    }

    it('answers 409 without iDIN among the steps, 404 for an unknown link', async () => {
      const sent = await sendTestRequest(t, { signers: [{ verifications: [1] }] });
      const res = await t.request({
        method: 'POST',
        url: `/api/signing/${sent.tokens[0]}/verifications/idin`,
      });
      expect(res.statusCode).toBe(409);
      const unknown = await t.request({
        method: 'POST',
        url: '/api/signing/onbekend-token-0123456789abcdef/verifications/idin',
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('answers 400 for an unknown state at the callback and the test bank', async () => {
      for (const url of [
        '/api/identity/callback?state=onbekend&code=x',
        '/api/identity/callback',
        '/api/identity/simulator?state=onbekend',
      ]) {
        const res = await t.request({ method: 'GET', url, remoteAddress: local });
        expect(res.statusCode, url).toBe(400);
        expect(res.body).toContain('Deze iDIN-sessie is onbekend of verlopen');
      }
      const post = await t.request({
        method: 'POST',
        url: '/api/identity/simulator',
        // The test bank answers this machine only (lib/simulator-access.ts).
        remoteAddress: local,
        ...form({ state: 'onbekend', bank: 'ing', outcome: 'success' }),
      });
      expect(post.statusCode).toBe(400);
    });

    it('a cancelled check records 13 and sends the browser back with idin=failed', async () => {
      const sent = await sendTestRequest(t, {
        signers: [
          { verifications: [4], idinServices: ['name'], firstname: 'Piet', lastname: 'Bakker' },
        ],
      });
      const signerId = sent.signerIds[0]!;
      const { state } = await start(sent.tokens[0]!);
      const post = await t.request({
        method: 'POST',
        url: '/api/identity/simulator',
        // The test bank answers this machine only (lib/simulator-access.ts).
        remoteAddress: local,
        ...form({ state, bank: 'rabo', outcome: 'cancelled' }),
      });
      expect(post.statusCode).toBe(303);
      const callback = new URL(post.headers.location as string);
      expect(callback.searchParams.get('error')).toBe('access_denied');
      const back = await t.request({
        method: 'GET',
        url: `${callback.pathname}${callback.search}`,
      });
      expect(back.statusCode).toBe(302);
      expect(back.headers.location).toBe(
        `http://paraaf.test/ondertekenen/${sent.tokens[0]}?idin=failed`,
      );
      expect(await actionsOf(signerId)).toEqual([12, 13]);
      expect((await evidenceOf(signerId))?.idinVerifiedAt ?? null).toBeNull();
      const [session] = await t.db
        .select()
        .from(identitySessions)
        .where(eq(identitySessions.signerId, signerId));
      expect(session).toMatchObject({ status: 'failed', attributes: null });
    });

    it('a failing bank records 13 too', async () => {
      const sent = await sendTestRequest(t, { signers: [{ verifications: [4] }] });
      const { state } = await start(sent.tokens[0]!);
      const post = await t.request({
        method: 'POST',
        url: '/api/identity/simulator',
        // The test bank answers this machine only (lib/simulator-access.ts).
        remoteAddress: local,
        ...form({ state, bank: 'sns', outcome: 'failure' }),
      });
      const callback = new URL(post.headers.location as string);
      const back = await t.request({
        method: 'GET',
        url: `${callback.pathname}${callback.search}`,
      });
      expect(back.headers.location).toMatch(/\?idin=failed$/);
      expect(await actionsOf(sent.signerIds[0]!)).toEqual([12, 13]);
    });

    it('a forged code for another session fails the check', async () => {
      const sent = await sendTestRequest(t, { signers: [{ verifications: [4] }] });
      const { state } = await start(sent.tokens[0]!);
      const forged = `sim.${Buffer.from(JSON.stringify({ nonce: 'geraden', attributes: { last_name: 'X' } })).toString('base64url')}`;
      const back = await t.request({
        method: 'GET',
        url: `/api/identity/callback?state=${state}&code=${forged}`,
      });
      expect(back.headers.location).toMatch(/\?idin=failed$/);
      expect(await actionsOf(sent.signerIds[0]!)).toEqual([12, 13]);
    });

    it('a check started embedded sends its window back to the page that closes it, with no token in the address', async () => {
      const sent = await sendTestRequest(t, {
        signers: [{ verifications: [4, 5], firstname: 'Anna', lastname: 'Berg' }],
      });
      const token = sent.tokens[0]!;
      const started = await t.request({
        method: 'POST',
        url: `/api/signing/${token}/verifications/idin`,
        payload: { embedded: true },
      });
      expect(started.statusCode).toBe(200);
      const redirect = new URL(started.json<{ redirect_url: string }>().redirect_url);
      const state = redirect.searchParams.get('state')!;
      const post = await t.request({
        method: 'POST',
        url: '/api/identity/simulator',
        remoteAddress: local,
        ...form({ state, bank: 'ing', outcome: 'success' }),
      });
      const callback = new URL(post.headers.location as string);
      const back = await t.request({
        method: 'GET',
        url: `${callback.pathname}${callback.search}`,
      });
      expect(back.statusCode).toBe(302);
      expect(back.headers.location).toBe('http://paraaf.test/insluiten/idin-terug?idin=ok');
      // No opener policy on the way back: the bank's window stays connected to the frame.
      expect(back.headers['cross-origin-opener-policy']).toBe('unsafe-none');
      expect((await evidenceOf(sent.signerIds[0]!))!.idinVerifiedAt).toBeInstanceOf(Date);

      const wrong = await t.request({
        method: 'POST',
        url: `/api/signing/${token}/verifications/idin`,
        payload: { embedded: 'ja' },
      });
      expect(wrong.statusCode).toBe(422);
    });

    it('a successful check keeps only the chosen services and returns to the signer page', async () => {
      const sent = await sendTestRequest(t, {
        signers: [
          {
            verifications: [4, 5],
            idinServices: ['name', 'date_of_birth'],
            firstname: 'Anna Maria',
            lastname: 'van der Berg',
          },
        ],
      });
      const signerId = sent.signerIds[0]!;
      const token = sent.tokens[0]!;
      const { redirect, state } = await start(token);
      expect(`${redirect.origin}${redirect.pathname}`).toBe(
        'http://paraaf.test/api/identity/simulator',
      );
      expect(redirect.searchParams.get('services')).toBe('name,date_of_birth');
      expect(await actionsOf(signerId)).toEqual([12]);

      // Stored: the state's hash; the link token appears nowhere in the row.
      const [session] = await t.db
        .select()
        .from(identitySessions)
        .where(
          and(
            eq(identitySessions.signerId, signerId),
            eq(identitySessions.stateHash, sha256(state)),
          ),
        );
      expect(session).toMatchObject({ status: 'started', provider: 'simulator' });
      expect(JSON.stringify(session)).not.toContain(token);
      expect(JSON.stringify(session)).not.toContain(state);

      const page = await t.request({
        method: 'GET',
        url: `${redirect.pathname}${redirect.search}`,
        remoteAddress: local,
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      for (const text of [
        'Kies je bank',
        'ABN AMRO',
        'ING',
        'Rabobank',
        'SNS',
        'ASN Bank',
        'Triodos Bank',
      ]) {
        expect(page.body).toContain(text);
      }
      expect(page.body).toContain('Voorletters</th><td>A.M.');
      expect(page.body).toContain('Tussenvoegsel</th><td>van der');
      expect(page.body).toContain('Achternaam</th><td>Berg');
      expect(page.body).toContain('Geboortedatum');
      expect(page.body).not.toContain('Postcode');
      expect(page.body).not.toContain('E-mailadres');

      const post = await t.request({
        method: 'POST',
        url: '/api/identity/simulator',
        // The test bank answers this machine only (lib/simulator-access.ts).
        remoteAddress: local,
        ...form({ state, bank: 'triodos', outcome: 'success' }),
      });
      expect(post.statusCode).toBe(303);
      const callback = new URL(post.headers.location as string);
      expect(`${callback.origin}${callback.pathname}`).toBe(
        'http://paraaf.test/api/identity/callback',
      );
      expect(callback.searchParams.get('state')).toBe(state);

      const back = await t.request({
        method: 'GET',
        url: `${callback.pathname}${callback.search}`,
      });
      expect(back.statusCode).toBe(302);
      expect(back.headers.location).toBe(`http://paraaf.test/ondertekenen/${token}?idin=ok`);
      const evidence = await evidenceOf(signerId);
      expect(evidence!.idinVerifiedAt).toBeInstanceOf(Date);
      expect(Object.keys(evidence!.idinAttributes!).sort()).toEqual([
        'date_of_birth',
        'initials',
        'last_name',
        'last_name_prefix',
      ]);
      expect(evidence!.idinAttributes).toMatchObject({ initials: 'A.M.', last_name: 'Berg' });
      expect(evidence!.idinAttributes!.date_of_birth).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(await actionsOf(signerId)).toEqual([12, 14]);

      // A reload of the callback: the same answer, nothing recorded twice.
      const reload = await t.request({
        method: 'GET',
        url: `${callback.pathname}${callback.search}`,
      });
      expect(reload.headers.location).toBe(`http://paraaf.test/ondertekenen/${token}?idin=ok`);
      expect(await actionsOf(signerId)).toEqual([12, 14]);

      const signingPage = await t.request({ method: 'GET', url: `/api/signing/${token}` });
      expect(signingPage.json<{ idin: unknown }>().idin).toEqual({
        status: 'verified',
        attributes: evidence!.idinAttributes,
      });
      const restart = await t.request({
        method: 'POST',
        url: `/api/signing/${token}/verifications/idin`,
      });
      expect(restart.statusCode).toBe(409);
    });

    it('does not record a success once the request was cancelled meanwhile', async () => {
      const sent = await sendTestRequest(t, { signers: [{ verifications: [4] }] });
      const { state } = await start(sent.tokens[0]!);
      const post = await t.request({
        method: 'POST',
        url: '/api/identity/simulator',
        // The test bank answers this machine only (lib/simulator-access.ts).
        remoteAddress: local,
        ...form({ state, bank: 'ing', outcome: 'success' }),
      });
      await t.db
        .update(signRequests)
        .set({ stateId: 8 })
        .where(eq(signRequests.id, sent.requestId));
      const callback = new URL(post.headers.location as string);
      const back = await t.request({
        method: 'GET',
        url: `${callback.pathname}${callback.search}`,
      });
      expect(back.headers.location).toMatch(/\?idin=failed$/);
      expect((await evidenceOf(sent.signerIds[0]!))?.idinVerifiedAt ?? null).toBeNull();
      expect(await actionsOf(sent.signerIds[0]!)).toEqual([12, 13]);
    });
  });
});
