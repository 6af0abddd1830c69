// `npm start`: builds the web app when its build is missing or older than its sources, then runs
// the api (SPA + API + jobs in one process) on the embedded defaults unless configured otherwise.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { processEnv, SERVER_NODE_ARGS } from './lib/node-flags.mjs';

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
  newestMtime(path.join(root, 'packages/embed')),
);
// `/embed.js` (packages/embed) is built by the same `npm run build`.
const embedScript = path.join(root, 'packages/embed/dist/embed.js');
if (!fs.existsSync(dist) || fs.statSync(dist).mtimeMs < sources || !fs.existsSync(embedScript)) {
  console.log('Paraaf: de webapp wordt gebouwd…');
  const built = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// The server runs in a child node with Paraaf's memory settings (scripts/lib/node-flags.mjs):
// heap sizes are node flags and glibc reads MALLOC_ARENA_MAX at start, so neither can be set
// from inside a running process. Signals are passed on; the exit code is the server's.
const server = spawn(
  process.execPath,
  [...SERVER_NODE_ARGS, '--import', 'tsx', path.join(root, 'apps/api/src/server.ts')],
  { cwd: root, stdio: 'inherit', env: { ...process.env, ...processEnv() } },
);
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
