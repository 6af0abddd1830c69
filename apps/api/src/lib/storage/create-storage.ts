import path from 'node:path';
import type { Config } from '../../config/env.ts';
import { createS3Storage } from './s3-storage.ts';
import { createDiskStorage, type Storage } from './storage.ts';

/** The storage the configuration asks for: the S3 bucket when S3_* is set, else DATA_DIR/files. */
export function createStorage(
  config: Pick<Config, 'dataDir'> & Partial<Pick<Config, 's3'>>,
): Storage {
  if (config.s3) return createS3Storage(config.s3);
  return createDiskStorage(path.join(config.dataDir, 'files'));
}
