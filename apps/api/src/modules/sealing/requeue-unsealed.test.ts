import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRequests } from '../../db/schema/index.ts';
import { startQueue, type Queue } from '../../lib/queue/queue.ts';
import { jobNames } from '../../jobs/workers.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { createDraftSignRequest } from '../../../test/factories.ts';
import { queueSealing, requeueUnsealed } from '../sign-requests/queue-sealing.ts';

/** The backstop for sealing jobs that are gone; no worker runs, so queued jobs stay queued. */
describe('requeueUnsealed', () => {
  let t: TestApp;
  let queue: Queue;
  beforeAll(async () => {
    t = await createTestApp({ worker: 'off' });
    queue = await startQueue(t.database, jobNames, { pollSeconds: 60, onError: () => undefined });
  });
  afterAll(async () => {
    await queue.stop();
    await t.close();
  });

  const jobsOf = async (id: number) =>
    (
      await t.db.execute<{ state: string }>(
        sql`SELECT state FROM pgboss.job WHERE name = 'sealing' AND data->>'signRequestId' = ${String(id)}`,
      )
    ).rows.map((r) => r.state);

  it('queues one sealing job per request in 60 or 9, and none while one is live', async () => {
    const admin = await registerCompany(t);
    const inState = async (stateId: number) => {
      const { request } = await createDraftSignRequest(t, admin.user.company.id, {
        userId: admin.user.id,
        signers: [{}],
      });
      await t.db.update(signRequests).set({ stateId }).where(eq(signRequests.id, request.id));
      return request.id;
    };
    const sealing = await inState(60);
    const failed = await inState(9);
    const signed = await inState(5);
    const live = await inState(60);
    expect(await t.db.transaction((tx) => queueSealing(tx, queue, live))).toBe(true);

    expect(await requeueUnsealed({ db: t.db, queue })).toBe(2);
    expect(await requeueUnsealed({ db: t.db, queue })).toBe(0);
    expect(await jobsOf(sealing)).toEqual(['created']);
    expect(await jobsOf(failed)).toEqual(['created']);
    expect(await jobsOf(live)).toEqual(['created']);
    expect(await jobsOf(signed)).toEqual([]);
    // The approval's own enqueue is refused too while the job waits.
    expect(await t.db.transaction((tx) => queueSealing(tx, queue, sealing))).toBe(false);
  });
});
