import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKeyDto } from '@paraaf/contract';
import {
  api,
  approve,
  prepareApproval,
  signerTokenIn,
} from '../../../scripts/lib/signing-steps.mjs';
import { createTestApp, type TestApp } from './app.ts';
import { PLAN, registerCompanyOnPlan } from './factories.ts';
import { makePdf } from './fixtures/documents.ts';
import { pdfsig, pdftotext } from './pades.ts';

/**
 * The README's API example ("The API with a key"), run as written with bash, curl and jq
 * against a test server while a signer signs (or declines) in between: so the example cannot
 * drift from the API. Only PARAAF and PARAAF_KEY come from outside, as the README says.
 */
const README = path.resolve(import.meta.dirname, '../../../README.md');

function readmeExample(): string {
  const text = fs.readFileSync(README, 'utf8');
  const section = text.slice(text.indexOf('### The API with a key'));
  const block = /```sh\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('no ```sh block in the README section "The API with a key"');
  return block[1]!;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

describe("the README's API example", () => {
  let t: TestApp;
  let key: string;
  const dirs: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
    const admin = await registerCompanyOnPlan(t, PLAN.premium);
    const created = await t.request({
      method: 'POST',
      url: '/api/access-tokens',
      token: admin.token,
      payload: { name: 'README' },
    });
    expect(created.statusCode, created.body).toBe(201);
    key = created.json<CreatedApiKeyDto>().token;
  });
  afterAll(async () => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  /** Runs the example in a fresh directory holding huur.pdf; resolves when bash exits. */
  async function runExample(env: Record<string, string>): Promise<Run & { dir: string }> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-readme-'));
    dirs.push(dir);
    fs.writeFileSync(path.join(dir, 'huur.pdf'), await makePdf(1));
    fs.writeFileSync(path.join(dir, 'example.sh'), readmeExample());
    const child = spawn('bash', ['example.sh'], {
      cwd: dir,
      env: { PATH: process.env.PATH, HOME: dir, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    return { code, stdout, stderr, dir };
  }

  /** The newest invitation to Sanne from the run's request: her link token. */
  async function sannesLink(after: number): Promise<string> {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const mail = t.smtp.mails
        .slice(after)
        .find((m) => m.to.includes('sanne@example.nl') && /ondertekenen/.test(m.text));
      if (mail) return signerTokenIn(mail.text);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('no invitation to sanne@example.nl');
  }

  it('creates, sends, waits for the signature, then saves the sealed PDF and the certificate', async () => {
    const mailsBefore = t.smtp.mails.length;
    const running = runExample({ PARAAF: t.url!, PARAAF_KEY: key });
    // Sanne signs while the script waits for state 5.
    const link = await sannesLink(mailsBefore);
    await prepareApproval(t.url!, link);
    await approve(t.url!, link);
    const run = await running;
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const id = /sign request (\d+) signed/.exec(run.stdout)?.[1];
    expect(id).toBeDefined();

    const signed = fs.readFileSync(path.join(run.dir, 'huur-ondertekend.pdf'));
    expect(pdfsig(signed)).toContain('Signature is Valid.');
    const certificate = fs.readFileSync(path.join(run.dir, 'auditcertificaat.pdf'));
    expect(pdfsig(certificate)).toContain('Signature is Valid.');
    expect(pdftotext(certificate)).toContain('Sanne Bakker');
    const request = await api<{ state_id: number; subject: string }>(
      t.url!,
      key,
      'GET',
      `/sign-requests/${id}`,
    );
    expect(request).toMatchObject({ state_id: 5, subject: 'Huurcontract' });
  }, 180_000);

  it('runs again as a new request, and stops loudly when the signer declines', async () => {
    const mailsBefore = t.smtp.mails.length;
    const running = runExample({ PARAAF: t.url!, PARAAF_KEY: key });
    const link = await sannesLink(mailsBefore);
    await api(t.url!, null, 'GET', `/signing/${link}`);
    await api(t.url!, null, 'POST', `/signing/${link}/decline`, { reason: 'Verkeerde datum' });
    const run = await running;
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^sign request \d+ ended in state 4\n$/);
    expect(fs.existsSync(path.join(run.dir, 'huur-ondertekend.pdf'))).toBe(false);
    expect(fs.existsSync(path.join(run.dir, 'auditcertificaat.pdf'))).toBe(false);
  }, 180_000);

  it('stops at the first refused call and says why', async () => {
    const unknownKey = await runExample({ PARAAF: t.url!, PARAAF_KEY: `pk_${'A'.repeat(43)}` });
    expect(unknownKey.code).not.toBe(0);
    expect(unknownKey.stderr).toMatch(/curl: \(22\).*401/);
    const noKey = await runExample({ PARAAF: t.url! });
    expect(noKey.code).not.toBe(0);
    expect(noKey.stderr).toContain('set PARAAF_KEY to the key from the API sleutels screen');
  });
});
