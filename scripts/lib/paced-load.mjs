// An open-loop load at a fixed rate: the latency of a server at a given number of requests per
// second, as a stream of independent users would see it.
//
// autocannon's own rate (`overallRate`) lets every connection send back to back until it has
// made its share of the second, then waits for the next second: each second starts with a burst
// at full speed, so what it reports "at 1,000 req/s" is mostly the latency of a saturated server.
// Here a request is due every 1/rate s whatever the earlier ones are doing (as wrk2 and k6's
// constant-arrival-rate do), and its latency counts from when it was due, so a server that falls
// behind is charged for the wait it causes (no coordinated omission).
//
// On a machine whose cores the server shares, the generator's own CPU is taken from the server:
// like autocannon it writes prepared request bytes on plain keep-alive sockets and reads only
// the status line and Content-Length of each answer (the server must send one: Fastify does).
import net from 'node:net';

/** One keep-alive connection with at most one request in flight. */
class Connection {
  constructor(host, port) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.setNoDelay(true);
    this.connected = new Promise((resolve, reject) => {
      this.socket.once('connect', resolve);
      this.socket.once('error', reject);
    });
    this.buffer = Buffer.alloc(0);
    this.pending = null; // { due, expect: bytes of body left | null }
    /** Called with (connection, due, status) when an answer is in: set by the run using it. */
    this.onDone = null;
    this.socket.on('data', (chunk) => this.read(chunk));
    this.socket.on('error', () => this.fail());
    this.socket.on('close', () => this.fail());
  }

  send(bytes, due) {
    this.pending = { due, status: 0, left: null };
    this.socket.write(bytes);
  }

  read(chunk) {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const p = this.pending;
    if (!p) return;
    if (p.left === null) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = this.buffer.subarray(0, end).toString('latin1');
      p.status = Number(head.slice(9, 12));
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
      if (!length) throw new Error('paced-load: an answer without Content-Length');
      p.left = Number(length[1]);
      this.buffer = this.buffer.subarray(end + 4);
    }
    if (this.buffer.length < p.left) return;
    this.buffer = this.buffer.subarray(p.left);
    this.pending = null;
    this.onDone(this, p.due, p.status);
  }

  fail() {
    const p = this.pending;
    this.pending = null;
    this.dead = true;
    if (p) this.onDone(this, p.due, 0);
  }

  close() {
    this.socket.destroy();
  }
}

/**
 * Sends `rate` requests per second to `origin` for `seconds` (after a 2-second warm-up at the
 * same rate) over `connections` keep-alive connections; a request due while all are busy waits
 * for one (its wait counts). `pathOf(n)` is the n-th path. Returns the achieved rate,
 * p50/p95/p99 in ms, and the failed requests (no answer, or a status of 300 or more).
 *
 * The connections are opened before the first request is due and kept from the warm-up into the
 * measured run, as wrk2 does. Opened on demand, the first requests found none idle and opened
 * dozens at once: in a traced run (page 500 at 1,500 req/s) every request due in the first 1.6 s
 * waited more than 15 ms, up to 248 ms, while the rest of the run answered in 2–3 ms (p50).
 */
export async function pacedLoad(origin, { rate, seconds, connections = 64, headers, pathOf }) {
  const { hostname, port } = new URL(origin);
  const head = Object.entries({ host: `${hostname}:${port}`, ...headers })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  const requestBytes = (path) => Buffer.from(`GET ${path} HTTP/1.1\r\n${head}\r\n`, 'latin1');
  const pool = Array.from({ length: connections }, () => new Connection(hostname, Number(port)));
  await Promise.all(pool.map((c) => c.connected));

  const once = (duration) =>
    new Promise((resolve) => {
      const latencies = [];
      let failed = 0;
      let sent = 0;
      let answered = 0;
      const total = Math.round(rate * duration);
      const interval = 1000 / rate;
      const waiting = []; // due times of requests no connection was free for
      const idle = pool.filter((c) => !c.dead);
      const start = performance.now();
      let timer = null;
      const finish = () => {
        clearTimeout(timer);
        const elapsed = (performance.now() - start) / 1000;
        latencies.sort((a, b) => a - b);
        const at = (q) =>
          latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))];
        resolve({
          rps: latencies.length / elapsed,
          p50: at(0.5),
          p95: at(0.95),
          p99: at(0.99),
          failed,
        });
      };
      const dispatch = (connection, due) => connection.send(requestBytes(pathOf()), due);
      const done = (connection, due, status) => {
        latencies.push(performance.now() - due);
        if (status === 0 || status >= 300) failed++;
        answered++;
        if (!connection.dead) {
          if (waiting.length) dispatch(connection, waiting.shift());
          else idle.push(connection);
        }
        if (answered === total) finish();
      };
      for (const c of pool) c.onDone = done;
      const tick = () => {
        const now = performance.now();
        // Every request due by now goes out, however late the loop woke up.
        while (sent < total && start + sent * interval <= now) {
          const due = start + sent * interval;
          sent++;
          const connection = idle.pop();
          if (connection) dispatch(connection, due);
          else waiting.push(due);
        }
        if (sent < total) {
          const next = start + sent * interval - performance.now();
          timer = setTimeout(tick, Math.max(0, next - 0.5));
        }
      };
      tick();
    });

  try {
    await once(2);
    return await once(seconds);
  } finally {
    for (const c of pool) c.close();
  }
}
