import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNull } from 'drizzle-orm';
import pino from 'pino';
import { mails } from '../db/schema/index.ts';
import { createStorage } from '../lib/storage/create-storage.ts';
import { createTestApp, registerCompany, type TestApp } from '../../test/app.ts';
import { startQueue, type Queue } from '../lib/queue/queue.ts';
import { jobNames, registerWorkers } from './workers.ts';
import { createPaymentProvider } from '../lib/payments/create-payment-provider.ts';

/**
 * WORKER=off gives an api that only enqueues; a separate worker (as `npm run worker` starts)
 * delivers. Both run here against one database, as two processes would.
 */
describe('api and worker as separate roles', () => {
  let t: TestApp;
  let worker: Queue | null = null;
  beforeAll(async () => {
    t = await createTestApp({ worker: 'off' });
  });
  afterAll(async () => {
    await worker?.stop();
    await t.close();
  });

  it(
    'an api-only process queues the mail; the worker delivers it',
    { timeout: 90_000 },
    async () => {
      const session = await registerCompany(t);
      await new Promise((r) => setTimeout(r, 1500));
      expect(t.smtp.mails.filter((m) => m.to.includes(session.user.email))).toHaveLength(0);
      expect((await t.db.select().from(mails).where(isNull(mails.sentAt))).length).toBeGreaterThan(
        0,
      );

      worker = await startQueue(t.database, jobNames, {
        pollSeconds: 0.5,
        onError: () => undefined,
      });
      await registerWorkers(
        worker,
        {
          config: t.config,
          db: t.db,
          queue: worker,
          storage: createStorage(t.config),
          payments: createPaymentProvider(t.config),
        },
        pino({ level: 'silent' }),
      );
      const mail = await t.smtp.waitForMail(session.user.email, /Welkom/);
      expect(mail.subject).toBe('Welkom bij Paraaf');
    },
  );
});
