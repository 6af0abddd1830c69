import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingMessages, type Session } from '@paraaf/contract';
import { createDatabase, startServer } from '../../../scripts/lib/server.mjs';
import {
  docxBomb,
  flateBombPdf,
  lyingJpeg,
  objectStreamBombPdf,
  pngBomb,
} from './fixtures/bombs.ts';
import { multipart, type FilePart } from './fixtures/multipart.ts';

/**
 * The server as it runs (a child process; on the PostgreSQL of DATABASE_URL when set, else its
 * embedded database) receives decompression bombs two at a time; its peak resident memory while
 * it handles them (VmHWM from /proc, reset once it is up) must stay under 1 GB. The figures are
 * printed; the only assertions are the refusals and the memory cap.
 */

const GB = 1024 * 1024 * 1024;

/** A figure of /proc/<pid>/status in bytes: VmHWM (peak resident) or VmRSS (resident now). */
function memory(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status);
  if (!kb) throw new Error(`no ${field} in /proc status`);
  return Number(kb[1]) * 1024;
}
const peakRss = (pid: number) => memory(pid, 'VmHWM');

/** Resets the peak to the current resident size (Linux: 5 > clear_refs), so start-up is not counted. */
function resetPeakRss(pid: number): void {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

describe('server memory under upload bombs', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let dataDir: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  let token: string;
  let bombs: { name: string; file: FilePart; message: string }[];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-bomb-server-'));
    let databaseUrl = '';
    if (process.env.DATABASE_URL) {
      const database = await createDatabase(process.env.DATABASE_URL, { prefix: 'paraaf_bombs_' });
      databaseUrl = database.url;
      dropDatabase = () => database.drop();
    }
    server = await startServer({
      dataDir,
      env: { DATABASE_URL: databaseUrl, SMTP_URL: '', WEB_DIST: path.join(dataDir, 'no-web') },
      quiet: true,
      timeoutMs: 60_000,
    });
    const password = 'Geheim-wachtwoord-1';
    const res = await fetch(`${server.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        company: 'Bommen BV',
        name: 'Beheerder',
        email: 'bommen@voorbeeld.nl',
        password,
        passwordconfirmation: password,
        terms: true,
      }),
    });
    expect(res.status).toBe(201);
    token = ((await res.json()) as Session).token;
    bombs = [
      {
        name: 'PNG 20,000 × 20,000',
        file: { content: pngBomb(), filename: 'scan.png', contentType: 'image/png' },
        message: signingMessages.imageTooLarge,
      },
      {
        name: 'JPEG claiming 60,000 × 60,000',
        file: { content: lyingJpeg(), filename: 'foto.jpg', contentType: 'image/jpeg' },
        message: signingMessages.imageTooLarge,
      },
      {
        name: 'PDF, content stream → 1 GB',
        file: { content: await flateBombPdf() },
        message: signingMessages.fileTooComplex,
      },
      {
        name: 'PDF, object stream → 1 GB',
        file: { content: await objectStreamBombPdf() },
        message: signingMessages.fileTooComplex,
      },
      {
        name: 'DOCX unpacking to 1 GB',
        file: { content: docxBomb(), filename: 'brief.docx' },
        message: signingMessages.fileTooComplex,
      },
    ];
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await dropDatabase?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function upload(file: FilePart): Promise<{ ms: number; status: number; body: unknown }> {
    const body = multipart({}, [file]);
    const started = performance.now();
    const res = await fetch(`${server.baseUrl}/api/upload-file`, {
      method: 'POST',
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      body: body.payload,
    });
    const json: unknown = await res.json();
    return { ms: performance.now() - started, status: res.status, body: json };
  }

  it('refuses two bombs at once, of each kind and all kinds together, under 1 GB peak RSS', async () => {
    const pid = server.child.pid!;
    const lines = [
      `server (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}): peak RSS while ` +
        `starting ${mb(peakRss(pid))}, resident when the bombs start ${mb(memory(pid, 'VmRSS'))}`,
    ];
    resetPeakRss(pid);

    for (const bomb of bombs) {
      const pair = await Promise.all([upload(bomb.file), upload(bomb.file)]);
      for (const res of pair) {
        expect(res.status, bomb.name).toBe(422);
        expect(res.body, bomb.name).toMatchObject({ errors: { file: [bomb.message] } });
      }
      lines.push(
        `${bomb.name} (${Math.round(bomb.file.content.length / 1024)} kB), two at once: ` +
          `refused in ${pair.map((r) => `${Math.round(r.ms)} ms`).join(' and ')}; ` +
          `peak RSS so far ${mb(peakRss(pid))}`,
      );
    }
    // Every bomb twice, all at the same time.
    const together = await Promise.all(bombs.flatMap((b) => [upload(b.file), upload(b.file)]));
    expect(together.map((r) => r.status)).toEqual(bombs.flatMap(() => [422, 422]));
    const peak = peakRss(pid);
    lines.push(
      `all ${together.length} at once: slowest refused in ` +
        `${Math.round(Math.max(...together.map((r) => r.ms)))} ms; ` +
        `server peak RSS during the bombs ${mb(peak)}`,
    );
    console.log(lines.join('\n'));

    expect(peak).toBeLessThan(GB);
    // The server is still there and answering.
    expect((await fetch(`${server.baseUrl}/api/health`)).ok).toBe(true);
  }, 180_000);
});
