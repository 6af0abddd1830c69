import path from 'node:path';
import pino from 'pino';
import { loadConfig } from './config/env.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { startQueue } from './lib/queue/queue.ts';
import { jobNames, registerWorkers } from './jobs/workers.ts';
import { serializeErrorForLog } from './lib/log-errors.ts';
import { requestIdMixin } from './lib/request-context.ts';
import { createStorage } from './lib/storage/create-storage.ts';
import { startMetricsServer } from './lib/metrics/register-metrics.ts';
import { createPaymentProvider } from './lib/payments/create-payment-provider.ts';

/** Entry point of a jobs-only process (`npm run worker`), beside api processes run with WORKER=off. */
const config = loadConfig();
const log = pino({
  level: config.logLevel,
  mixin: requestIdMixin,
  serializers: { err: serializeErrorForLog },
});
if (!config.databaseUrl) {
  log.warn(
    'no DATABASE_URL: a separate worker only makes sense on PostgreSQL; PGlite allows one process',
  );
}
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dir: path.join(config.dataDir, 'db') },
);
await migrateDatabase(database);
const queue = await startQueue(database, jobNames, {
  pollSeconds: config.jobPollSeconds,
  onError: (error) => log.error({ err: error }, 'job queue error'),
  log,
});
await registerWorkers(
  queue,
  {
    config,
    db: database.db,
    queue,
    storage: createStorage(config),
    payments: createPaymentProvider(config),
  },
  log,
);

// No API server here: Prometheus scrapes this process on METRICS_PORT (unset: not at all).
const metricsServer = await startMetricsServer(config.metrics, config.host);
if (metricsServer) log.info({ port: config.metrics.port }, 'metrics served at /metrics');

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'draining jobs');
    metricsServer?.close();
    queue
      .stop()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  });
}
