import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export class ConversionError extends Error {
  constructor(readonly reason: 'unavailable' | 'failed' | 'timeout') {
    super(`word conversion ${reason}`);
  }
}

export interface ConvertOptions {
  /** The LibreOffice binary; `soffice` on the PATH by default. */
  command?: string;
  timeoutMs?: number;
  /** Address space of one LibreOffice process (ulimit -v); 1.5 GB by default. */
  memoryLimitMb?: number;
}

/** A Word file that makes LibreOffice allocate without end fails instead of starving the host. */
const DEFAULT_MEMORY_LIMIT_MB = 1536;
/** The wrapper's exit code when the LibreOffice command does not exist. */
const NOT_FOUND = 199;

// LibreOffice is heavy (hundreds of MB, a core each): at most two conversions at a time.
const MAX_PARALLEL = 2;
let active = 0;
const queue: (() => void)[] = [];
async function slot<T>(fn: () => Promise<T>): Promise<T> {
  if (active >= MAX_PARALLEL) await new Promise<void>((resolve) => queue.push(resolve));
  else active += 1;
  try {
    return await fn();
  } finally {
    const next = queue.shift();
    if (next) next();
    else active -= 1;
  }
}

function runSoffice(
  command: string,
  args: string[],
  options: { timeoutMs: number; memoryLimitMb: number },
): Promise<void> {
  const { timeoutMs } = options;
  return new Promise((resolve, reject) => {
    // Through sh for its ulimit builtin (inherited by soffice.bin); exec keeps one process.
    // Its own process group, so a timeout kills soffice.bin too, not only the wrapper script.
    const child = spawn(
      '/bin/sh',
      [
        '-c',
        `command -v "$2" >/dev/null || exit ${NOT_FOUND}; ulimit -v "$1" || exit 1; shift; exec "$@"`,
        'sh',
        String(options.memoryLimitMb * 1024),
        command,
        ...args,
      ],
      { detached: true, stdio: 'ignore' },
    );
    const timer = setTimeout(() => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      reject(new ConversionError('timeout'));
    }, timeoutMs);
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(new ConversionError(error.code === 'ENOENT' ? 'unavailable' : 'failed'));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new ConversionError(code === NOT_FOUND ? 'unavailable' : 'failed'));
    });
  });
}

/** How long a finding of `isWordConversionAvailable` is trusted (LibreOffice may be installed later). */
const AVAILABILITY_TTL_MS = 60_000;
const availability = new Map<string, { at: number; found: Promise<boolean> }>();

/**
 * Whether LibreOffice can be started: `command` is found on the PATH (or, with a slash, is that
 * executable file), as the conversion's own wrapper looks for it. Asked by the upload screens
 * (GET /api/company `word_conversion`) to offer Word files only where they can be converted.
 */
export function isWordConversionAvailable(command = 'soffice'): Promise<boolean> {
  const known = availability.get(command);
  if (known && Date.now() - known.at < AVAILABILITY_TTL_MS) return known.found;
  const found = new Promise<boolean>((resolve) => {
    const child = spawn('/bin/sh', ['-c', 'command -v "$1" >/dev/null', 'sh', command], {
      stdio: 'ignore',
    });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  });
  availability.set(command, { at: Date.now(), found });
  return found;
}

/**
 * A Word document (DOC or DOCX) as PDF, through LibreOffice headless. Every conversion gets a
 * fresh temporary directory with its own profile (two soffice on one profile fail silently);
 * the directory is always removed.
 */
export async function wordToPdf(
  bytes: Buffer,
  kind: 'doc' | 'docx',
  options: ConvertOptions = {},
): Promise<Buffer> {
  return slot(async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'paraaf-convert-'));
    try {
      const input = path.join(dir, `document.${kind}`);
      const outdir = path.join(dir, 'out');
      await fs.writeFile(input, bytes);
      await runSoffice(
        options.command ?? 'soffice',
        [
          '--headless',
          '--norestore',
          '--nolockcheck',
          `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`,
          '--convert-to',
          'pdf',
          '--outdir',
          outdir,
          input,
        ],
        {
          timeoutMs: options.timeoutMs ?? 60_000,
          memoryLimitMb: options.memoryLimitMb ?? DEFAULT_MEMORY_LIMIT_MB,
        },
      );
      // soffice exits 0 even when it could not read the input: the missing output tells.
      const pdf = await fs.readFile(path.join(outdir, 'document.pdf')).catch(() => null);
      if (!pdf || pdf.length === 0) throw new ConversionError('failed');
      return pdf;
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
}
