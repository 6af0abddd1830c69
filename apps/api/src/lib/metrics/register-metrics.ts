import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { messages } from '@paraaf/contract';
import type { Config } from '../../config/env.ts';
import { metricsAccess } from './access.ts';
import { httpDuration, httpRequests, metricsRegistry, statusClass } from './metrics.ts';

/**
 * Counts every answer (per route pattern, never the raw URL with its ids and tokens) and serves
 * GET /metrics to whom `metricsAccess` allows; anyone else gets the plain 404 of an unknown path.
 */
export function registerMetrics(app: FastifyInstance, settings: Config['metrics']): void {
  const mayRead = metricsAccess(settings);
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      route: request.routeOptions.url ?? 'unmatched',
      method: request.method,
      status: statusClass(reply.statusCode),
    };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
  app.get('/metrics', async (request, reply) => {
    if (!mayRead(request.ip, request.headers.authorization)) {
      return reply.code(404).send({ message: messages.notFound });
    }
    return reply
      .type(metricsRegistry.contentType)
      .header('cache-control', 'no-store')
      .send(await metricsRegistry.metrics());
  });
}

/**
 * A worker process has no API server: with METRICS_PORT it serves GET /metrics (and nothing
 * else) on that port, to the same readers as the API's (judged by the socket's address).
 */
export async function startMetricsServer(
  settings: Config['metrics'],
  host: string,
): Promise<http.Server | null> {
  if (settings.port === null) return null;
  const mayRead = metricsAccess(settings);
  const server = http.createServer((req, res) => {
    const allowed =
      req.method === 'GET' &&
      req.url === '/metrics' &&
      mayRead(req.socket.remoteAddress, req.headers.authorization);
    if (!allowed) {
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ message: messages.notFound }));
      return;
    }
    metricsRegistry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': metricsRegistry.contentType });
        res.end(text);
      },
      () => {
        res.writeHead(500);
        res.end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port!, host, resolve);
  });
  return server;
}
