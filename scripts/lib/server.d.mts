import type { ChildProcess } from 'node:child_process';

export const repoRoot: string;
export function freePort(): Promise<number>;

export interface CreatedDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}
export function createDatabase(
  adminUrl: string,
  options: { prefix: string; bytes?: number },
): Promise<CreatedDatabase>;
export function databaseUrl(adminUrl: string, name: string): string;
export function dropDatabase(adminUrl: string, name: string): Promise<void>;

export interface StartServerOptions {
  /** The tree to start from (default: this repository). */
  root?: string;
  /** Default: a free port. */
  port?: number;
  /** Added to (and overriding) the inherited environment. */
  env?: Record<string, string>;
  /** Default: a fresh temporary directory that stop() removes. */
  dataDir?: string;
  dataDirPrefix?: string;
  /** Hide the server's output; its stderr goes into the error if it never becomes healthy. */
  quiet?: boolean;
  timeoutMs?: number;
  pollMs?: number;
}
export interface RunningServer {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  /** The exit code, once the process has exited. */
  exited: Promise<number | null>;
  /** SIGTERM, wait for the exit, remove the data dir it created. */
  stop(): Promise<void>;
}
export function startServer(options?: StartServerOptions): Promise<RunningServer>;

export interface RunningWorker {
  child: ChildProcess;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}
export function startWorker(options?: {
  root?: string;
  env?: Record<string, string>;
  /** The api processes' DATA_DIR (documents are stored there). */
  dataDir?: string;
  quiet?: boolean;
}): RunningWorker;
