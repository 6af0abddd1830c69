import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

/** Where documents live: local disk in embedded mode (an S3-compatible bucket in production). */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
}

/** A fresh, unguessable key under a prefix, e.g. `companies/12/signables/…pdf`. */
export function newStorageKey(prefix: string, extension = 'pdf'): string {
  return `${prefix}/${randomUUID()}.${extension}`;
}

export function createDiskStorage(root: string): Storage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep))
      throw new Error('storage key escapes the root');
    return full;
  };
  return {
    async put(key, data) {
      const full = resolve(key);
      await fs.mkdir(path.dirname(full), { recursive: true });
      // Write then rename: a crash never leaves a half-written document under the key.
      const tmp = `${full}.${randomUUID()}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, full);
    },
    get: (key) => fs.readFile(resolve(key)),
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}

/** The storage the configuration asks for: files under DATA_DIR/files by default. */
export function createStorage(config: { dataDir: string }): Storage {
  return createDiskStorage(path.join(config.dataDir, 'files'));
}
