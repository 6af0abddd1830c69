import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@paraaf/contract';
import { mails, signerActions, signers, signRequests } from '../../db/schema/index.ts';
import { startQueue, type Queue } from '../../lib/queue/queue.ts';
import { jobNames, registerWorkers } from '../../jobs/workers.ts';
import type { Deps } from '../../lib/context.ts';
import { createToken, sha256 } from '../../lib/crypto.ts';
import { createStorage } from '../../lib/storage/create-storage.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { createDraftSignRequest } from '../../../test/factories.ts';
import { layOutSequence } from './routing.ts';
import { startSweeps, sweepSignRequests, sweepSignRequestsJob } from './sweep-sign-requests.ts';
import { createPaymentProvider } from '../../lib/payments/create-payment-provider.ts';

const DAY = 24 * 3600 * 1000;

/** Records what would be enqueued; the mails rows are the proof of what is sent. */
function recordingQueue(): Queue {
  return {
    enqueue: () => Promise.resolve(true),
    enqueueLater: () => Promise.resolve(),
    work: () => Promise.resolve(),
    onStop: () => undefined,
    check: () => Promise.resolve(),
    stop: () => Promise.resolve(),
  };
}

/**
 * The sweep is called directly with a chosen "now" (days after `base`); the app runs no worker
 * (WORKER=off), so no sweep on the real clock interferes.
 */
describe('sweepSignRequests: expiry, expiry mail, automatic reminders', () => {
  let t: TestApp;
  let admin: Session;
  let deps: Deps;
  const base = new Date();
  const at = (days: number) => new Date(base.getTime() + days * DAY);
  const sweep = (days: number) => sweepSignRequests(deps, at(days));

  beforeAll(async () => {
    t = await createTestApp({ worker: 'off' });
    admin = await registerCompany(t);
    deps = {
      config: t.config,
      db: t.db,
      queue: recordingQueue(),
      storage: createStorage(t.config),
      payments: createPaymentProvider(t.config),
    };
  });
  afterAll(() => t.close());

  /** A request in `stateId` (3: in progress) with invited signers holding live links. */
  async function request(opts: {
    stateId?: number;
    isSync?: boolean;
    expiresInDays?: number;
    expiresAt?: Date;
    signers: Partial<typeof signers.$inferInsert>[];
  }) {
    const tokens = opts.signers.map(() => createToken());
    const created = await createDraftSignRequest(t, admin.user.company.id, {
      userId: admin.user.id,
      isSync: opts.isSync ?? false,
      subject: `Contract ${Math.random().toString(36).slice(2, 8)}`,
      expiresAt: opts.expiresAt ?? at(opts.expiresInDays ?? 30),
      signers: opts.signers.map((s, i) => ({
        stateId: 3,
        invitedAt: base,
        tokenHash: sha256(tokens[i]!),
        reminderAfter: 2,
        maxReminders: 2,
        ...s,
      })),
    });
    await t.db
      .update(signRequests)
      .set({ stateId: opts.stateId ?? 3, sentAt: base })
      .where(eq(signRequests.id, created.request.id));
    // As sending (and migration 0043 for older requests) lays it out: one step per signer.
    if (opts.isSync) await layOutSequence(t.db, created.request.id);
    return { ...created, tokens };
  }
  const signerRow = async (id: number) =>
    (await t.db.select().from(signers).where(eq(signers.id, id)))[0]!;
  const requestRow = async (id: number) =>
    (await t.db.select().from(signRequests).where(eq(signRequests.id, id)))[0]!;
  const mailsTo = (to: string) => t.db.select().from(mails).where(eq(mails.to, to));
  const page = (token: string) => t.request({ method: 'GET', url: `/api/signing/${token}` });

  it('leaves cancelled, declined, signed and draft requests alone', async () => {
    const untouched = [];
    for (const stateId of [8, 4, 5, 60, 1]) {
      untouched.push(await request({ stateId, expiresInDays: 1, signers: [{}] }));
    }
    const result = await sweep(10);
    expect(result).toEqual({
      expired: 0,
      expiryMails: 0,
      reminders: 0,
      exhausted: 0,
      cacheEntriesPurged: 0,
      // The request in 60 has no sealing job in this queue: the sweep queues one.
      sealingRequeued: 1,
    });
    for (const r of untouched) {
      const s = await signerRow(r.signers[0]!.id);
      expect([s.stateId, s.remindersSent, s.tokenHash]).toEqual([3, 0, r.signers[0]!.tokenHash]);
      expect(await mailsTo(s.email)).toEqual([]);
    }
    expect(
      (await Promise.all(untouched.map((r) => requestRow(r.request.id)))).map((r) => r.stateId),
    ).toEqual([8, 4, 5, 60, 1]);
  });

  it('reminds a signer after reminder_after days, not before, up to max_reminders; then state 6', async () => {
    const r = await request({ signers: [{}] });
    const signer = r.signers[0]!;

    expect((await sweep(1.9)).reminders).toBe(0);
    expect(await mailsTo(signer.email)).toEqual([]);

    expect(await sweep(2.1)).toMatchObject({ reminders: 1, exhausted: 0 });
    let row = await signerRow(signer.id);
    expect(row).toMatchObject({ stateId: 3, remindersSent: 1, manualRemindersSent: 0 });
    expect(row.lastReminderAt).toEqual(at(2.1));
    const [mail] = await mailsTo(signer.email);
    expect(mail!.subject).toMatch(/herinnering/i);
    // A fresh link beside the invitation's: both open the page.
    const link = /\/ondertekenen\/([A-Za-z0-9_-]+)/.exec(mail!.html!)![1]!;
    expect(sha256(link)).toBe(row.tokenHash);
    expect((await page(link)).statusCode).toBe(200);
    expect((await page(r.tokens[0]!)).statusCode).toBe(200);
    // Only the signer's row counts it: no audit action (18 is the manual reminder).
    expect(
      await t.db.select().from(signerActions).where(eq(signerActions.signerId, signer.id)),
    ).not.toContainEqual(expect.objectContaining({ type: 18 }));

    // The same moment again, and before the next period: nothing.
    expect((await sweep(2.1)).reminders).toBe(0);
    expect((await sweep(4.0)).reminders).toBe(0);
    expect(await sweep(4.2)).toMatchObject({ reminders: 1, exhausted: 0 });
    expect(await mailsTo(signer.email)).toHaveLength(2);

    // Both reminders sent: when a third would be due, the signer has none left (6).
    expect((await sweep(6.1)).exhausted).toBe(0);
    expect(await sweep(6.3)).toMatchObject({ reminders: 0, exhausted: 1 });
    row = await signerRow(signer.id);
    expect(row).toMatchObject({ stateId: 6, remindersSent: 2 });
    expect(await sweep(20)).toMatchObject({ reminders: 0, exhausted: 0 });
    expect(await mailsTo(signer.email)).toHaveLength(2);
    // State 6 stops reminders, not the signer: the link still opens for signing.
    const latest = /\/ondertekenen\/([A-Za-z0-9_-]+)/.exec(
      (await mailsTo(signer.email))[1]!.html!,
    )![1]!;
    const res = await page(latest);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ status: string }>().status).toBe('open');
  });

  it('counts from the last manual reminder too, and never sends two for one period', async () => {
    const r = await request({
      signers: [{ reminderAfter: 1, maxReminders: 5, lastReminderAt: at(0.5) }],
    });
    expect((await sweep(1.2)).reminders).toBe(0);
    // Two sweeps at once (two workers): one reminder.
    const results = await Promise.all([sweep(1.6), sweep(1.6)]);
    expect(results.reduce((n, x) => n + x.reminders, 0)).toBe(1);
    expect(await signerRow(r.signers[0]!.id)).toMatchObject({ remindersSent: 1 });
    expect(await mailsTo(r.signers[0]!.email)).toHaveLength(1);
  });

  it('in sequence (is_sync) reminds only the current signer', async () => {
    const r = await request({
      isSync: true,
      signers: [
        { stateId: 5, signedAt: base },
        {},
        // Invited out of order (data from before a change of order): still not their turn.
        {},
        { stateId: 1, invitedAt: null, tokenHash: null },
      ],
    });
    expect((await sweep(2.5)).reminders).toBe(1);
    const rows = await Promise.all(r.signers.map((s) => signerRow(s.id)));
    expect(rows.map((s) => s.remindersSent)).toEqual([0, 1, 0, 0]);
    for (const s of [r.signers[0]!, r.signers[2]!, r.signers[3]!]) {
      expect(await mailsTo(s.email)).toEqual([]);
    }
  });

  it('expires a request past its date with its waiting signers; one mail to the initiator even from two sweeps at once', async () => {
    const r = await request({
      expiresInDays: 3,
      signers: [
        { stateId: 5, signedAt: base },
        { reminderAfter: 3 },
        { stateId: 6 },
        { stateId: 1, invitedAt: null },
      ],
    });
    const before = (await mailsTo(admin.user.email)).length;
    expect((await sweep(2.9)).expired).toBe(0);
    const results = await Promise.all([sweep(3.1), sweep(3.1)]);
    expect(results.reduce((n, x) => n + x.expired, 0)).toBe(1);
    expect(results.reduce((n, x) => n + x.expiryMails, 0)).toBe(1);
    expect(await requestRow(r.request.id)).toMatchObject({
      stateId: 7,
      expiredNotifiedAt: at(3.1),
    });
    const rows = await Promise.all(r.signers.map((s) => signerRow(s.id)));
    expect(rows.map((s) => s.stateId)).toEqual([5, 7, 7, 7]);
    // The invited signer's reminder was due at day 3 too, but an expired request reminds no one.
    expect(rows.map((s) => s.remindersSent)).toEqual([0, 0, 0, 0]);

    const sent = (await mailsTo(admin.user.email)).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(`Ondertekening verlopen: ${r.request.subject}`);
    expect(sent[0]!.text).toContain(admin.user.name);
    // (other tests' signers may be reminded then; this request has nothing left to do)
    expect(await sweep(4)).toMatchObject({ expired: 0, expiryMails: 0 });
    expect((await mailsTo(admin.user.email)).slice(before)).toHaveLength(1);
  });

  it('a link opened after expiry takes the same path; the next sweep mails the initiator', async () => {
    const r = await request({ expiresAt: new Date(Date.now() - 60_000), signers: [{}] });
    const before = (await mailsTo(admin.user.email)).length;
    const res = await page(r.tokens[0]!);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ status: string }>().status).toBe('expired');
    expect(await requestRow(r.request.id)).toMatchObject({ stateId: 7, expiredNotifiedAt: null });
    expect((await signerRow(r.signers[0]!.id)).stateId).toBe(7);

    expect(await sweepSignRequests(deps, new Date())).toMatchObject({ expired: 0, expiryMails: 1 });
    expect((await mailsTo(admin.user.email)).slice(before)).toHaveLength(1);
  });

  it(
    'runs in a worker: swept at start, one next run kept waiting',
    { timeout: 60_000 },
    async () => {
      const r = await request({ expiresAt: new Date(Date.now() - 60_000), signers: [{}] });
      const worker = await startQueue(t.database, jobNames, {
        pollSeconds: 0.5,
        onError: () => undefined,
      });
      try {
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
        const mail = await t.smtp.waitForMail(admin.user.email, /^Ondertekening verlopen/);
        expect(mail.subject).toBe(`Ondertekening verlopen: ${r.request.subject}`);
        expect((await requestRow(r.request.id)).stateId).toBe(7);

        const waiting = async () => {
          const res = await t.db.execute<{ n: number }>(
            sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${sweepSignRequestsJob.name} AND state = 'created'`,
          );
          return res.rows[0]!.n;
        };
        await expect.poll(waiting).toBe(1);
        // Another worker starting asks for a run as well: still one waiting.
        await startSweeps({ queue: worker });
        await startSweeps({ queue: worker });
        expect(await waiting()).toBe(1);
      } finally {
        await worker.stop();
      }
    },
  );
});
