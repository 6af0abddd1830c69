import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/** What the receiver does with the next request: answer a status, or never answer. */
export type Behaviour = number | 'hang';

/**
 * A webhook receiver on 127.0.0.1 (node:http): records every request and answers each with the
 * next scripted behaviour (200 once the script is used up). `stop()`/`start()` close and reopen
 * the same port, so a delivery meanwhile meets a refused connection.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const script: Behaviour[] = [];
  let connections = 0;
  const hanging = new Set<http.ServerResponse>();
  const waiters: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
        at: Date.now(),
      });
      for (const w of waiters.splice(0)) w();
      const next = script.shift() ?? 200;
      if (next === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(next, { 'content-type': 'text/plain' }).end(`antwoord ${next}`);
    });
  });
  server.on('connection', () => (connections += 1));
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  await listen();
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    port,
    received,
    script,
    connections: () => connections,
    /** Resolves once `count` requests arrived (or fails after `ms`). */
    async waitFor(count: number, ms = 20_000): Promise<ReceivedWebhook[]> {
      const deadline = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`receiver: ${received.length} of ${count} webhooks arrived`);
        }
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return received.slice(0, count);
    },
    async stop() {
      for (const res of hanging) res.destroy();
      hanging.clear();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
    start: listen,
  };
}
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
