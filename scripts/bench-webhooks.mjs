// Webhook figure (issue 16): deliveries per second to a local receiver (node:http on 127.0.0.1,
// answering 200). REQUESTS sign requests of one company get EVENTS messages each, written by
// emitWebhookEvent in their own transactions; the real deliver-webhooks job (pg-boss, ten at once,
// one sign request's messages in order) signs (Standard Webhooks) and posts them. Prints the
// deliveries per second (workers started once all are queued) and the events written per second. PostgreSQL when a URL is given
// (a fresh database on that server), else PGlite.
//   DATABASE_URL=postgres://… node scripts/bench-webhooks.mjs   (or benchWebhooks() from bench.mjs)
// Never asserts timings; prints and returns them.
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { createDatabase } from './lib/server.mjs';

const here = fileURLToPath(import.meta.url);
const api = path.resolve(path.dirname(here), '../apps/api/src');
const REQUESTS = Number(process.env.BENCH_WEBHOOK_REQUESTS ?? 100);
const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 5);

const load = (file) => tsImport(path.join(api, file), here);

export async function benchWebhooks({ databaseUrl = null } = {}) {
  const { openDatabase, migrateDatabase } = await load('db/client.ts');
  const { startQueue } = await load('jobs/queue.ts');
  const { jobNames } = await load('jobs/workers.ts');
  const { loadConfig } = await load('config/env.ts');
  const schema = await load('db/schema/index.ts');
  const { emitWebhookEvent } = await load('modules/sign-requests/webhook-events.ts');
  const { deliverWebhooksJob } = await load('modules/webhooks/deliver.ts');
  const { sql } = await import('drizzle-orm');

  let received = 0;
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      res.writeHead(200).end('ok');
    });
  });
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${receiver.address().port}/bench`;

  const created = databaseUrl
    ? await createDatabase(databaseUrl, { prefix: 'paraaf_bench_webhooks_' })
    : null;
  const database = await openDatabase(
    created ? { kind: 'postgres', url: created.url } : { kind: 'pglite', dir: null },
  );
  const label = created ? 'PostgreSQL' : 'PGlite';
  let queue;
  try {
    await migrateDatabase(database);
    const { db } = database;
    const config = {
      ...loadConfig({ LOG_LEVEL: 'silent', APP_URL: 'http://paraaf.bench' }),
      webhooks: { allowLoopback: true },
    };
    // Premium (plan 3) has the webhooks feature.
    const [company] = await db
      .insert(schema.companies)
      .values({ name: 'Bench webhooks', paymentPlanId: 3, webhookUrl: url })
      .returning();
    const requests = await db
      .insert(schema.signRequests)
      .values(
        Array.from({ length: REQUESTS }, (_, i) => ({
          companyId: company.id,
          stateId: 3,
          subject: `Bench ${i}`,
          message: 'Graag tekenen [[link]]',
          expiresAt: new Date(Date.now() + 7 * 86_400_000),
        })),
      )
      .returning({ id: schema.signRequests.id });

    queue = await startQueue(database, jobNames, { pollSeconds: 1, onError: () => undefined });
    const total = REQUESTS * EVENTS;
    const emitStart = performance.now();
    const types = ['sign_request.sent', 'sign_request.cancelled'];
    for (let e = 0; e < EVENTS; e++) {
      for (const { id } of requests) {
        await db.transaction((tx) =>
          emitWebhookEvent(
            tx,
            { queue, config },
            { companyId: company.id, type: types[e % 2], signRequestId: id },
          ),
        );
      }
    }
    const emitSeconds = (performance.now() - emitStart) / 1000;
    // The delivery alone: the workers start once every message is written and queued.
    const start = performance.now();
    await queue.work(deliverWebhooksJob, { db, queue, config, now: () => new Date() });
    for (;;) {
      const [{ n }] = (
        await db.execute(
          sql`SELECT count(*)::int AS n FROM webhook_requests WHERE succeeded_at IS NOT NULL`,
        )
      ).rows;
      if (n >= total) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - start) / 1000;
    const perSecond = total / seconds;
    console.log(
      `webhooks (${label}): ${total} messages (${REQUESTS} requests × ${EVENTS} events) delivered ` +
        `to a local receiver in ${seconds.toFixed(1)} s: ${perSecond.toFixed(0)} deliveries/s ` +
        `(writing them with their jobs took ${emitSeconds.toFixed(1)} s, ` +
        `${(total / emitSeconds).toFixed(0)} events/s; receiver got ${received})`,
    );
    return { label, total, seconds, perSecond, emitSeconds };
  } finally {
    await queue?.stop();
    await database.close();
    await created?.drop();
    await new Promise((resolve) => receiver.close(resolve));
  }
}

if (process.argv[1] === here) {
  await benchWebhooks({ databaseUrl: process.env.DATABASE_URL ?? null });
}
