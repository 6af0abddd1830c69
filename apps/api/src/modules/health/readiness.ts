import { sql } from 'drizzle-orm';
import type { Deps } from '../../lib/context.ts';

export type CheckName = 'database' | 'queue' | 'storage';
export type CheckState = 'ok' | 'failed';

/** Each check gives up after this long: a hanging dependency is a failed one. */
export const READINESS_TIMEOUT_MS = 3000;

/** The probe file of the storage check; written, read and deleted on every readiness call. */
export const STORAGE_PROBE_KEY = '.health/probe';

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function probeStorage(deps: Deps): Promise<void> {
  const marker = Buffer.from(`paraaf readiness ${process.pid}`);
  await deps.storage.put(STORAGE_PROBE_KEY, marker);
  // Several processes probe the same key: any probe's content shows a readable bucket.
  if ((await deps.storage.get(STORAGE_PROBE_KEY)).length === 0) throw new Error('empty probe');
}

/**
 * Database (select 1), queue (pg-boss's schema on its own connection; the workers started when
 * this process runs them) and storage (a small probe written and read back), concurrently and
 * each with a timeout. Failures are logged by the caller, never shown to the client.
 */
export async function checkReadiness(
  deps: Deps,
  timeoutMs = READINESS_TIMEOUT_MS,
): Promise<{ checks: Record<CheckName, CheckState>; errors: Partial<Record<CheckName, unknown>> }> {
  const probes: Record<CheckName, () => Promise<unknown>> = {
    database: () => deps.db.execute(sql`select 1`),
    queue: () => deps.queue.check({ workers: deps.config.worker === 'inline' }),
    storage: () => probeStorage(deps),
  };
  const names = Object.keys(probes) as CheckName[];
  const results = await Promise.allSettled(
    names.map((name) => withTimeout(Promise.resolve().then(probes[name]), timeoutMs)),
  );
  const checks = {} as Record<CheckName, CheckState>;
  const errors: Partial<Record<CheckName, unknown>> = {};
  results.forEach((result, i) => {
    const name = names[i]!;
    checks[name] = result.status === 'fulfilled' ? 'ok' : 'failed';
    if (result.status === 'rejected') errors[name] = result.reason;
  });
  return { checks, errors };
}
