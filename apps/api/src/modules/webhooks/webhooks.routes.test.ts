import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingMessages,
  webhookMessages,
  type Paginated,
  type WebhookRequest,
} from '@paraaf/contract';
import { companies, webhookRequestAttempts, webhookRequests } from '../../db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { createMember, errorsOf, seedSignRequest } from '../../../test/factories.ts';
import { multipart } from '../../../test/fixtures/multipart.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.ts';

let t: TestApp;
let strictApp: TestApp;
let receiver: WebhookReceiver;
beforeAll(async () => {
  t = await createTestApp({ webhooks: { allowLoopback: true } });
  strictApp = await createTestApp({ worker: 'off' });
  receiver = await startWebhookReceiver();
}, 60_000);
afterAll(async () => {
  await receiver?.stop();
  await t?.close();
  await strictApp?.close();
});

async function companyWithWebhooks(app: TestApp, features = ['webhooks']) {
  const admin = await registerCompany(app);
  const companyId = admin.user.company.id;
  await app.db
    .update(companies)
    .set({ extraFeatures: features as never, webhookUrl: receiver.url })
    .where(eq(companies.id, companyId));
  return { admin, companyId };
}

/** A message with two attempts, written as the delivery would. */
async function seedMessage(app: TestApp, companyId: number, userId: number) {
  const { request } = await seedSignRequest(app.db, { companyId, userId, stateId: 3 });
  const [message] = await app.db
    .insert(webhookRequests)
    .values({
      companyId,
      signRequestId: request.id,
      eventType: 'sign_request.sent',
      messageId: `msg_test${request.id}`,
      url: receiver.url,
      body: JSON.stringify({ type: 'sign_request.sent', timestamp: new Date(), data: {} }),
      attempts: 2,
      lastStatusCode: 200,
      succeededAt: new Date(),
    })
    .returning();
  await app.db.insert(webhookRequestAttempts).values([
    { webhookRequestId: message!.id, statusCode: 500, message: 'kapot', durationMs: 12 },
    { webhookRequestId: message!.id, statusCode: 200, message: 'ok', durationMs: 8 },
  ]);
  return message!;
}

describe('webhook routes: who may', () => {
  it('401 without a session, 403 for a user or viewer, 403 without the feature', async () => {
    const { admin, companyId } = await companyWithWebhooks(t);
    const user = await createMember(t, companyId, 'user');
    const routes = [
      ['GET', '/api/webhooks/secret'],
      ['POST', '/api/webhooks/secret/rotate'],
      ['GET', '/api/webhook-requests'],
      ['POST', '/api/webhook-requests/1/resend'],
    ] as const;
    for (const [method, url] of routes) {
      expect((await t.request({ method, url })).statusCode, url).toBe(401);
      expect((await t.request({ method, url, token: user.token })).statusCode, url).toBe(403);
    }
    await t.db.update(companies).set({ extraFeatures: [] }).where(eq(companies.id, companyId));
    for (const [method, url] of routes) {
      const res = await t.request({ method, url, token: admin.token });
      expect(res.statusCode, url).toBe(403);
      expect(res.json<{ message: string }>().message).toBe(billingMessages.featureMissing);
    }
  });
});

describe('the signing secret', () => {
  it('is made once, Standard Webhooks style, and replaced by rotate', async () => {
    const { admin } = await companyWithWebhooks(t);
    const get = () => t.request({ method: 'GET', url: '/api/webhooks/secret', token: admin.token });
    const first = (await get()).json<{ secret: string }>().secret;
    expect(first).toMatch(/^whsec_/);
    expect(Buffer.from(first.slice(6), 'base64')).toHaveLength(32);
    expect((await get()).json<{ secret: string }>().secret).toBe(first);
    const rotated = await t.request({
      method: 'POST',
      url: '/api/webhooks/secret/rotate',
      token: admin.token,
    });
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json<{ secret: string }>().secret;
    expect(second).not.toBe(first);
    expect((await get()).json<{ secret: string }>().secret).toBe(second);
  });
});

describe('GET /api/webhook-requests and resend', () => {
  it('lists the company’s messages newest first with their responses; another company’s is 404', async () => {
    const { admin, companyId } = await companyWithWebhooks(t);
    const older = await seedMessage(t, companyId, admin.user.id);
    const newer = await seedMessage(t, companyId, admin.user.id);
    const other = await companyWithWebhooks(t);
    const foreign = await seedMessage(t, other.companyId, other.admin.user.id);

    const res = await t.request({
      method: 'GET',
      url: '/api/webhook-requests?page=1&order=id,desc&limit=10',
      token: admin.token,
    });
    expect(res.statusCode).toBe(200);
    const page = res.json<Paginated<WebhookRequest>>();
    expect(page.total).toBe(2);
    expect(page.data.map((r) => r.id)).toEqual([newer.id, older.id]);
    expect(page.data[0]).toMatchObject({
      url: receiver.url,
      event: 'sign_request.sent',
      attempts: 2,
      status_code: 200,
      failed_at: null,
      responses: [
        { status_code: 500, message: 'kapot' },
        { status_code: 200, message: 'ok' },
      ],
    });
    expect(page.data[0]!.succeeded_at).not.toBeNull();

    const bad = await t.request({
      method: 'GET',
      url: '/api/webhook-requests?order=url,desc',
      token: admin.token,
    });
    expect(bad.statusCode).toBe(422);

    const foreignResend = await t.request({
      method: 'POST',
      url: `/api/webhook-requests/${foreign.id}/resend`,
      token: admin.token,
    });
    expect(foreignResend.statusCode).toBe(404);
    expect(receiver.received).toHaveLength(0);

    const resend = await t.request({
      method: 'POST',
      url: `/api/webhook-requests/${older.id}/resend`,
      token: admin.token,
    });
    expect(resend.statusCode).toBe(200);
    const [got] = await receiver.waitFor(1);
    expect(got!.headers['webhook-id']).toBe(older.messageId);
    // The attempt is recorded just after the receiver answered.
    let row: WebhookRequest | undefined;
    for (let i = 0; i < 50 && row?.attempts !== 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const after = await t.request({
        method: 'GET',
        url: '/api/webhook-requests',
        token: admin.token,
      });
      row = after.json<Paginated<WebhookRequest>>().data.find((r) => r.id === older.id);
    }
    expect(row!.attempts).toBe(3);
    expect(row!.responses.at(-1)).toMatchObject({ status_code: 200, message: 'antwoord 200' });
  });
});

describe('POST /api/company: the webhook URL', () => {
  function save(app: TestApp, token: string, webhookUrl: string) {
    const body = multipart({ name: 'Haak BV', sms_name: 'HaakBV', webhook_url: webhookUrl }, []);
    return app.request({
      method: 'POST',
      url: '/api/company',
      token,
      payload: body.payload,
      headers: body.headers,
    });
  }

  it('refuses private, loopback and non-https URLs with a Dutch 422 on webhook_url', async () => {
    const { admin } = await companyWithWebhooks(strictApp);
    const cases: [string, string][] = [
      ['http://voorbeeld.nl/hook', webhookMessages.urlHttps],
      ['https://127.0.0.1/hook', webhookMessages.urlPrivate],
      ['https://2130706433/hook', webhookMessages.urlPrivate],
      ['https://[::ffff:127.0.0.1]/hook', webhookMessages.urlPrivate],
      // IPv4-compatible IPv6 (::/96) around loopback, metadata and a private address.
      ['https://[::127.0.0.1]/', webhookMessages.urlPrivate],
      ['https://[::7f00:1]/', webhookMessages.urlPrivate],
      ['https://[::a9fe:a9fe]/', webhookMessages.urlPrivate],
      ['https://[::10.0.0.1]/', webhookMessages.urlPrivate],
      ['https://[64:ff9b::a9fe:a9fe]/', webhookMessages.urlPrivate],
      ['https://[2001:0:808:808::80ff:fffe]/', webhookMessages.urlPrivate],
      ['https://169.254.169.254/latest', webhookMessages.urlPrivate],
      ['https://10.0.0.1/hook', webhookMessages.urlPrivate],
      // A name whose DNS answers loopback.
      ['https://localhost/hook', webhookMessages.urlPrivate],
      ['https://bestaat-niet.invalid/hook', webhookMessages.urlUnresolvable],
      ['https://gebruiker:geheim@93.184.215.14/hook', webhookMessages.urlCredentials],
      ['geen url', webhookMessages.urlInvalid],
    ];
    for (const [url, message] of cases) {
      const res = await save(strictApp, admin.token, url);
      expect(res.statusCode, url).toBe(422);
      expect(errorsOf(res), url).toEqual({ webhook_url: [message] });
    }
    const ok = await save(strictApp, admin.token, 'https://93.184.215.14/hook');
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ webhook_url: string }>().webhook_url).toBe('https://93.184.215.14/hook');
  });
});
