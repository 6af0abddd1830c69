import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Session } from '@paraaf/contract';
import { impersonationLog } from '../src/db/schema/index.ts';
import { ensurePlatformAdmin } from '../src/modules/admin/admin.service.ts';
import { createTestApp, registerCompany, type TestApp } from './app.ts';
import { PASSWORD, createDraftThroughApi, createUser, login, uniqueEmail } from './factories.ts';

type LogLine = Record<string, unknown>;

/** JSON log lines with a request id, carried into the jobs the request causes. */
describe('request ids in the JSON log', () => {
  let t: TestApp;
  const raw: string[] = [];
  const lines = (): LogLine[] => raw.map((line) => JSON.parse(line) as LogLine);
  beforeAll(async () => {
    t = await createTestApp(
      { logLevel: 'info' },
      { logStream: { write: (line: string) => void raw.push(line) } },
    );
  });
  afterAll(() => t?.close());

  it('keeps a well-formed X-Request-Id, echoes it and logs it as reqId', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-4f2a_99' },
    });
    expect(res.headers['x-request-id']).toBe('lb-4f2a_99');
    expect(lines().some((l) => l.reqId === 'lb-4f2a_99' && l.msg === 'request completed')).toBe(
      true,
    );
  });

  it('replaces a malformed or overlong one with a UUID', async () => {
    for (const given of ['bad id; drop', 'x'.repeat(101)]) {
      const res = await t.request({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': given },
      });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(raw.join('')).not.toContain(given);
    }
  });

  it('logs no bearer token and no ?token=', async () => {
    await t.request({
      method: 'GET',
      url: '/api/user?token=geheim-token-in-url',
      headers: { authorization: 'Bearer geheim-token-in-header' },
    });
    const log = raw.join('');
    expect(log).toContain('/api/user?token=[redacted]');
    expect(log).not.toContain('geheim-token-in-url');
    expect(log).not.toContain('geheim-token-in-header');
  });

  it('gives the mail jobs of a sent sign request the request id of the send', async () => {
    const admin = await registerCompany(t);
    const token = admin.token;
    const { id, emails } = await createDraftThroughApi(t, token, { documents: 1 });
    const requestId = 'verstuur-aanvraag-1';
    const ready = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${id}/ready`,
      token,
      headers: { 'x-request-id': requestId },
    });
    expect(ready.statusCode).toBe(200);
    await t.smtp.waitForMail(emails[0]!, /^Huurcontract$/);
    let jobLines: LogLine[] = [];
    for (let i = 0; i < 50 && !jobLines.some((l) => l.msg === 'job completed'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      jobLines = lines().filter((l) => l.job === 'send-mail' && l.requestId === requestId);
    }
    expect(jobLines.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['job started', 'job completed']),
    );
    expect(jobLines.every((l) => typeof l.jobId === 'string')).toBe(true);
    // The request's own line carries the same id.
    expect(lines().some((l) => l.reqId === requestId && l.msg === 'request completed')).toBe(true);
  });

  it('logs the keys of searches and filters, never what was searched for', async () => {
    const admin = await registerCompany(t);
    const email = uniqueEmail('beheer');
    await ensurePlatformAdmin(t.db, { email, password: PASSWORD, name: 'Beheer' });
    const platform = await login(t, email);
    const filters = JSON.stringify([
      { field: 'signers', operator: 'like', value: 'Annemarie Verhoeven' },
      { field: 'signables', value: 'Arbeidscontract Verhoeven' },
    ]);
    const calls: { url: string; token: string }[] = [
      {
        url: `/api/sign-requests?page=2&filters=${encodeURIComponent(filters)}&order=id,asc`,
        token: admin.token,
      },
      {
        url: '/api/all-users?search=annemarie.verhoeven%40voorbeeld.nl&page=1',
        token: platform.token,
      },
      { url: '/api/sign-requests?Verhoeven', token: admin.token },
    ];
    // An impersonation session: its requests are logged once more, with both ids and the URL.
    const target = await createUser(t, admin.user.company.id);
    const impersonation = await t.request({
      method: 'POST',
      url: '/api/login-as-user',
      token: platform.token,
      payload: { user: target.id },
    });
    expect(impersonation.statusCode).toBe(200);
    calls.push({
      url: `/api/sign-requests?filters=${encodeURIComponent(filters)}`,
      token: impersonation.json<Session>().token,
    });
    for (const call of calls) {
      const res = await t.request({ method: 'GET', ...call });
      expect(res.statusCode, `${call.url} ${res.body}`).toBe(200);
    }
    let rows: { path: string }[] = [];
    for (let i = 0; i < 50 && rows.length < 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      rows = await t.db
        .select()
        .from(impersonationLog)
        .where(eq(impersonationLog.userId, target.id));
    }

    const log = raw.join('');
    expect(log).not.toMatch(/Verhoeven|annemarie/i);
    const urls = lines().flatMap((l) => {
      const req = l.req as { url?: string } | undefined;
      return [req?.url, l.url].filter((u): u is string => typeof u === 'string');
    });
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/sign-requests?page=2&filters=[redacted]&order=id,asc',
        '/api/all-users?search=[redacted]&page=1',
        '/api/sign-requests?[redacted]',
        '/api/sign-requests?filters=[redacted]',
      ]),
    );
    expect(
      lines().some(
        (l) =>
          l.msg === 'impersonated request' && l.url === '/api/sign-requests?filters=[redacted]',
      ),
    ).toBe(true);
    // The impersonation log table keeps the path the same way.
    expect(rows.map((r) => r.path)).toContain('/api/sign-requests?filters=[redacted]');
    expect(JSON.stringify(rows)).not.toContain('Verhoeven');
  });
});
