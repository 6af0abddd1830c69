// Starts the product server as a child process, for end-to-end tests, benchmarks and the
// server-process test: one place that knows how the server is spawned and when it is ready.
import { spawn } from 'node:child_process';
import { processEnv, SERVER_NODE_ARGS, WORKER_NODE_ARGS } from './node-flags.mjs';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A TCP port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** A new, empty database on the PostgreSQL server of `adminUrl`; `drop()` forces it away. */
export async function createDatabase(adminUrl, { prefix, bytes = 6 }) {
  const name = `${prefix}${randomBytes(bytes).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return { name, url: databaseUrl(adminUrl, name), drop: () => dropDatabase(adminUrl, name) };
}

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl, name) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(adminUrl, name) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await c.end();
}

/**
 * Runs `node --import tsx apps/api/src/server.ts` from `root` on 127.0.0.1:`port` and waits
 * until /api/health answers. Without `dataDir` it gets a fresh one that `stop()` removes.
 * With `quiet` its output is not shown, but its stderr goes into the error if it never starts.
 */
export async function startServer({
  root = repoRoot,
  port,
  env = {},
  dataDir,
  dataDirPrefix = 'paraaf-server-',
  quiet = false,
  timeoutMs = 60_000,
  pollMs = 250,
} = {}) {
  port ??= await freePort();
  const ownDataDir = !dataDir;
  dataDir ??= fs.mkdtempSync(path.join(os.tmpdir(), dataDirPrefix));
  const baseUrl = `http://127.0.0.1:${port}`;
  // The SERVER_NODE_ARGS environment variable: extra node flags for the server only, e.g. '--cpu-prof --cpu-prof-dir=/tmp/p'
  // (NODE_OPTIONS refuses --cpu-prof, and would profile the caller too).
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_ARGS, ...nodeArgs, '--import', 'tsx', 'apps/api/src/server.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        ...processEnv(),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: quiet ? ['ignore', 'ignore', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += d.toString()));
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let problem = null;
    if (child.exitCode !== null) problem = `server exited with ${child.exitCode}`;
    else if (await isHealthy(baseUrl)) break;
    else if (Date.now() > deadline)
      problem = `server did not become healthy in ${timeoutMs / 1000} s`;
    if (problem) {
      await stop();
      throw new Error(stderr ? `${problem}: ${stderr}` : problem);
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
  return { baseUrl, port, child, exited, stop };
}

function isHealthy(baseUrl) {
  return fetch(`${baseUrl}/api/health`).then(
    (r) => r.ok,
    () => false,
  );
}

/**
 * Runs `node --import tsx apps/api/src/worker.ts` (the jobs-only process of `npm run worker`)
 * with `env` added; `dataDir` must be the api processes' (documents are files there). It has no health check: jobs wait in the queue until it polls. stop() sends
 * SIGTERM (it drains its jobs) and waits for the exit.
 */
export function startWorker({
  root = repoRoot,
  env = {},
  dataDir,
  quiet = true,
  nodeArgs = [],
} = {}) {
  const child = spawn(
    process.execPath,
    [...WORKER_NODE_ARGS, ...nodeArgs, '--import', 'tsx', 'apps/api/src/worker.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        ...processEnv(),
        LOG_LEVEL: 'warn',
        ...(dataDir ? { DATA_DIR: dataDir } : {}),
        ...env,
      },
      stdio: quiet ? ['ignore', 'ignore', 'inherit'] : ['ignore', 'inherit', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  };
  return { child, exited, stop };
}
