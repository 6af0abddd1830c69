import path from 'node:path';
import { loadConfig } from '../config/env.ts';
import { migrateToBucket } from '../lib/storage/migrate-to-bucket.ts';
import { createS3Storage } from '../lib/storage/s3-storage.ts';
import { createDiskStorage } from '../lib/storage/storage.ts';

/**
 * `npm run storage:migrate`: copies DATA_DIR/files to the S3_* bucket (resumable, each object's
 * SHA-256 checked after upload). Local files are left in place.
 */
// A relative DATA_DIR means the directory npm was run from (npm runs this in apps/api).
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
const config = loadConfig();
if (!config.s3) {
  console.error(
    'Geen bucket ingesteld: zet S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID en S3_SECRET_ACCESS_KEY (en zo nodig S3_REGION, S3_FORCE_PATH_STYLE) en probeer opnieuw.',
  );
  process.exit(2);
}
const filesDir = path.join(config.dataDir, 'files');
console.log(`Bestanden van ${filesDir} naar bucket ${config.s3.bucket} (${config.s3.endpoint})…`);
const summary = await migrateToBucket(
  createDiskStorage(filesDir),
  createS3Storage(config.s3),
  (line) => console.log(line),
);
const mb = (summary.bytesCopied / 1024 / 1024).toFixed(1);
console.log(
  `Klaar: ${summary.files} bestanden, ${summary.copied} gekopieerd (${mb} MB, SHA-256 gecontroleerd), ${summary.skipped} stonden al in de bucket, ${summary.failed.length} mislukt.`,
);
if (summary.failed.length > 0) {
  console.error(
    `Niet gekopieerd: ${summary.failed.join(', ')}. Draai het commando opnieuw; wat al klopt wordt overgeslagen.`,
  );
  process.exit(1);
}
console.log(
  `De lokale bestanden zijn niet verwijderd. Start Paraaf met deze S3_*-instellingen, controleer dat documenten openen, en verwijder daarna ${filesDir}.`,
);
