// What a bench reads of another process (the server it started) through Linux's /proc: its CPU
// time with nanosecond resolution and its resident memory, now and at its peak.
import fs from 'node:fs';

/**
 * CPU time (ns) the process's live threads have run: the sum of /proc/<pid>/task/<tid>/schedstat
 * (main thread, libuv pool, GC helpers, worker threads). Finer than utime+stime's 10 ms ticks.
 */
export function cpuNs(pid) {
  let total = 0;
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      total += Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return total;
}

/** A figure of /proc/<pid>/status in bytes: VmHWM (peak resident), VmRSS (resident now). */
export function memoryOf(pid, field) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!kb) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(kb[1]) * 1024;
}

/** Resets VmHWM to the current resident size (5 > clear_refs), so what came before is not counted. */
export function resetPeakRss(pid) {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** The number of threads the process runs now. */
export const threadCount = (pid) => fs.readdirSync(`/proc/${pid}/task`).length;

/** Resolves once the process has used under `maxNs` of CPU in a `windowMs` window (at most `limitMs`). */
export async function settled(pid, { windowMs = 30, maxNs = 1e6, limitMs = 2000 } = {}) {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const before = cpuNs(pid);
    await new Promise((r) => setTimeout(r, windowMs));
    if (cpuNs(pid) - before < maxNs || Date.now() > deadline) return;
  }
}

/**
 * CPU time (ns) of the PostgreSQL backends serving database `name` (their process title, in
 * /proc/<pid>/cmdline, is "postgres: <user> <database> <client> <state>"), other databases'
 * work on the same server left out.
 */
export function cpuNsOfDatabase(name) {
  let total = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const title = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0];
      if (title.startsWith('postgres: ') && title.split(' ')[2] === name) total += cpuNs(pid);
    } catch {
      // the process ended between the listing and the read
    }
  }
  return total;
}
