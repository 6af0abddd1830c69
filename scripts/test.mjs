// `npm test`: typecheck, lint, format, unit + integration (vitest), then end-to-end in Chromium.
// Without a Chromium the browser tests are reported as not run; with CI=true that is a failure.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (label, cmd, args, env = {}) => {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  console.log(
    `  ${label}: ${result.status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
};

console.log(
  process.env.DATABASE_URL
    ? 'Integration tests on PostgreSQL (DATABASE_URL).'
    : 'Integration tests on PGlite (set DATABASE_URL to run them on PostgreSQL).',
);
run('typecheck', 'npm', ['run', '-s', 'typecheck']);
run('lint', 'npm', ['run', '-s', 'lint']);
run('format', 'npm', ['run', '-s', 'format:check']);
run('unit and integration tests', 'npx', ['vitest', 'run']);
// The storage-related files once more with every test app on an S3 bucket (an s3rver): the
// driver contract and the 2 api + 2 worker test on S3 already ran above. The GDPR purge checks the
// bucket itself for every file it owed, also when killed halfway (that one on PostgreSQL only).
run(
  'storage tests on S3 (TEST_STORAGE=s3)',
  'npx',
  [
    'vitest',
    'run',
    'apps/api/src/lib/storage/file-ranges.test.ts',
    'apps/api/src/lib/storage/pdfjs-ranges.test.ts',
    'apps/api/src/modules/documents/signables.test.ts',
    'apps/api/src/modules/templates/templates.test.ts',
    'apps/api/src/modules/sealing/sealing.test.ts',
    'apps/api/src/modules/gdpr/gdpr-purge.test.ts',
    'apps/api/src/modules/gdpr/gdpr-purge-killed.test.ts',
  ],
  { TEST_STORAGE: 's3' },
);

const chromium = findChromium();
if (!chromium) {
  const message =
    'The end-to-end browser tests did NOT run: no Chromium found. Install it with `apt-get install chromium` ' +
    '(or set CHROMIUM_PATH) and run `npm test` again.';
  if (process.env.CI === 'true') {
    console.error(`\n✖ ${message}`);
    process.exit(1);
  }
  console.warn(`\n⚠ ${message}`);
  process.exit(0);
}
run('build web', 'npm', ['run', '-s', 'build']);
run('end-to-end tests (Chromium)', 'npm', ['run', '-s', 'test:e2e'], { CHROMIUM_PATH: chromium });
