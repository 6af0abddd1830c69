import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { jobsRun, mailsSent, metricsRegistry } from './metrics.ts';
import { metricsAccess } from './access.ts';
import { startMetricsServer } from './register-metrics.ts';

const TOKEN = 'metrics-token-voor-de-test-0123456789';

async function value(
  metric: { get(): Promise<{ values: { labels: object; value: number }[] }> },
  labels: Record<string, string>,
): Promise<number> {
  const { values } = await metric.get();
  const found = values.find((v) =>
    Object.entries(labels).every(([k, l]) => (v.labels as Record<string, unknown>)[k] === l),
  );
  return found?.value ?? 0;
}

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ metrics: { token: TOKEN, allow: [], port: null } });
  });
  afterAll(() => t?.close());

  const fromLoopback = () =>
    t.request({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });

  it('serves the Prometheus text to a loopback client, with the process metrics', async () => {
    const res = await fromLoopback();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('paraaf_process_cpu_seconds_total');
    expect(res.body).toContain('# TYPE paraaf_http_requests_total counter');
  });

  it('hides itself (404) from an outside address, also behind a forged X-Forwarded-For', async () => {
    const outside = await t.request({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
    });
    expect(outside.statusCode).toBe(404);
    expect(outside.body).not.toContain('paraaf_');
    const forged = await t.request({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(forged.statusCode).toBe(404);
    const wrong = await t.request({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(404);
  });

  it('opens to METRICS_TOKEN from anywhere', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('paraaf_http_request_duration_seconds_bucket');
  });

  it('counts requests per route pattern, never the raw URL', async () => {
    const res = await t.request({ method: 'GET', url: '/api/sign-requests/4711?token=geheim' });
    expect(res.statusCode).toBe(401);
    const body = (await fromLoopback()).body;
    expect(body).toMatch(
      /paraaf_http_requests_total\{route="\/api\/sign-requests\/:id",method="GET",status="4xx"\} [1-9]/,
    );
    expect(body).not.toContain('4711');
    expect(body).not.toContain('geheim');
  });

  it('counts a job and a mail once a request queued one', async () => {
    const jobsBefore = await value(jobsRun, { queue: 'send-mail', result: 'completed' });
    const mailsBefore = await value(mailsSent, { result: 'sent' });
    const admin = await registerCompany(t);
    const email = admin.user.email;
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/password-reminder',
      payload: { email },
    });
    expect(res.statusCode).toBe(200);
    await t.smtp.waitForMail(email);
    // The job is counted once its handler returned, just after the mail left.
    for (let i = 0; i < 50; i++) {
      if ((await value(jobsRun, { queue: 'send-mail', result: 'completed' })) > jobsBefore) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await value(jobsRun, { queue: 'send-mail', result: 'completed' })).toBeGreaterThan(
      jobsBefore,
    );
    expect(await value(mailsSent, { result: 'sent' })).toBeGreaterThan(mailsBefore);
    const text = await metricsRegistry.metrics();
    expect(text).toMatch(
      /paraaf_job_duration_seconds_count\{queue="send-mail",result="completed"\} [1-9]/,
    );
  });
});

describe("a worker's METRICS_PORT", () => {
  it('serves /metrics to loopback, with the token, and nothing else', async () => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const server = await startMetricsServer({ token: TOKEN, allow: [], port }, '127.0.0.1');
    try {
      const base = `http://127.0.0.1:${port}`;
      const ok = await fetch(`${base}/metrics`);
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('paraaf_jobs_total');
      expect((await fetch(`${base}/api/health`)).status).toBe(404);
      const withToken = await fetch(`${base}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(withToken.status).toBe(200);
    } finally {
      server?.close();
    }
  });

  it('is not started without a port', async () => {
    expect(
      await startMetricsServer({ token: null, allow: [], port: null }, '127.0.0.1'),
    ).toBeNull();
  });

  it('judges an outside address by METRICS_ALLOW', () => {
    const mayRead = metricsAccess({ token: null, allow: ['10.1.0.0/16'], port: null });
    expect(mayRead('10.1.2.3', undefined)).toBe(true);
    expect(mayRead('::ffff:10.1.2.3', undefined)).toBe(true);
    expect(mayRead('10.2.0.1', undefined)).toBe(false);
    expect(mayRead('127.0.0.1', undefined)).toBe(false);
  });
});
