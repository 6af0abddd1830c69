// An open-loop load at a fixed rate: the latency of a server at a given number of requests per
// second, as a stream of independent users would see it.
//
// autocannon's own rate (`overallRate`) lets every connection send back to back until it has
// made its share of the second, then waits for the next second: each second starts with a burst
// at full speed, so what it reports "at 1,000 req/s" is mostly the latency of a saturated server.
// Here a request is due every 1/rate s whatever the earlier ones are doing (as wrk2 and k6's
// constant-arrival-rate do), and its latency counts from when it was due, so a server that falls
// behind is charged for the wait it causes (no coordinated omission).
import { Pool } from 'undici';

/**
 * Sends `rate` requests per second to `origin` for `seconds` (after a 2-second warm-up at the
 * same rate) over up to `connections` keep-alive connections. `pathOf(n)` is the n-th path.
 * Returns the achieved rate, p50/p95/p99 in ms, and the failed requests.
 */
export async function pacedLoad(origin, { rate, seconds, connections = 64, headers, pathOf }) {
  const pool = new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
  const once = async (duration) => {
    const latencies = [];
    let failed = 0;
    let sent = 0;
    const inFlight = new Set();
    const interval = 1000 / rate;
    const start = performance.now();
    const total = Math.round(rate * duration);
    const send = (due) => {
      const path = pathOf(sent++);
      const p = pool
        .request({ method: 'GET', path, headers })
        .then(async (res) => {
          await res.body.dump();
          if (res.statusCode >= 300) failed++;
        })
        .catch(() => {
          failed++;
        })
        .finally(() => {
          latencies.push(performance.now() - due);
          inFlight.delete(p);
        });
      inFlight.add(p);
    };
    while (sent < total) {
      const now = performance.now();
      // Every request due by now goes out, however late the loop woke up.
      while (sent < total && start + sent * interval <= now) send(start + sent * interval);
      const next = start + sent * interval - performance.now();
      await new Promise((resolve) =>
        next > 1 ? setTimeout(resolve, next - 0.5) : setImmediate(resolve),
      );
    }
    await Promise.all(inFlight);
    const elapsed = (performance.now() - start) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))];
    return { rps: latencies.length / elapsed, p50: at(0.5), p95: at(0.95), p99: at(0.99), failed };
  };
  try {
    await once(2);
    return await once(seconds);
  } finally {
    await pool.close();
  }
}
