import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage, type S3Settings } from '../lib/storage/s3-storage.ts';
import { listKeys, type Storage } from '../lib/storage/storage.ts';
import { createTestBucket, s3Env, startS3Server, type S3Server } from '../../test/s3.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** `npm run storage:migrate` as an operator runs it (the root script). */
function migrate(dataDir: string, settings: S3Settings | null) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn('npm', ['run', '-s', 'storage:migrate'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        ...(settings ? s3Env(settings) : {}),
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('npm run storage:migrate', () => {
  let s3: S3Server;
  let settings: S3Settings;
  let bucket: Storage;
  let dataDir: string;
  const files = new Map<string, Buffer>();

  beforeAll(async () => {
    s3 = await startS3Server();
    settings = await createTestBucket(s3.endpoint);
    bucket = createS3Storage(settings);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-migrate-'));
    files.set('companies/1/signables/a.pdf', randomBytes(2000));
    files.set('companies/1/signed/b.pdf', randomBytes(3000));
    files.set('companies/2/logos/c.png', randomBytes(500));
    // Larger than one multipart part: the streamed upload in several parts.
    files.set('companies/2/signables/groot.pdf', randomBytes(11 * 1024 * 1024));
    for (let i = 0; i < 120; i += 1) files.set(`companies/3/signatures/${i}.png`, randomBytes(64));
    for (const [key, data] of files) {
      fs.mkdirSync(path.dirname(path.join(dataDir, 'files', key)), { recursive: true });
      fs.writeFileSync(path.join(dataDir, 'files', key), data);
    }
    // What a killed write leaves in the write area is no document.
    fs.mkdirSync(path.join(dataDir, 'files', '.tmp'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'files', '.tmp', 'half'), 'x');
  }, 60_000);
  afterAll(async () => {
    await s3.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to run without a bucket', async () => {
    const result = await migrate(dataDir, null);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Geen bucket ingesteld');
  }, 60_000);

  it('copies every file, verified, and leaves the local files; a second run skips them all', async () => {
    // An interrupted earlier run: one object already right (with its hash), one wrong.
    const right = 'companies/1/signables/a.pdf';
    await bucket.putStream(right, Readable.from([files.get(right)!]), {
      sha256: sha(files.get(right)!),
    });
    const wrong = 'companies/1/signed/b.pdf';
    await bucket.putStream(wrong, Readable.from([Buffer.from('half')]), {
      sha256: sha(files.get(wrong)!),
    });

    const first = await migrate(dataDir, settings);
    expect(first.stderr).not.toContain('MISLUKT');
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('100 bestanden:');
    expect(first.stdout).toContain(`Klaar: ${files.size} bestanden, ${files.size - 1} gekopieerd`);
    expect(first.stdout).toContain('1 stonden al in de bucket, 0 mislukt');
    expect(first.stdout).toContain('De lokale bestanden zijn niet verwijderd');

    expect(await listKeys(bucket, '')).toEqual([...files.keys()].sort());
    for (const [key, data] of files) {
      expect(sha(await bucket.get(key)), key).toBe(sha(data));
      expect((await bucket.head(key))?.sha256, key).toBe(sha(data));
      expect(fs.readFileSync(path.join(dataDir, 'files', key)).equals(data)).toBe(true);
    }

    const second = await migrate(dataDir, settings);
    expect(second.status).toBe(0);
    expect(second.stdout).toContain(
      `Klaar: ${files.size} bestanden, 0 gekopieerd (0.0 MB, SHA-256 gecontroleerd), ${files.size} stonden al in de bucket, 0 mislukt.`,
    );
  }, 120_000);
});
