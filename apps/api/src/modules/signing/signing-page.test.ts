import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SigningPage, SigningStatusAnswer } from '@paraaf/contract';
import { signerActions, signerEvidence, signers, signRequests } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { requestRow, sendTestRequest, tokenFor } from './signing.fixture.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const page = (token: string) => t.request({ method: 'GET', url: `/api/signing/${token}` });
const file = (token: string, id: number) =>
  t.request({ method: 'GET', url: `/api/signing/${token}/signables/${id}/file` });

const markers = {
  variables: [
    {
      x: 10,
      y: 20,
      width: 150,
      height: 30,
      page: 1,
      type: 'generated',
      value: 'signer.1.signature',
      options: {},
    },
    {
      x: 10,
      y: 60,
      width: 50,
      height: 50,
      page: 2,
      type: 'generated',
      value: 'signer.1.paraph',
      options: {},
    },
    {
      x: 10,
      y: 90,
      width: 150,
      height: 30,
      page: 1,
      type: 'generated',
      value: 'signer.2.signature',
      options: {},
    },
    {
      x: 10,
      y: 90,
      width: 150,
      height: 30,
      page: 1,
      type: 'text',
      value: 'Vaste tekst',
      options: {},
    },
  ],
  fields: [
    { x: 1, y: 2, width: 150, height: 30, page: 1, type: 'text', options: { rules: ['required'] } },
    {
      x: 1,
      y: 40,
      width: 14,
      height: 14,
      page: 2,
      type: 'checkbox',
      options: { rules: [], signer: '2' },
    },
  ],
};

describe('GET /api/signing/{token}', () => {
  it('is a 404 with a Dutch message for an unknown or malformed token', async () => {
    const res = await page('a'.repeat(43));
    expect(res.statusCode).toBe(404);
    expect(res.json<{ message: string }>().message).toBe('Deze link is ongeldig');
    expect((await page('kort')).statusCode).toBe(404);
  });

  it('answers what the page needs, with only this signer’s markers and fields', async () => {
    const sent = await sendTestRequest(t, {
      signers: [
        { verifications: [1, 2, 5, 6], phone: '0612345678', locale: 'en' },
        { verifications: [5] },
      ],
      config: markers,
    });
    const res = await page(sent.tokens[0]!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<SigningPage>();
    expect(body.status).toBe('open');
    expect(body.locale).toBe('en');
    expect(body.company.name).toMatch(/^Bedrijf/);
    expect(body.sign_request).toMatchObject({ id: sent.requestId, state_id: 3, is_sync: false });
    // The consent links come from the configuration (TERMS_URL, PRIVACY_URL).
    expect(body.legal).toEqual({
      terms_url: t.config.legal.termsUrl,
      privacy_url: t.config.legal.privacyUrl,
    });
    expect(body.legal.terms_url).toBe('https://paraaf.nl/voorwaarden');
    expect(body.sign_request.sender_name).toMatch(/^Beheerder/);
    expect(body.signer.phone_masked).toBe('06••••••78');
    expect(body.steps).toEqual([
      { type: 'email', done: false },
      { type: 'sms', done: false },
      { type: 'signature', done: false },
      { type: 'paraph', done: false },
      { type: 'fields', done: false },
    ]);
    const [doc] = body.documents;
    expect(doc!.pages).toHaveLength(2);
    expect(doc!.signature_markers).toEqual([
      { index: 0, page: 1, x: 10, y: 20, width: 150, height: 30 },
    ]);
    expect(doc!.paraph_markers).toEqual([
      { index: 1, page: 2, x: 10, y: 60, width: 50, height: 50 },
    ]);
    expect(doc!.fields).toEqual([
      {
        index: 0,
        page: 1,
        x: 1,
        y: 2,
        width: 150,
        height: 30,
        type: 'text',
        required: true,
        value: null,
        options: { rules: ['required'] },
      },
    ]);
    expect(body.idin).toEqual({ status: 'none', attributes: {} });
    expect(JSON.stringify(body)).not.toContain(sent.tokens[0]!);

    const second = (await page(sent.tokens[1]!)).json<SigningPage>();
    expect(second.documents[0]!.signature_markers.map((m) => m.index)).toEqual([2]);
    expect(second.documents[0]!.fields.map((f) => f.index)).toEqual([1]);
    expect(second.steps.map((s) => s.type)).toEqual(['signature', 'fields']);
    expect(second.signer.phone_masked).toBeNull();
  });

  it('writes audit 2 Geopend once, also under parallel opens', async () => {
    const sent = await sendTestRequest(t);
    const all = await Promise.all(Array.from({ length: 10 }, () => page(sent.tokens[0]!)));
    expect(all.every((r) => r.statusCode === 200)).toBe(true);
    await page(sent.tokens[0]!);
    const opened = await t.db
      .select()
      .from(signerActions)
      .where(and(eq(signerActions.signerId, sent.signerIds[0]!), eq(signerActions.type, 2)));
    expect(opened).toHaveLength(1);
  });

  it('says not_your_turn to a later signer in sequence, without documents', async () => {
    const sent = await sendTestRequest(t, { signers: [{}, {}], isSync: true });
    const token = await tokenFor(t, sent.signerIds[1]!);
    const body = (await page(token)).json<SigningPage>();
    expect(body.status).toBe('not_your_turn');
    expect(body.documents).toEqual([]);
    const opened = await t.db
      .select()
      .from(signerActions)
      .where(eq(signerActions.signerId, sent.signerIds[1]!));
    expect(opened).toHaveLength(0);
  });

  it('shows cancelled, declined, expired, purged and signed with a 200', async () => {
    const cases: [Partial<typeof signRequests.$inferInsert>, string][] = [
      [{ stateId: 8 }, 'cancelled'],
      [{ stateId: 4 }, 'declined'],
      [{ stateId: 7 }, 'expired'],
      [{ stateId: 60 }, 'signed'],
      [{ stateId: 5, gdprPurgedAt: new Date() }, 'purged'],
    ];
    for (const [set, status] of cases) {
      const sent = await sendTestRequest(t);
      await t.db.update(signRequests).set(set).where(eq(signRequests.id, sent.requestId));
      const res = await page(sent.tokens[0]!);
      expect(res.statusCode).toBe(200);
      expect(res.json<SigningPage>().status).toBe(status);
    }
  });

  it('moves an overdue request to 7 Verlopen when its link is seen', async () => {
    const sent = await sendTestRequest(t);
    await t.db
      .update(signRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signRequests.id, sent.requestId));
    expect((await page(sent.tokens[0]!)).json<SigningPage>().status).toBe('expired');
    expect((await requestRow(t, sent.requestId)).stateId).toBe(7);
    const waiting = await t.db
      .select()
      .from(signers)
      .where(eq(signers.signRequestId, sent.requestId));
    expect(waiting.map((s) => s.stateId)).toEqual(waiting.map(() => 7));
  });

  it('never puts a token in the sender’s detail', async () => {
    const sent = await sendTestRequest(t);
    const res = await t.request({
      method: 'GET',
      url: `/api/sign-requests/${sent.requestId}`,
      token: sent.adminToken,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(sent.tokens[0]!);
    expect(res.body).not.toContain('token_hash');
  });
});

describe('GET /api/signing/{token}/status', () => {
  const status = (token: string) =>
    t.request({ method: 'GET', url: `/api/signing/${token}/status` });

  it('is a 404 for an unknown token', async () => {
    const res = await status('onbekend-token-0123456789abcdef');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Deze link is ongeldig' });
  });

  it('follows a signer who is done through the others signing to the sealed request', async () => {
    const sent = await sendTestRequest(t, { signers: [{}, {}] });
    const first = sent.tokens[0]!;
    const answer = async () => {
      const res = await status(first);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      return res.json<SigningStatusAnswer>();
    };
    expect(await answer()).toEqual({
      status: 'open',
      sign_request_id: sent.requestId,
      sign_request_state_id: 3,
      idin_status: 'none',
    });
    await t.db.update(signers).set({ stateId: 5 }).where(eq(signers.id, sent.signerIds[0]!));
    expect(await answer()).toMatchObject({ status: 'approved', sign_request_state_id: 3 });
    for (const stateId of [60, 5]) {
      await t.db.update(signRequests).set({ stateId }).where(eq(signRequests.id, sent.requestId));
      expect(await answer()).toMatchObject({ status: 'signed', sign_request_state_id: stateId });
    }
  });
});

describe('GET /api/signing/{token}/signables/{id}/file', () => {
  it('is a 404 for another request’s document and for an unknown token', async () => {
    const mine = await sendTestRequest(t);
    const other = await sendTestRequest(t);
    expect((await file(mine.tokens[0]!, other.signableIds[0]!)).statusCode).toBe(404);
    expect((await file('b'.repeat(43), mine.signableIds[0]!)).statusCode).toBe(404);
  });

  it('serves the original inline and records that it was viewed', async () => {
    const sent = await sendTestRequest(t);
    const res = await file(sent.tokens[0]!, sent.signableIds[0]!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    await file(sent.tokens[0]!, sent.signableIds[0]!);
    const [evidence] = await t.db
      .select()
      .from(signerEvidence)
      .where(eq(signerEvidence.signerId, sent.signerIds[0]!));
    expect(evidence!.viewedSignableIds).toEqual([sent.signableIds[0]]);
  });

  it('is a 409 once the request is cancelled', async () => {
    const sent = await sendTestRequest(t);
    await t.db.update(signRequests).set({ stateId: 8 }).where(eq(signRequests.id, sent.requestId));
    expect((await file(sent.tokens[0]!, sent.signableIds[0]!)).statusCode).toBe(409);
  });
});
