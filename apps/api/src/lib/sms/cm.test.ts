import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { smsMessages } from '../../db/schema/index.ts';
import type { Database } from '../../db/client.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { CmSmsSender } from './cm.ts';
import { sendSmsJob } from './outbox.ts';
import { SimulatorSmsSender } from './simulator.ts';
import { normalizePhone, SmsSendError, smsSenderName } from './sms-sender.ts';

type Behaviour = 'ok' | 'refuse' | 'hang' | 'server-error';

/** Imitates CM.com's /v1.0/message: records each request and answers per `behaviour`. */
function startFakeCm() {
  const received: { headers: http.IncomingHttpHeaders; body: unknown }[] = [];
  let behaviour: Behaviour = 'ok';
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as {
        messages: { msg: { reference: string; to: { number: string }[] }[] };
      };
      received.push({ headers: req.headers, body });
      const msg = body.messages.msg[0]!;
      if (behaviour === 'hang') return; // never answers
      res.setHeader('content-type', 'application/json');
      if (behaviour === 'refuse') {
        res.statusCode = 400;
        res.end(
          JSON.stringify({
            details: 'No account found for the given authentication',
            errorCode: 101,
            messages: [],
          }),
        );
        return;
      }
      if (behaviour === 'server-error') {
        res.statusCode = 503;
        res.end('<html>Service unavailable</html>');
        return;
      }
      res.end(
        JSON.stringify({
          details: 'Created 1 message(s)',
          errorCode: 0,
          messages: [
            {
              to: msg.to[0]!.number,
              status: 'Accepted',
              reference: msg.reference,
              parts: 1,
              messageErrorCode: 0,
            },
          ],
        }),
      );
    });
  });
  return {
    received,
    set(b: Behaviour) {
      behaviour = b;
    },
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1.0/message`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('sender name and phone number', () => {
  it('falls back to Paraaf and cuts at 11 characters', () => {
    expect(smsSenderName(null)).toBe('Paraaf');
    expect(smsSenderName('   ')).toBe('Paraaf');
    expect(smsSenderName('€€€')).toBe('Paraaf');
    expect(smsSenderName('Bakkerij Jansen BV')).toBe('Bakkerij Ja');
    expect(smsSenderName('Notaris')).toBe('Notaris');
  });

  it('writes Dutch numbers in E.164', () => {
    expect(normalizePhone('06 1234 5678')).toBe('+31612345678');
    expect(normalizePhone('+31 (0)6-12345678'.replace('(0)', ''))).toBe('+31612345678');
    expect(normalizePhone('0031612345678')).toBe('+31612345678');
    expect(normalizePhone('+32 470 12 34 56')).toBe('+32470123456');
  });
});

describe('CM.com driver', () => {
  const cm = startFakeCm();
  let url: string;
  beforeAll(async () => {
    url = await cm.listen();
  });
  afterAll(() => cm.close());
  beforeEach(() => cm.set('ok'));

  it('throws a permanent error on a 4xx, naming CM and the error code but not the body', async () => {
    cm.set('refuse');
    const sender = new CmSmsSender({ productToken: 'bad-token', url });
    const error = await sender
      .send({ to: '+31612345678', sender: 'Paraaf', body: 'Je code is 123456' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsSendError);
    expect((error as SmsSendError).permanent).toBe(true);
    expect((error as Error).message).toMatch(/CM: refused \(400\).*errorCode 101/);
    expect((error as Error).message).not.toContain('123456');
  });

  it('throws a transient error when CM does not answer in time', async () => {
    cm.set('hang');
    const sender = new CmSmsSender({ productToken: 'token', url, timeoutMs: 200 });
    const started = Date.now();
    const error = await sender
      .send({ to: '+31612345678', sender: 'Paraaf', body: 'Je code is 123456' })
      .catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error).toBeInstanceOf(SmsSendError);
    expect((error as SmsSendError).permanent).toBe(false);
    expect((error as Error).message).toBe('CM: no answer within 200 ms');
  });

  it('throws a transient error on a 5xx', async () => {
    cm.set('server-error');
    const sender = new CmSmsSender({ productToken: 'token', url });
    const error = await sender
      .send({ to: '+31612345678', sender: 'Paraaf', body: 'x' })
      .catch((e: unknown) => e);
    expect((error as SmsSendError).permanent).toBe(false);
    expect((error as Error).message).toMatch(/server error 503/);
  });

  it('sends the JSON CM expects and returns the reference', async () => {
    const sender = new CmSmsSender({ productToken: 'product-token-1', url });
    const result = await sender.send({
      to: '+31612345678',
      sender: 'Notaris',
      body: 'Je code is 654321',
      reference: 'paraaf-7',
    });
    expect(result).toEqual({ providerMessageId: 'paraaf-7' });
    const last = cm.received.at(-1)!;
    expect(last.headers['content-type']).toBe('application/json');
    expect(last.body).toMatchObject({
      messages: {
        authentication: { producttoken: 'product-token-1' },
        msg: [
          {
            from: 'Notaris',
            to: [{ number: '0031612345678' }],
            body: { type: 'auto', content: 'Je code is 654321' },
            reference: 'paraaf-7',
          },
        ],
      },
    });
  });
});

describe('send-sms job', () => {
  const cm = startFakeCm();
  let url: string;
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    url = await cm.listen();
    ({ database, drop } = await createTestDatabase());
  });
  afterAll(async () => {
    await cm.close();
    await drop();
  });
  beforeEach(() => cm.set('ok'));

  async function outbox(body = 'Je code is 111222') {
    const [row] = await database.db
      .insert(smsMessages)
      .values({ to: '+31612345678', sender: 'Paraaf', body, provider: 'cm' })
      .returning();
    return row!;
  }
  const rowOf = async (id: number) =>
    (await database.db.select().from(smsMessages).where(eq(smsMessages.id, id)))[0]!;

  it('records a permanent refusal as failed, drops the body and does not throw', async () => {
    cm.set('refuse');
    const sms = await outbox();
    const sender = new CmSmsSender({ productToken: 't', url });
    await sendSmsJob.handle({ db: database.db, sender }, { smsId: sms.id });
    const row = await rowOf(sms.id);
    expect(row.failedAt).toBeInstanceOf(Date);
    expect(row.sentAt).toBeNull();
    expect(row.body).toBeNull();
    expect(row.error).toMatch(/CM: refused \(400\)/);
  });

  it('records a timeout and throws so the queue retries; the retry delivers once', async () => {
    cm.set('hang');
    const sms = await outbox();
    const sender = new CmSmsSender({ productToken: 't', url, timeoutMs: 150 });
    await expect(sendSmsJob.handle({ db: database.db, sender }, { smsId: sms.id })).rejects.toThrow(
      /no answer within 150 ms/,
    );
    let row = await rowOf(sms.id);
    expect(row.error).toMatch(/no answer/);
    expect(row.failedAt).toBeNull();
    expect(row.body).toBe('Je code is 111222');

    cm.set('ok');
    const before = cm.received.length;
    await sendSmsJob.handle({ db: database.db, sender }, { smsId: sms.id });
    await sendSmsJob.handle({ db: database.db, sender }, { smsId: sms.id });
    expect(cm.received.length).toBe(before + 1);
    row = await rowOf(sms.id);
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.providerMessageId).toBe(`paraaf-${sms.id}`);
    expect(row.error).toBeNull();
    // Through a real gateway the code is not kept at rest.
    expect(row.body).toBeNull();
  });

  it('the simulator marks the row sent and keeps the body for the outbox', async () => {
    const sms = await outbox('Je code is 333444');
    const sender = new SimulatorSmsSender();
    await sendSmsJob.handle({ db: database.db, sender }, { smsId: sms.id });
    const row = await rowOf(sms.id);
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.provider).toBe('simulator');
    expect(row.body).toBe('Je code is 333444');
    expect(sender.sent).toHaveLength(1);
  });
});
