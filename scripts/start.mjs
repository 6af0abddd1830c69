// `npm start`: builds the web app when its build is missing or older than its sources, then runs
// the api (SPA + API + jobs in one process) on the embedded defaults unless configured otherwise.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = Math.max(
  newestMtime(path.join(root, 'apps/web')),
  newestMtime(path.join(root, 'packages/contract')),
);
if (!fs.existsSync(dist) || fs.statSync(dist).mtimeMs < sources) {
  console.log('Paraaf: de webapp wordt gebouwd…');
  const built = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
process.chdir(root);
await import('../apps/api/src/server.ts');
