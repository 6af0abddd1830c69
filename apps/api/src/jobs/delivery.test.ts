import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueMail } from '../lib/mail/outbox.ts';
import { startQueue, type Queue } from '../lib/queue/queue.ts';
import { jobNames } from './workers.ts';
import { createTestApp, registerCompany, type TestApp } from '../../test/app.ts';
import { sendTestRequest, signerRow } from '../modules/signing/signing.fixture.ts';

/**
 * How fast and in which order the jobs of one process leave: on PGlite (no LISTEN/NOTIFY) and
 * on PostgreSQL (DATABASE_URL). Nothing here asserts a duration; the order and the number of
 * mails in flight at once are what the queue decides.
 */
describe('job delivery in one process', () => {
  let t: TestApp;
  /** Enqueues as another part of the process would (the app's own Queue is not exposed). */
  let queue: Queue;
  beforeAll(async () => {
    // A backstop poll far beyond any wait below: only a wake-up on enqueue delivers in time.
    t = await createTestApp({ jobPollSeconds: 120 });
    queue = await startQueue(t.database, jobNames, { pollSeconds: 120, onError: () => undefined });
  });
  afterAll(async () => {
    t.smtp.latency.ms = 0;
    await queue.stop();
    await t.close();
  });

  it('delivers a mail as soon as it is enqueued, not at the next poll', async () => {
    // The workers' first fetch has happened; each now sleeps out the 120 s poll.
    await new Promise((r) => setTimeout(r, 1000));
    const session = await registerCompany(t);
    const mail = await t.smtp.waitForMail(session.user.email, /Welkom/, 20_000);
    expect(mail.subject).toBe('Welkom bij Paraaf');
    expect(mail.messageId).toMatch(/^<mail-\d+\.[a-z0-9]+@paraaf\.nl>$/);
  });

  it('sends several mails at once over pooled connections', async () => {
    t.smtp.latency.ms = 150;
    t.smtp.load.max = 0;
    const to = Array.from({ length: 30 }, (_, i) => `gelijktijdig-${i}@voorbeeld.nl`);
    await t.db.transaction(async (tx) => {
      for (const address of to) {
        await queueMail(tx, queue, address, { subject: 'Bericht', html: '<p>x</p>', text: 'x' });
      }
    });
    for (const address of to) await t.smtp.waitForMail(address, /Bericht/, 30_000);
    t.smtp.latency.ms = 0;
    // One at a time would never have two messages in the SMTP server at once.
    expect(t.smtp.load.max).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it('a signer code overtakes 2,000 bulk mails queued before it', async () => {
    const sent = await sendTestRequest(t);
    const signer = await signerRow(t, sent.signerIds[0]!);
    const bulk = 2000;
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < bulk; i++) {
        await queueMail(tx, queue, `bulk-${i}@voorbeeld.nl`, {
          subject: 'Nieuwsbrief',
          html: '<p>Nieuws</p>',
          text: 'Nieuws',
        });
      }
    });
    const res = await t.request({
      method: 'POST',
      url: `/api/signing/${sent.tokens[0]}/verifications/email`,
    });
    expect(res.statusCode).toBe(200);
    const code = await t.smtp.waitForMail(signer.email, /code/i, 60_000);
    const position = t.smtp.mails.indexOf(code);
    const bulkBefore = t.smtp.mails
      .slice(0, position)
      .filter((m) => m.subject === 'Nieuwsbrief').length;
    // Behind the backlog it would come after all 2,000; by priority it comes after the few
    // already in hand when it was queued.
    expect(bulkBefore).toBeLessThan(200);
  }, 180_000);
});
