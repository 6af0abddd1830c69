import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../../config/env.ts';
import type { S3Settings } from './s3-storage.ts';
import { createDiskStorage, type ByteRange, type Storage } from './storage.ts';

/** The storage the configuration asks for: the S3 bucket when S3_* is set, else DATA_DIR/files. */
export function createStorage(
  config: Pick<Config, 'dataDir'> & Partial<Pick<Config, 's3'>>,
): Storage {
  if (config.s3) return lazyS3Storage(config.s3);
  return createDiskStorage(path.join(config.dataDir, 'files'));
}

/**
 * The S3 driver, its module loaded on the first call: a process on the disk storage (the
 * embedded default) never holds the AWS SDK (imported alone, about 4 MB of JavaScript heap with
 * Node 20), and one on S3 loads it once.
 */
function lazyS3Storage(settings: S3Settings): Storage {
  let loaded: Promise<Storage> | null = null;
  const bucket = (): Promise<Storage> =>
    (loaded ??= import('./s3-storage.ts').then((m) => m.createS3Storage(settings)));
  return {
    put: async (key: string, data: Buffer) => (await bucket()).put(key, data),
    putIfAbsent: async (key: string, data: Buffer) => (await bucket()).putIfAbsent(key, data),
    putStream: async (key: string, stream: Readable, options?: { sha256?: string }) =>
      (await bucket()).putStream(key, stream, options),
    get: async (key: string) => (await bucket()).get(key),
    getStream: async (key: string, range?: ByteRange) => (await bucket()).getStream(key, range),
    head: async (key: string) => (await bucket()).head(key),
    list: async function* (prefix: string) {
      yield* (await bucket()).list(prefix);
    },
    delete: async (key: string) => (await bucket()).delete(key),
  };
}
