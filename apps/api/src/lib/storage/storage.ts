import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

/** Where documents live: local disk in embedded mode (an S3-compatible bucket in production). */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /**
   * Stores `data` under `key` unless a file is there already (then false, and the stored file
   * stays as it was): the first of two writers wins, atomically.
   */
  putIfAbsent(key: string, data: Buffer): Promise<boolean>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
}

/** A fresh, unguessable key under a prefix, e.g. `companies/12/signables/…pdf`. */
export function newStorageKey(prefix: string, extension = 'pdf'): string {
  return `${prefix}/${randomUUID()}.${extension}`;
}

/** Files being written live here until complete; what a killed process left is removed later. */
const TMP_DIR = '.tmp';
const STALE_TMP_MS = 3600_000;

export function createDiskStorage(root: string): Storage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep) || key.startsWith(TMP_DIR))
      throw new Error('storage key escapes the root');
    return full;
  };
  const tmpDir = path.join(root, TMP_DIR);
  void removeStaleFiles(tmpDir, STALE_TMP_MS);
  /** Writes `data` to a new file beside the documents (same file system, so renames are atomic). */
  const writeTmp = async (full: string, data: Buffer) => {
    await fs.mkdir(path.dirname(full), { recursive: true });
    await fs.mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, randomUUID());
    await fs.writeFile(tmp, data);
    return tmp;
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
    get: (key) => fs.readFile(resolve(key)),
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
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

/** The storage the configuration asks for: files under DATA_DIR/files by default. */
export function createStorage(config: { dataDir: string }): Storage {
  return createDiskStorage(path.join(config.dataDir, 'files'));
}
