import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBucket, startS3Server, type S3Server } from '../../../test/s3.ts';
import { createStorage } from './create-storage.ts';
import { listKeys, StorageKeyMissingError, type Storage } from './storage.ts';

const MB = 1024 * 1024;

/** `size` bytes that differ from block to block (a counter hashed per 32 bytes), in 1 MB chunks. */
function patterned(size: number, seed: string): Readable {
  let sent = 0;
  let counter = 0;
  return new Readable({
    read() {
      if (sent >= size) return this.push(null);
      const chunk = Buffer.alloc(Math.min(MB, size - sent));
      for (let at = 0; at < chunk.length; at += 32) {
        createHash('sha256').update(`${seed}:${counter++}`).digest().copy(chunk, at);
      }
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

async function sha256Of(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each(['disk', 's3'] as const)('the %s storage driver', (driver) => {
  let storage: Storage;
  let dataDir: string;
  let s3: S3Server | null = null;
  const key = (name: string) => `companies/1/test/${randomUUID()}-${name}`;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-storage-test-'));
    if (driver === 's3') s3 = await startS3Server();
    storage = createStorage({
      dataDir,
      s3: s3 ? await createTestBucket(s3.endpoint) : null,
    });
  });
  afterAll(async () => {
    await s3?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives back what was put, and its size', async () => {
    const k = key('a.pdf');
    await storage.put(k, Buffer.from('%PDF-1.7 inhoud'));
    expect((await storage.get(k)).toString()).toBe('%PDF-1.7 inhoud');
    expect((await readAll(await storage.getStream(k))).toString()).toBe('%PDF-1.7 inhoud');
    expect(await storage.head(k)).toMatchObject({ size: 15 });
    await storage.put(k, Buffer.from('vervangen'));
    expect((await storage.get(k)).toString()).toBe('vervangen');
  });

  it('says a key without a file is missing, the same way on every driver', async () => {
    const k = key('nothing.pdf');
    // Each read starts only when awaited: a second promise made up front would reject unhandled.
    for (const attempt of [() => storage.get(k), () => storage.getStream(k)]) {
      const error = await attempt().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(StorageKeyMissingError);
      expect((error as { code: string }).code).toBe('ENOENT');
    }
    expect(await storage.head(k)).toBeNull();
  });

  it('serves byte ranges, both ends inclusive', async () => {
    const k = key('range.bin');
    const data = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
    await storage.put(k, data);
    // (Not `bytes=0-0`: s3rver's file store reads an end of 0 as "to the end"; S3 and MinIO do not.)
    expect(await readAll(await storage.getStream(k, { start: 0, end: 1 }))).toEqual(
      data.subarray(0, 2),
    );
    expect(await readAll(await storage.getStream(k, { start: 10, end: 19 }))).toEqual(
      data.subarray(10, 20),
    );
    expect(await readAll(await storage.getStream(k, { start: 900, end: 999 }))).toEqual(
      data.subarray(900),
    );
  });

  it('streams 25 MB in and out unchanged', async () => {
    const k = key('groot.pdf');
    const size = 25 * MB;
    const expected = await sha256Of(patterned(size, k));
    await storage.putStream(k, patterned(size, k), { sha256: expected.sha256 });
    const head = await storage.head(k);
    expect(head?.size).toBe(size);
    // The bucket keeps the hash the writer gave (storage:migrate compares it); disk keeps none.
    expect(head?.sha256).toBe(driver === 's3' ? expected.sha256 : null);
    expect(await sha256Of(await storage.getStream(k))).toEqual(expected);
    const tail = await readAll(await storage.getStream(k, { start: size - 100, end: size - 1 }));
    const all = await storage.get(k);
    expect(tail).toEqual(all.subarray(size - 100));
  }, 120_000);

  it('a stream that fails half way leaves no file under the key', async () => {
    const k = key('afgebroken.pdf');
    let sent = 0;
    const failing = new Readable({
      read() {
        if (sent >= 12 * MB) return this.destroy(new Error('verbinding verbroken'));
        sent += MB;
        this.push(Buffer.alloc(MB, 7));
      },
    });
    await expect(storage.putStream(k, failing)).rejects.toThrow();
    expect(await storage.head(k)).toBeNull();
  }, 60_000);

  it('putIfAbsent: of ten racing writers exactly one wins and its bytes stay', async () => {
    const k = key('verzegeld.pdf');
    const contents = Array.from({ length: 10 }, (_, i) =>
      Buffer.from(`schrijver ${i} `.repeat(50)),
    );
    const won = await Promise.all(contents.map((c) => storage.putIfAbsent(k, c)));
    expect(won.filter(Boolean)).toHaveLength(1);
    const winner = contents[won.indexOf(true)]!;
    expect(await storage.get(k)).toEqual(winner);
    expect(await storage.putIfAbsent(k, Buffer.from('later'))).toBe(false);
    expect(await storage.get(k)).toEqual(winner);
  });

  it('deletes, and deleting what is gone is no error', async () => {
    const k = key('weg.pdf');
    await storage.put(k, Buffer.from('x'));
    await storage.delete(k);
    expect(await storage.head(k)).toBeNull();
    await expect(storage.get(k)).rejects.toBeInstanceOf(StorageKeyMissingError);
    await storage.delete(k);
  });

  it('lists the keys under a prefix, and only those', async () => {
    const base = `companies/${randomUUID()}`;
    const keys = [`${base}/1/a.pdf`, `${base}/1/sub/b.pdf`, `${base}/12/c.pdf`, `${base}/2/d.pdf`];
    for (const k of keys) await storage.put(k, Buffer.from(k));
    expect(await listKeys(storage, `${base}/1/`)).toEqual([keys[0], keys[1]]);
    expect(await listKeys(storage, `${base}/1`)).toEqual([keys[0], keys[1], keys[2]]);
    expect(await listKeys(storage, `${base}/`)).toEqual(keys);
    expect(await listKeys(storage, `${base}/3/`)).toEqual([]);
  });

  it('refuses keys that are no plain relative path', async () => {
    for (const bad of ['../buiten.pdf', 'a/../../b', '/abs.pdf', 'a//b', 'a\\b']) {
      await expect(storage.put(bad, Buffer.from('x'))).rejects.toThrow();
    }
  });
});
