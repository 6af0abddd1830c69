import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's one metrics registry (Prometheus text at GET /metrics, or a worker's
 * METRICS_PORT). Counters live here and are moved at the shared places only: the HTTP hook
 * (app.ts), the job runner (jobs/queue.ts), the mail and SMS outboxes, the seal job and the
 * credit ledger (bookCredits). Every series is per process; Prometheus sums the processes.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'paraaf_' });

/** Seconds: from a quick API answer to a long seal of a large document. */
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export const httpRequests = new Counter({
  name: 'paraaf_http_requests_total',
  help: 'HTTP requests answered, per route pattern, method and status class.',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [metricsRegistry],
});

export const httpDuration = new Histogram({
  name: 'paraaf_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, per route pattern, method and status class.',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: durationBuckets,
  registers: [metricsRegistry],
});

export const jobsRun = new Counter({
  name: 'paraaf_jobs_total',
  help: 'Job runs, per queue and result (completed, failed).',
  labelNames: ['queue', 'result'] as const,
  registers: [metricsRegistry],
});

export const jobDuration = new Histogram({
  name: 'paraaf_job_duration_seconds',
  help: 'Time a job run took, per queue and result.',
  labelNames: ['queue', 'result'] as const,
  buckets: durationBuckets,
  registers: [metricsRegistry],
});

export const mailsSent = new Counter({
  name: 'paraaf_mails_total',
  help: 'Mail send attempts, per result (sent, failed: an attempt that will be retried, rejected: undeliverable).',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
});

export const smsSent = new Counter({
  name: 'paraaf_sms_total',
  help: 'SMS send attempts, per result (sent, failed).',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
});

export const seals = new Counter({
  name: 'paraaf_seals_total',
  help: 'Sealing runs of a sign request, per result (sealed, failed, invalid).',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
});

export const creditBookings = new Counter({
  name: 'paraaf_credit_bookings_total',
  help: 'Ledger bookings, per direction (added, used). Counted when written; a rolled-back transaction is counted too.',
  labelNames: ['direction'] as const,
  registers: [metricsRegistry],
});

export const creditsBooked = new Counter({
  name: 'paraaf_credits_booked_total',
  help: 'Credits booked in the ledger (absolute amounts), per direction (added, used).',
  labelNames: ['direction'] as const,
  registers: [metricsRegistry],
});

/** 2xx, 4xx, …: the status class keeps the series few. */
export function statusClass(statusCode: number): string {
  return `${Math.floor(statusCode / 100)}xx`;
}
