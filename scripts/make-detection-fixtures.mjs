// Writes the field detection fixture contracts (apps/api/test/fixtures/detection-pdfs.ts) as PDF
// files, to open and look at:  node scripts/make-detection-fixtures.mjs [DIR]  (default .tmp/)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), '..');
const dir = path.resolve(process.argv[2] ?? path.join(root, '.tmp/detection-fixtures'));
const { detectionFixtures } = await tsImport(
  path.join(root, 'apps/api/test/fixtures/detection-pdfs.ts'),
  here,
);
fs.mkdirSync(dir, { recursive: true });
for (const fixture of await detectionFixtures()) {
  const file = path.join(dir, `${fixture.name.replace(/[^a-z0-9]+/gi, '-')}.pdf`);
  fs.writeFileSync(file, await fixture.build());
  console.log(`${file}: ${fixture.expected.length} expected boxes`);
}
