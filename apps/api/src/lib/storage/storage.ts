import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A byte range of a stored file, both ends inclusive (as HTTP `Range: bytes=start-end` says). */
export interface ByteRange {
  start: number;
  end: number;
}

/** What `head` knows of a stored file. */
export interface StoredFileInfo {
  size: number;
  /** The SHA-256 (hex) the writer gave with `putStream`, when it gave one (S3 metadata). */
  sha256: string | null;
}

/**
 * Where documents live: local disk in embedded mode, an S3-compatible bucket in production
 * (`create-storage.ts` chooses). Every driver gives the same answers, and a missing key is a
 * `StorageKeyMissingError` (code `ENOENT`) from `get` and `getStream`.
 */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /**
   * Stores `data` under `key` unless a file is there already (then false, and the stored file
   * stays as it was): the first of two writers wins, atomically.
   */
  putIfAbsent(key: string, data: Buffer): Promise<boolean>;
  /** Stores what `stream` gives without holding it whole in memory; readers see all or nothing. */
  putStream(key: string, stream: Readable, options?: { sha256?: string }): Promise<void>;
  get(key: string): Promise<Buffer>;
  /** The file, or the bytes `range` names (the caller checked it against `head`'s size). */
  getStream(key: string, range?: ByteRange): Promise<Readable>;
  /** Size (and recorded SHA-256) of a stored file; null when there is none. */
  head(key: string): Promise<StoredFileInfo | null>;
  /** Every key that starts with `prefix` ('' for all), in no promised order. */
  list(prefix: string): AsyncIterable<string>;
  /** Removes the file; a missing one is no error. */
  delete(key: string): Promise<void>;
}

/** The one error for "no file under this key", whatever the driver (code ENOENT, as fs says). */
export class StorageKeyMissingError extends Error {
  readonly code = 'ENOENT';
  constructor(key: string) {
    super(`no stored file under ${key}`);
    this.name = 'StorageKeyMissingError';
  }
}

/** True for the error a driver gives for a key without a file. */
export function isMissingKey(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'ENOENT';
}

/** All keys under `prefix`, sorted (tests and small listings; the migrate command streams). */
export async function listKeys(storage: Storage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage.list(prefix)) keys.push(key);
  return keys.sort();
}

/** A fresh, unguessable key under a prefix, e.g. `companies/12/signables/…pdf`. */
export function newStorageKey(prefix: string, extension = 'pdf'): string {
  return `${prefix}/${randomUUID()}.${extension}`;
}

/** Keys are relative paths of plain segments: no empty, `.` or `..` segment, no backslash. */
export function assertStorageKey(key: string): void {
  const segments = key.split('/');
  if (
    key.includes('\\') ||
    key.includes('\0') ||
    segments.some((s) => s === '' || s === '.' || s === '..')
  )
    throw new Error('invalid storage key');
}

/** Files being written live here until complete; what a killed process left is removed later. */
const TMP_DIR = '.tmp';
const STALE_TMP_MS = 3600_000;

export function createDiskStorage(root: string): Storage {
  const rootDir = path.resolve(root);
  const resolve = (key: string) => {
    assertStorageKey(key);
    const full = path.resolve(rootDir, key);
    if (!full.startsWith(rootDir + path.sep) || key.startsWith(TMP_DIR))
      throw new Error('storage key escapes the root');
    return full;
  };
  const tmpDir = path.join(rootDir, TMP_DIR);
  void removeStaleFiles(tmpDir, STALE_TMP_MS);
  /** A new file name beside the documents (same file system, so renames are atomic). */
  const tmpFor = async (full: string) => {
    await fs.mkdir(path.dirname(full), { recursive: true });
    await fs.mkdir(tmpDir, { recursive: true });
    return path.join(tmpDir, randomUUID());
  };
  const writeTmp = async (full: string, data: Buffer) => {
    const tmp = await tmpFor(full);
    await fs.writeFile(tmp, data);
    return tmp;
  };
  const missing = (key: string) => (error: unknown) => {
    throw isMissingKey(error) ? new StorageKeyMissingError(key) : error;
  };
  return {
    async put(key, data) {
      const full = resolve(key);
      // Write then rename: a crash never leaves a half-written document under the key.
      await fs.rename(await writeTmp(full, data), full);
    },
    async putIfAbsent(key, data) {
      const full = resolve(key);
      const tmp = await writeTmp(full, data);
      try {
        // A hard link never replaces an existing name: EEXIST means another writer was first.
        await fs.link(tmp, full);
        return true;
      } catch (error) {
        if ((error as { code?: string }).code !== 'EEXIST') throw error;
        return false;
      } finally {
        await fs.rm(tmp, { force: true });
      }
    },
    async putStream(key, stream) {
      const full = resolve(key);
      const tmp = await tmpFor(full);
      try {
        await pipeline(stream, (await fs.open(tmp, 'w')).createWriteStream());
        await fs.rename(tmp, full);
      } catch (error) {
        await fs.rm(tmp, { force: true });
        throw error;
      }
    },
    get: (key) => fs.readFile(resolve(key)).catch(missing(key)),
    async getStream(key, range) {
      // Opened first, so a missing file is an error here rather than on the stream later.
      const handle = await fs.open(resolve(key), 'r').catch(missing(key));
      return handle.createReadStream({ start: range?.start, end: range?.end });
    },
    async head(key) {
      try {
        const stat = await fs.stat(resolve(key));
        return stat.isFile() ? { size: stat.size, sha256: null } : null;
      } catch (error) {
        if (isMissingKey(error)) return null;
        throw error;
      }
    },
    list: (prefix) => listDisk(rootDir, prefix),
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}

/** Keys of the files under `root` (the write area left out) that start with `prefix`. */
async function* listDisk(root: string, prefix: string): AsyncIterable<string> {
  // Only the directories the prefix can reach are walked.
  const slash = prefix.lastIndexOf('/');
  const start = slash >= 0 ? prefix.slice(0, slash) : '';
  async function* walk(dir: string, relative: string): AsyncIterable<string> {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isMissingKey(error) || (error as { code?: string }).code === 'ENOTDIR') return;
      throw error;
    }
    for (const entry of entries) {
      const key = relative ? `${relative}/${entry.name}` : entry.name;
      if (!relative && entry.name === TMP_DIR) continue;
      if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), key);
      else if (entry.isFile() && key.startsWith(prefix)) yield key;
    }
  }
  yield* walk(start ? path.join(root, start) : root, start);
}

/** Deletes the files in `dir` older than `ageMs` (a write cut short by a killed process). */
async function removeStaleFiles(dir: string, ageMs: number): Promise<void> {
  try {
    for (const name of await fs.readdir(dir)) {
      const file = path.join(dir, name);
      const stat = await fs.stat(file);
      if (Date.now() - stat.mtimeMs > ageMs) await fs.rm(file, { force: true });
    }
  } catch {
    // No directory yet, or a file gone meanwhile: nothing to clean.
  }
}
