import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputMessages, messages, type SigningPage } from '@paraaf/contract';
import { signerActions, signerCodes, signerEvidence, signRequests } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { errorsOf } from '../../../test/factories.ts';
import {
  pngDataUrl,
  requestRow,
  sendTestRequest,
  signerRow,
  tokenFor,
  type SentRequest,
} from './signing.fixture.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'POST' | 'PUT' | 'GET', token: string, path: string, payload?: object) =>
  t.request({ method, url: `/api/signing/${token}${path}`, payload });

async function emailCode(sent: SentRequest, i = 0): Promise<string> {
  const res = await call('POST', sent.tokens[i]!, '/verifications/email');
  expect(res.statusCode).toBe(200);
  const signer = await signerRow(t, sent.signerIds[i]!);
  const mail = await t.smtp.waitForMail(signer.email, /verificatiecode|verification|code/i);
  t.smtp.mails.splice(t.smtp.mails.indexOf(mail), 1);
  return /\b(\d{6})\b/.exec(mail.subject)![1]!;
}

async function actionTypes(signerId: number): Promise<number[]> {
  const rows = await t.db
    .select({ type: signerActions.type })
    .from(signerActions)
    .where(eq(signerActions.signerId, signerId))
    .orderBy(signerActions.id);
  return rows.map((r) => r.type);
}

/** Views every document of the signer's request. */
async function viewAll(sent: SentRequest, i = 0) {
  for (const id of sent.signableIds) {
    expect((await call('GET', sent.tokens[i]!, `/signables/${id}/file`)).statusCode).toBe(200);
  }
}

describe('e-mail verification', () => {
  it('rejects a wrong code with a 422 on code and accepts the right one once', async () => {
    const sent = await sendTestRequest(t);
    const code = await emailCode(sent);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await call('POST', sent.tokens[0]!, '/verifications/email/verify', { code: wrong });
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad).code).toEqual(['De code is onjuist of verlopen']);
    const shape = await call('POST', sent.tokens[0]!, '/verifications/email/verify', {
      code: '12',
    });
    expect(shape.statusCode).toBe(422);
    const ok = await call('POST', sent.tokens[0]!, '/verifications/email/verify', { code });
    expect(ok.statusCode).toBe(200);
    const again = await call('POST', sent.tokens[0]!, '/verifications/email/verify', { code });
    expect(again.statusCode).toBe(409);
    expect(await actionTypes(sent.signerIds[0]!)).toEqual([5, 6]);
    const body = (await call('GET', sent.tokens[0]!, '')).json<SigningPage>();
    expect(body.steps).toEqual([{ type: 'email', done: true }]);
  });

  it('rejects an expired code', async () => {
    const sent = await sendTestRequest(t);
    const code = await emailCode(sent);
    await t.db
      .update(signerCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signerCodes.signerId, sent.signerIds[0]!));
    const res = await call('POST', sent.tokens[0]!, '/verifications/email/verify', { code });
    expect(res.statusCode).toBe(422);
  });

  it('counts 20 parallel wrong guesses as at most 5 tries, after which the right code fails', async () => {
    const sent = await sendTestRequest(t);
    const code = await emailCode(sent);
    const wrong = code === '000000' ? '111111' : '000000';
    const all = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', sent.tokens[0]!, '/verifications/email/verify', { code: wrong }),
      ),
    );
    expect(all.every((r) => r.statusCode === 422)).toBe(true);
    const [row] = await t.db
      .select()
      .from(signerCodes)
      .where(eq(signerCodes.signerId, sent.signerIds[0]!));
    expect(row!.attempts).toBe(5);
    const res = await call('POST', sent.tokens[0]!, '/verifications/email/verify', { code });
    expect(res.statusCode).toBe(422);
  });

  it('throttles resends and lets a new code replace the old one', async () => {
    const sent = await sendTestRequest(t);
    const first = await emailCode(sent);
    const soon = await call('POST', sent.tokens[0]!, '/verifications/email');
    expect(soon.statusCode).toBe(429);
    expect(soon.json<{ message: string }>().message).toMatch(/Wacht even/);
    // Past the 30-second window (moved back in the database).
    await t.db.execute(
      sql`UPDATE rate_limits SET window_start = now() - interval '31 seconds' WHERE key LIKE ${`signer-code:email:${sent.signerIds[0]}:30s`}`,
    );
    const second = await emailCode(sent);
    if (first !== second) {
      const old = await call('POST', sent.tokens[0]!, '/verifications/email/verify', {
        code: first,
      });
      expect(old.statusCode).toBe(422);
    }
    const ok = await call('POST', sent.tokens[0]!, '/verifications/email/verify', { code: second });
    expect(ok.statusCode).toBe(200);
  });

  it('tells the page until when a sent code can be entered (never the code), until used or spent', async () => {
    const sent = await sendTestRequest(t);
    const pending = async () =>
      (await call('GET', sent.tokens[0]!, '')).json<SigningPage>().pending_codes;
    expect(await pending()).toEqual({ email: null, sms: null });
    const before = Date.now();
    const code = await emailCode(sent);
    const body = (await call('GET', sent.tokens[0]!, '')).body;
    expect(body).not.toContain(code);
    const until = Date.parse((await pending()).email!);
    expect(until).toBeGreaterThan(before + 9 * 60_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
    expect((await pending()).sms).toBeNull();
    // Expired: no longer pending.
    await t.db
      .update(signerCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signerCodes.signerId, sent.signerIds[0]!));
    expect((await pending()).email).toBeNull();
    await t.db
      .update(signerCodes)
      .set({ expiresAt: new Date(Date.now() + 600_000) })
      .where(eq(signerCodes.signerId, sent.signerIds[0]!));
    expect((await pending()).email).not.toBeNull();
    // Used: no longer pending.
    const ok = await call('POST', sent.tokens[0]!, '/verifications/email/verify', { code });
    expect(ok.statusCode).toBe(200);
    expect((await pending()).email).toBeNull();
  });

  it('does not offer a code whose tries are spent', async () => {
    const sent = await sendTestRequest(t);
    const code = await emailCode(sent);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      await call('POST', sent.tokens[0]!, '/verifications/email/verify', { code: wrong });
    }
    const page = (await call('GET', sent.tokens[0]!, '')).json<SigningPage>();
    expect(page.pending_codes.email).toBeNull();
  });

  it('is a 409 when e-mail is not one of the signer’s steps', async () => {
    const sent = await sendTestRequest(t, { signers: [{ verifications: [5] }] });
    expect((await call('POST', sent.tokens[0]!, '/verifications/email')).statusCode).toBe(409);
  });
});

describe('PUT signature', () => {
  it('needs the verification first, then stores the drawing and replaces an older one', async () => {
    const sent = await sendTestRequest(t, { signers: [{ verifications: [1, 5, 6] }] });
    const early = await call('PUT', sent.tokens[0]!, '/signature', {
      type: 'signature',
      image: pngDataUrl(),
    });
    expect(early.statusCode).toBe(409);
    const code = await emailCode(sent);
    await call('POST', sent.tokens[0]!, '/verifications/email/verify', { code });
    for (const type of ['signature', 'signature', 'paraph']) {
      const res = await call('PUT', sent.tokens[0]!, '/signature', { type, image: pngDataUrl() });
      expect(res.statusCode).toBe(200);
    }
    const [evidence] = await t.db
      .select()
      .from(signerEvidence)
      .where(eq(signerEvidence.signerId, sent.signerIds[0]!));
    expect(evidence!.signatureKey).toMatch(/^companies\/\d+\/signatures\//);
    expect(evidence!.paraphKey).toBeTruthy();
    expect(await actionTypes(sent.signerIds[0]!)).toEqual([5, 6, 7, 7, 7]);
  });

  it('refuses non-PNG, oversized and unchosen images', async () => {
    const sent = await sendTestRequest(t, { signers: [{ verifications: [5] }] });
    const token = sent.tokens[0]!;
    const gif = `data:image/png;base64,${Buffer.from('GIF89a-not-a-png-at-all-really-not').toString('base64')}`;
    const cases = [
      { type: 'signature', image: gif },
      { type: 'signature', image: pngDataUrl(2500, 10) },
      { type: 'signature', image: 'data:image/jpeg;base64,AAAA' },
      { type: 'stempel', image: pngDataUrl() },
    ];
    for (const payload of cases) {
      const res = await call('PUT', token, '/signature', payload);
      expect(res.statusCode).toBe(422);
    }
    const big = Buffer.alloc(600_000, 1);
    const res = await call('PUT', token, '/signature', {
      type: 'signature',
      image: `data:image/png;base64,${big.toString('base64')}`,
    });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(await call('PUT', token, '/signature', cases[0])).image).toBeDefined();
    const paraph = await call('PUT', token, '/signature', { type: 'paraph', image: pngDataUrl() });
    expect(paraph.statusCode).toBe(409);
  });
});

describe('GET drawings', () => {
  it('says a drawing exists and returns this signer’s own PNG only', async () => {
    const sent = await sendTestRequest(t, {
      signers: [{ verifications: [5, 6] }, { verifications: [5, 6] }],
    });
    const [mine, theirs] = [sent.tokens[0]!, sent.tokens[1]!];
    const drawingsOf = async (token: string) =>
      (await call('GET', token, '')).json<SigningPage>().drawings;
    expect(await drawingsOf(mine)).toEqual({ signature: false, paraph: false });
    expect((await call('GET', mine, '/drawings/signature')).statusCode).toBe(404);

    const image = pngDataUrl(320, 90);
    expect((await call('PUT', mine, '/signature', { type: 'signature', image })).statusCode).toBe(
      200,
    );
    expect(await drawingsOf(mine)).toEqual({ signature: true, paraph: false });
    const res = await call('GET', mine, '/drawings/signature');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(Buffer.from(image.split(',')[1]!, 'base64'))).toBe(true);
    expect((await call('GET', mine, '/drawings/paraph')).statusCode).toBe(404);
    for (const type of ['stempel', 'SIGNATURE', '..%2Fsignature']) {
      expect((await call('GET', mine, `/drawings/${type}`)).statusCode).toBe(404);
    }

    // The other signer of the same request sees no drawing, then only its own.
    expect(await drawingsOf(theirs)).toEqual({ signature: false, paraph: false });
    expect((await call('GET', theirs, '/drawings/signature')).statusCode).toBe(404);
    const other = pngDataUrl(150, 60);
    await call('PUT', theirs, '/signature', { type: 'signature', image: other });
    const own = await call('GET', theirs, '/drawings/signature');
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(Buffer.from(other.split(',')[1]!, 'base64'))).toBe(true);
    expect((await call('GET', 'x'.repeat(43), '/drawings/signature')).statusCode).toBe(404);
  });
});

const withFields = {
  variables: [],
  fields: [
    { x: 1, y: 2, width: 150, height: 30, page: 1, type: 'text', options: { rules: ['required'] } },
    { x: 1, y: 40, width: 14, height: 14, page: 1, type: 'checkbox', options: { rules: [] } },
    {
      x: 1,
      y: 80,
      width: 150,
      height: 30,
      page: 1,
      type: 'text',
      options: { rules: [], signer: '2' },
    },
  ],
};

describe('PUT fields and approve', () => {
  it('names each wrong item of the list on its own path, in Dutch', async () => {
    const sent = await sendTestRequest(t, { config: withFields });
    const res = await call('PUT', sent.tokens[0]!, '/fields', {
      fields: [
        { signable_id: 2147483648, index: 'een', value: { a: 1 } },
        { signable_id: 'Infinity', index: -1, value: 'x\u0000' },
        'geen veld',
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({
      'fields.0.signable_id': [inputMessages.id],
      'fields.0.index': [inputMessages.integer],
      'fields.0.value': [inputMessages.text],
      'fields.1.signable_id': [inputMessages.id],
      'fields.1.index': [messages.min],
      'fields.1.value': [inputMessages.nul],
      'fields.2': [inputMessages.group],
    });
  });

  it('saves own fields only, then enforces steps, required fields and viewing at approval', async () => {
    const sent = await sendTestRequest(t, {
      signers: [{ verifications: [5] }, { verifications: [5] }],
      config: withFields,
    });
    const other = await sendTestRequest(t, { config: withFields });
    const token = sent.tokens[0]!;
    const id = sent.signableIds[0]!;
    const foreign = await call('PUT', token, '/fields', {
      fields: [{ signable_id: other.signableIds[0], index: 0, value: 'x' }],
    });
    expect(foreign.statusCode).toBe(422);
    expect(errorsOf(foreign)['fields.0']).toBeDefined();
    const notMine = await call('PUT', token, '/fields', {
      fields: [{ signable_id: id, index: 2, value: 'x' }],
    });
    expect(notMine.statusCode).toBe(422);
    const badBox = await call('PUT', token, '/fields', {
      fields: [{ signable_id: id, index: 1, value: 'ja' }],
    });
    expect(errorsOf(badBox)['fields.0.value']).toBeDefined();

    const noSteps = await call('POST', token, '/approve');
    expect(noSteps.statusCode).toBe(409);
    expect(noSteps.json<{ message: string }>().message).toMatch(/handtekening/);
    expect(
      (await call('PUT', token, '/signature', { type: 'signature', image: pngDataUrl() }))
        .statusCode,
    ).toBe(200);
    const noFields = await call('POST', token, '/approve');
    expect(noFields.statusCode).toBe(422);
    expect(errorsOf(noFields).fields).toEqual(['Vul eerst alle verplichte velden in']);

    const saved = await call('PUT', token, '/fields', {
      fields: [
        { signable_id: id, index: 0, value: 'Jan Jansen' },
        { signable_id: id, index: 1, value: 'true' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const unseen = await call('POST', token, '/approve');
    expect(unseen.statusCode).toBe(409);
    expect(unseen.json<{ message: string }>().message).toMatch(/Bekijk eerst alle documenten/);
    await viewAll(sent);
    const ok = await call('POST', token, '/approve');
    expect(ok.statusCode).toBe(200);
    expect((await call('POST', token, '/approve')).statusCode).toBe(409);
    const signer = await signerRow(t, sent.signerIds[0]!);
    expect(signer.stateId).toBe(5);
    expect(signer.signedAt).toBeTruthy();
    expect((await actionTypes(signer.id)).slice(-2)).toEqual([8, 3]);
    const [evidence] = await t.db
      .select()
      .from(signerEvidence)
      .where(eq(signerEvidence.signerId, signer.id));
    expect(evidence!.fieldValues).toEqual({ [`${id}:0`]: 'Jan Jansen', [`${id}:1`]: 'true' });
    expect(evidence!.approvedIp).toBeTruthy();
    expect((await requestRow(t, sent.requestId)).stateId).toBe(3);
    const body = (await call('GET', token, '')).json<SigningPage>();
    expect(body.status).toBe('approved');
  });

  it('in sequence: out of turn is a 409, the first approval invites the next signer', async () => {
    const sent = await sendTestRequest(t, {
      signers: [{ verifications: [5] }, { verifications: [5], locale: 'de' }],
      isSync: true,
    });
    const early = await tokenFor(t, sent.signerIds[1]!);
    expect(
      (await call('PUT', early, '/signature', { type: 'signature', image: pngDataUrl() }))
        .statusCode,
    ).toBe(409);
    expect((await call('POST', early, '/approve')).statusCode).toBe(409);

    await call('PUT', sent.tokens[0]!, '/signature', { type: 'signature', image: pngDataUrl() });
    await viewAll(sent);
    expect((await call('POST', sent.tokens[0]!, '/approve')).statusCode).toBe(200);
    const second = await signerRow(t, sent.signerIds[1]!);
    expect(second.stateId).toBe(3);
    expect(second.invitedAt).toBeTruthy();
    expect(await actionTypes(second.id)).toEqual([1]);
    const mail = await t.smtp.waitForMail(second.email);
    const link = /\/ondertekenen\/([A-Za-z0-9_-]+)/.exec(mail.html)![1]!;
    const token = link;
    expect((await call('GET', token, '')).json<SigningPage>().status).toBe('open');
    await call('PUT', token, '/signature', { type: 'signature', image: pngDataUrl() });
    await viewAll({ ...sent, tokens: [token] });
    expect((await call('POST', token, '/approve')).statusCode).toBe(200);

    // 60 'Behandeld door ondertekenaars'; the inline sealing worker may already have moved on.
    expect([60, 5, 9]).toContain((await requestRow(t, sent.requestId)).stateId);
    const jobs = await t.db.execute<{ data: { signRequestId: number } }>(
      sql`SELECT data FROM pgboss.job WHERE name = 'sealing'`,
    );
    expect(jobs.rows.map((r) => r.data.signRequestId)).toContain(sent.requestId);
    expect((await call('GET', token, '')).json<SigningPage>().status).toBe('signed');
  });
});

describe('decline and closed links', () => {
  it('declines with a reason and informs the sender and the other signers', async () => {
    const sent = await sendTestRequest(t, {
      signers: [{ verifications: [5] }, { verifications: [5], locale: 'en' }],
    });
    const empty = await call('POST', sent.tokens[0]!, '/decline', { reason: ' ' });
    expect(empty.statusCode).toBe(422);
    expect(errorsOf(empty).reason).toEqual(['Dit veld is verplicht']);
    const res = await call('POST', sent.tokens[0]!, '/decline', { reason: 'Bedrag klopt niet' });
    expect(res.statusCode).toBe(200);
    expect((await requestRow(t, sent.requestId)).stateId).toBe(4);
    const signer = await signerRow(t, sent.signerIds[0]!);
    expect(signer).toMatchObject({ stateId: 4, declineReason: 'Bedrag klopt niet' });
    const [audit] = await t.db
      .select()
      .from(signerActions)
      .where(and(eq(signerActions.signerId, signer.id), eq(signerActions.type, 4)));
    expect(audit!.comment).toBe('Bedrag klopt niet');
    const toSender = await t.smtp.waitForMail(sent.adminEmail, /geweigerd/);
    expect(toSender.text).toContain('Bedrag klopt niet');
    const other = await signerRow(t, sent.signerIds[1]!);
    await t.smtp.waitForMail(other.email, /declined/);
  });

  it('refuses every mutation after decline, cancel and expiry, while GET still answers', async () => {
    for (const set of [
      { stateId: 4 },
      { stateId: 8 },
      { expiresAt: new Date(Date.now() - 1000) },
    ]) {
      const sent = await sendTestRequest(t, { signers: [{ verifications: [1, 5] }] });
      await t.db.update(signRequests).set(set).where(eq(signRequests.id, sent.requestId));
      const token = sent.tokens[0]!;
      const calls = [
        call('POST', token, '/verifications/email'),
        call('POST', token, '/verifications/email/verify', { code: '123456' }),
        call('PUT', token, '/signature', { type: 'signature', image: pngDataUrl() }),
        call('PUT', token, '/fields', { fields: [] }),
        call('POST', token, '/approve'),
        call('POST', token, '/decline', { reason: 'Nee' }),
      ];
      for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(409);
      const get = await call('GET', token, '');
      expect(get.statusCode).toBe(200);
      expect(['declined', 'cancelled', 'expired']).toContain(get.json<SigningPage>().status);
    }
  });
});
