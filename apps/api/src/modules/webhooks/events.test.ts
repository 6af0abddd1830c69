import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignRequestDetail, WebhookEventType } from '@paraaf/contract';
import { companies, signRequests } from '../../db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { createDraftThroughApi } from '../../../test/factories.ts';
import { linkFrom } from '../../../test/smtp.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.ts';
import { pngDataUrl } from '../signing/signing.fixture.ts';

/**
 * Issue 16: a local receiver gets every event of real flows through the API (the sender's
 * calls, the signer's page, the sealing job), in order, each signed as Standard Webhooks says.
 */
let t: TestApp;
let receiver: WebhookReceiver;
beforeAll(async () => {
  t = await createTestApp({ webhooks: { allowLoopback: true } });
  receiver = await startWebhookReceiver();
}, 60_000);
afterAll(async () => {
  await receiver?.stop();
  await t?.close();
});

interface Event {
  type: WebhookEventType;
  timestamp: string;
  data: Record<string, unknown> & { id: number };
}

async function company() {
  // Each test starts with an empty receiver (the previous one waited for all of its events).
  receiver.received.length = 0;
  const admin = await registerCompany(t);
  await t.db
    .update(companies)
    .set({
      webhookUrl: receiver.url,
      extraFeatures: ['webhooks', 'multiple_signers', 'api'],
      credits: 50,
    })
    .where(eq(companies.id, admin.user.company.id));
  const secret = (
    await t.request({ method: 'GET', url: '/api/webhooks/secret', token: admin.token })
  ).json<{ secret: string }>().secret;
  return { token: admin.token, secret };
}

/** Creates and sends a request with these signers (e-mail code + signature each). */
async function sendRequest(token: string, signerCount: number) {
  const {
    id,
    emails,
    signableIds: [signableId],
  } = await createDraftThroughApi(t, token, {
    signers: Array.from({ length: signerCount }, () => ({ verifications: [1, 5] })),
    documents: 1,
  });
  const ready = await t.request({ method: 'POST', url: `/api/sign-requests/${id}/ready`, token });
  expect(ready.statusCode).toBe(200);
  const links: string[] = [];
  for (const email of emails) {
    const mail = await t.smtp.waitForMail(email, /^Huurcontract$/);
    links.push(/\/ondertekenen\/([A-Za-z0-9_-]+)/.exec(linkFrom(mail, '/ondertekenen/'))![1]!);
  }
  return { id, emails, links, signableId: signableId! };
}

function signer(link: string) {
  return (method: 'GET' | 'POST' | 'PUT', path = '', payload?: object) =>
    t.request({ method, url: `/api/signing/${link}${path}`, ...(payload ? { payload } : {}) });
}

async function signAll(flow: Awaited<ReturnType<typeof sendRequest>>) {
  for (const [i, link] of flow.links.entries()) {
    const s = signer(link);
    expect((await s('GET')).statusCode).toBe(200);
    expect((await s('GET', `/signables/${flow.signableId}/file`)).statusCode).toBe(200);
    expect((await s('POST', '/verifications/email')).statusCode).toBe(200);
    const mail = await t.smtp.waitForMail(flow.emails[i]!, /verificatiecode/i);
    const code = /\b(\d{6})\b/.exec(mail.subject)![1]!;
    expect((await s('POST', '/verifications/email/verify', { code })).statusCode).toBe(200);
    const signature = { type: 'signature', image: pngDataUrl() };
    expect((await s('PUT', '/signature', signature)).statusCode).toBe(200);
    expect((await s('POST', '/approve')).statusCode).toBe(200);
  }
}

/** The events of one request as the receiver got them, each signature checked. */
async function eventsOf(secret: string, requestId: number, count: number): Promise<Event[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const events = receiver.received
      .map((r) => {
        const event = new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
        return event as Event;
      })
      .filter((e) => (e.data.sign_request_id ?? e.data.id) === requestId);
    if (events.length >= count || Date.now() > deadline) return events;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('webhook events of real flows', () => {
  it('a full signing with two signers: every event in order, signed, with working document URLs', async () => {
    const { token, secret } = await company();
    const flow = await sendRequest(token, 2);
    await signAll(flow);
    const events = await eventsOf(secret, flow.id, 8);
    expect(events.map((e) => e.type)).toEqual([
      'sign_request.sent',
      'signer.opened',
      'signer.verified',
      'signer.signed',
      'signer.opened',
      'signer.verified',
      'signer.signed',
      'sign_request.signed',
    ]);
    const [sent, opened] = events;
    expect(sent!.data).toMatchObject({ id: flow.id, subject: 'Huurcontract', state_id: 3 });
    expect(opened!.data).toMatchObject({ sign_request_id: flow.id, email: flow.emails[0] });
    // signer.verified names the step that completed the verification.
    expect(events[2]!.data).toMatchObject({ email: flow.emails[0], verification_method: 'email' });
    expect(events[4]!.data).toMatchObject({ email: flow.emails[1] });
    expect(events[6]!.data).toMatchObject({ state_id: 5, email: flow.emails[1] });
    // Never a signer's link token in any message.
    for (const r of receiver.received)
      for (const link of flow.links) expect(r.body).not.toContain(link);

    const signed = events[7]!.data as unknown as SignRequestDetail & { receipt_url: string };
    expect(signed.state_id).toBe(5);
    const file = signed.signables[0]!.file!;
    expect(file).toBe(`${t.config.appUrl}/api/signables/${flow.signableId}/file`);
    // The URLs work with an API key, as an integration holds no session.
    const key = await t.request({
      method: 'POST',
      url: '/api/access-tokens',
      token,
      payload: { name: 'Webhook-ontvanger' },
    });
    expect(key.statusCode).toBe(201);
    const apiKey = key.json<{ token: string }>().token;
    expect(apiKey).toMatch(/^pk_/);
    const download = await t.request({ method: 'GET', url: new URL(file).pathname, token: apiKey });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const receipt = await t.request({
      method: 'GET',
      url: new URL(signed.receipt_url).pathname,
      token,
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  }, 90_000);

  it('decline: the signer and the request declined', async () => {
    const { token, secret } = await company();
    const flow = await sendRequest(token, 2);
    const s = signer(flow.links[0]!);
    expect((await s('GET')).statusCode).toBe(200);
    expect((await s('POST', '/decline', { reason: 'Klopt niet' })).statusCode).toBe(200);
    const events = await eventsOf(secret, flow.id, 4);
    expect(events.map((e) => e.type)).toEqual([
      'sign_request.sent',
      'signer.opened',
      'signer.declined',
      'sign_request.declined',
    ]);
    expect(events[2]!.data).toMatchObject({ state_id: 4, decline_reason: 'Klopt niet' });
    expect(events[3]!.data).toMatchObject({ id: flow.id, state_id: 4 });
  }, 60_000);

  it('cancel and expiry', async () => {
    const { token, secret } = await company();
    const cancelled = await sendRequest(token, 1);
    const res = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${cancelled.id}/cancel`,
      token,
    });
    expect(res.statusCode).toBe(200);
    expect((await eventsOf(secret, cancelled.id, 2)).map((e) => e.type)).toEqual([
      'sign_request.sent',
      'sign_request.cancelled',
    ]);

    const expired = await sendRequest(token, 1);
    await t.db
      .update(signRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signRequests.id, expired.id));
    // The signer's link finds the request past its date: it expires then and there.
    expect((await signer(expired.links[0]!)('GET')).statusCode).toBe(200);
    const events = await eventsOf(secret, expired.id, 2);
    expect(events.map((e) => e.type)).toEqual(['sign_request.sent', 'sign_request.expired']);
    expect(events[1]!.data).toMatchObject({ id: expired.id, state_id: 7 });
  }, 60_000);
});
