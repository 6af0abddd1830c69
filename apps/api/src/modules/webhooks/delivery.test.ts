import { asc, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { WebhookEventType } from '@paraaf/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companies, webhookRequestAttempts, webhookRequests } from '../../db/schema/index.ts';
import { jobNames } from '../../jobs/workers.ts';
import { startQueue, type Queue } from '../../lib/queue/queue.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { seedSignRequest } from '../../../test/factories.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.ts';
import { deliverDueWebhooks, resendWebhook, type DeliverDeps } from './deliver.ts';
import { emitWebhookEvent } from '../sign-requests/webhook-events.ts';
import { webhookSecretOf } from './secret.ts';
import type { Resolver } from './ssrf.ts';

let t: TestApp;
let queue: Queue;
let receiver: WebhookReceiver;
let clock: Date;
let deps: DeliverDeps;

beforeAll(async () => {
  // No job workers: the test runs the delivery itself, with its own clock.
  t = await createTestApp({ worker: 'off', webhooks: { allowLoopback: true } });
  queue = await startQueue(t.database, jobNames, { pollSeconds: 1, onError: () => undefined });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.stop();
  await queue?.stop();
  await t?.close();
});
beforeEach(() => {
  clock = new Date();
  deps = { db: t.db, queue, config: t.config, now: () => clock, timeoutMs: 500 };
  receiver.received.length = 0;
  receiver.script.length = 0;
});

const later = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));

/** A company with the webhooks feature and a URL, and one request in progress. */
async function setup(url = receiver.url, features: string[] = ['webhooks']) {
  const admin = await registerCompany(t);
  const companyId = admin.user.company.id;
  await t.db
    .update(companies)
    .set({ webhookUrl: url, extraFeatures: features as never })
    .where(eq(companies.id, companyId));
  const request = await seedSignRequest(t.db, {
    companyId,
    userId: admin.user.id,
    stateId: 3,
    signers: [{ firstname: 'Jan', lastname: 'Jansen' }],
  });
  return { companyId, requestId: request.request.id, signerId: request.signers[0]!.id };
}

async function emit(
  companyId: number,
  requestId: number,
  type: WebhookEventType = 'sign_request.sent',
) {
  await t.db.transaction((tx) =>
    emitWebhookEvent(
      tx,
      { queue, config: t.config },
      { companyId, type, signRequestId: requestId },
      clock,
    ),
  );
}

async function messagesOf(requestId: number) {
  return t.db
    .select()
    .from(webhookRequests)
    .where(eq(webhookRequests.signRequestId, requestId))
    .orderBy(asc(webhookRequests.id));
}

async function attemptsOf(messageId: number) {
  return t.db
    .select()
    .from(webhookRequestAttempts)
    .where(eq(webhookRequestAttempts.webhookRequestId, messageId))
    .orderBy(asc(webhookRequestAttempts.id));
}

describe('emitWebhookEvent', () => {
  it('writes nothing without the webhooks feature or without a URL', async () => {
    const noFeature = await setup(receiver.url, []);
    await emit(noFeature.companyId, noFeature.requestId);
    expect(await messagesOf(noFeature.requestId)).toHaveLength(0);
    const noUrl = await setup(receiver.url);
    await t.db.update(companies).set({ webhookUrl: null }).where(eq(companies.id, noUrl.companyId));
    await emit(noUrl.companyId, noUrl.requestId);
    expect(await messagesOf(noUrl.requestId)).toHaveLength(0);
  });

  it('writes nothing when the transaction of the change rolls back', async () => {
    const { companyId, requestId } = await setup();
    await expect(
      t.db.transaction(async (tx) => {
        await emitWebhookEvent(
          tx,
          { queue, config: t.config },
          { companyId, type: 'sign_request.sent', signRequestId: requestId },
        );
        throw new Error('de wijziging mislukt');
      }),
    ).rejects.toThrow('de wijziging mislukt');
    expect(await messagesOf(requestId)).toHaveLength(0);
  });
});

describe('delivery', () => {
  it('signs as Standard Webhooks: the standardwebhooks verifier accepts it', async () => {
    const { companyId, requestId } = await setup();
    await emit(companyId, requestId);
    await deliverDueWebhooks(deps, requestId);
    const [got] = receiver.received;
    const secret = await webhookSecretOf(t.db, companyId);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const verified = new Webhook(secret).verify(got!.body, got!.headers as Record<string, string>);
    expect(verified).toMatchObject({ type: 'sign_request.sent', data: { id: requestId } });
    expect(got!.headers['webhook-id']).toMatch(/^msg_/);
    expect(got!.headers['content-type']).toBe('application/json');
    // Another secret does not verify it.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(
        got!.body,
        got!.headers as Record<string, string>,
      ),
    ).toThrow();
    const [message] = await messagesOf(requestId);
    expect(message).toMatchObject({ attempts: 1, lastStatusCode: 200, nextAttemptAt: null });
    expect(message!.succeededAt).not.toBeNull();
  });

  it('retries on 500, a timeout and a refused connection at 5 s, 5 min, 30 min, then succeeds', async () => {
    const { companyId, requestId } = await setup();
    await emit(companyId, requestId);
    const t0 = clock.getTime();
    receiver.script.push(500, 'hang');
    await deliverDueWebhooks(deps, requestId); // 1: 500
    later(4);
    await deliverDueWebhooks(deps, requestId); // not due yet
    expect(receiver.received).toHaveLength(1);
    later(1);
    await deliverDueWebhooks(deps, requestId); // 2: no answer within the timeout
    expect(receiver.received).toHaveLength(2);
    await receiver.stop();
    try {
      later(299);
      await deliverDueWebhooks(deps, requestId);
      expect((await messagesOf(requestId))[0]!.attempts).toBe(2);
      later(1);
      await deliverDueWebhooks(deps, requestId); // 3: connection refused
    } finally {
      await receiver.start();
    }
    later(1799);
    await deliverDueWebhooks(deps, requestId);
    expect((await messagesOf(requestId))[0]!.attempts).toBe(3);
    later(1);
    await deliverDueWebhooks(deps, requestId); // 4: 200
    const [message] = await messagesOf(requestId);
    expect(message).toMatchObject({ attempts: 4, lastStatusCode: 200, failedAt: null });
    expect(message!.succeededAt!.getTime()).toBe(t0 + (5 + 300 + 1800) * 1000);
    const attempts = await attemptsOf(message!.id);
    expect(attempts.map((a) => a.statusCode)).toEqual([500, null, null, 200]);
    expect(attempts.map((a) => (a.createdAt.getTime() - t0) / 1000)).toEqual([0, 5, 305, 2105]);
    expect(attempts[0]!.message).toBe('antwoord 500');
    expect(attempts[1]!.message).toMatch(/timeout/);
    expect(attempts[2]!.message).toMatch(/ECONNREFUSED/);
    // The same message every time: one webhook-id.
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
  });

  it('fails a message after 8 attempts; the next message of the request waited until then', async () => {
    const { companyId, requestId } = await setup();
    await emit(companyId, requestId, 'sign_request.sent');
    await emit(companyId, requestId, 'sign_request.cancelled');
    receiver.script.push(...Array<number>(8).fill(503));
    const delays = [5, 300, 1800, 7200, 18000, 36000, 36000];
    await deliverDueWebhooks(deps, requestId);
    for (const delay of delays) {
      later(delay);
      await deliverDueWebhooks(deps, requestId);
    }
    const [first, second] = await messagesOf(requestId);
    expect(first).toMatchObject({ attempts: 8, lastStatusCode: 503, succeededAt: null });
    expect(first!.failedAt!.getTime()).toBe(clock.getTime());
    // In order: eight attempts of the first, then the second (right after the first gave up).
    const types = receiver.received.map((r) => (JSON.parse(r.body) as { type: string }).type);
    expect(types).toEqual([
      ...Array<string>(8).fill('sign_request.sent'),
      'sign_request.cancelled',
    ]);
    expect(second).toMatchObject({ attempts: 1, lastStatusCode: 200 });
    later(36000);
    await deliverDueWebhooks(deps, requestId);
    expect(receiver.received).toHaveLength(9);
  });

  it('sends a message once when two runs deliver at the same time', async () => {
    const { companyId, requestId } = await setup();
    await emit(companyId, requestId);
    await Promise.all([deliverDueWebhooks(deps, requestId), deliverDueWebhooks(deps, requestId)]);
    expect(receiver.received).toHaveLength(1);
    const [message] = await messagesOf(requestId);
    expect(await attemptsOf(message!.id)).toHaveLength(1);
  });

  it('a run killed mid-attempt leaves the message due again after its claim', async () => {
    const { companyId, requestId } = await setup();
    await emit(companyId, requestId);
    const [message] = await messagesOf(requestId);
    // What a claim that was never settled looks like: next_attempt_at a minute ahead.
    await t.db
      .update(webhookRequests)
      .set({ nextAttemptAt: new Date(clock.getTime() + 60_000) })
      .where(eq(webhookRequests.id, message!.id));
    await deliverDueWebhooks(deps, requestId);
    expect(receiver.received).toHaveLength(0);
    later(60);
    await deliverDueWebhooks(deps, requestId);
    expect(receiver.received).toHaveLength(1);
  });

  it('resend: one more attempt with the same webhook-id, the schedule left as it was', async () => {
    const { companyId, requestId } = await setup();
    await emit(companyId, requestId);
    await deliverDueWebhooks(deps, requestId);
    const [message] = await messagesOf(requestId);
    await resendWebhook(deps, message!.id);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.headers['webhook-id']).toBe(message!.messageId);
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    const [after] = await messagesOf(requestId);
    expect(after).toMatchObject({ attempts: 2, succeededAt: message!.succeededAt });
  });
});

describe('SSRF at delivery', () => {
  it('a loopback canary receives nothing without WEBHOOKS_ALLOW_LOOPBACK', async () => {
    const canary = await startWebhookReceiver();
    try {
      const strict = { ...deps, config: { ...t.config, webhooks: { allowLoopback: false } } };
      // DNS that answers loopback for a public-looking name (a rebinding attacker's server).
      const resolver: Resolver = () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
      const urls = [
        canary.url,
        `https://127.0.0.1:${canary.port}/webhook`,
        `https://2130706433:${canary.port}/webhook`,
        `https://[::ffff:127.0.0.1]:${canary.port}/webhook`,
        `https://[::127.0.0.1]:${canary.port}/webhook`,
        `https://[64:ff9b::7f00:1]:${canary.port}/webhook`,
        `https://canary.example:${canary.port}/webhook`,
      ];
      for (const url of urls) {
        const { companyId, requestId } = await setup(url);
        await emit(companyId, requestId);
        await deliverDueWebhooks({ ...strict, resolver }, requestId);
        const [message] = await messagesOf(requestId);
        const [attempt] = await attemptsOf(message!.id);
        expect(attempt).toMatchObject({ statusCode: null });
        expect(attempt!.message).toMatch(/https|intern of gereserveerd/);
      }
      expect(canary.connections()).toBe(0);
      expect(canary.received).toHaveLength(0);
    } finally {
      await canary.stop();
    }
  });
});
