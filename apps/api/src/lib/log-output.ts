/**
 * Where the log goes. Production reads one JSON line per event (pino); a person who runs
 * `npm start` in a terminal reads short lines instead: the address the server runs on, warnings
 * and errors — without the line of every request and job, which stay in the JSON.
 */
export type LogFormat = 'json' | 'pretty';

/** LOG_FORMAT when set; otherwise pretty when standard output is a terminal, JSON when not. */
export function chooseLogFormat(setting: LogFormat | null, isTerminal: boolean): LogFormat {
  return setting ?? (isTerminal ? 'pretty' : 'json');
}

/** Lines a terminal reader does not need: per request and job, and the listen lines of the job workers and Fastify. */
const ROUTINE =
  /^(incoming request|request completed|job started|job completed|job workers started|Server listening at )/;
/** Keys every line has, or that only a machine reads. */
const PLUMBING = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'requestId', 'err']);
const LABELS: [number, string][] = [
  [60, 'FATAAL '],
  [50, 'FOUT '],
  [40, 'LET OP '],
];

/** One pino JSON line as a readable line ('14:03:07 Paraaf draait op …'), or null to skip it. */
export function formatLogLine(line: string): string | null {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const level = typeof entry.level === 'number' ? entry.level : 30;
  const msg = typeof entry.msg === 'string' ? entry.msg : '';
  if (level < 40 && ROUTINE.test(msg)) return null;
  const time = new Date(typeof entry.time === 'number' ? entry.time : Date.now());
  const clock = time.toLocaleTimeString('nl-NL', { hour12: false });
  const label = LABELS.find(([at]) => level >= at)?.[1] ?? '';
  const err = entry.err as { message?: unknown } | undefined;
  const details = Object.entries(entry)
    .filter(([key]) => !PLUMBING.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  if (typeof err?.message === 'string' && err.message) details.unshift(err.message);
  return `${clock} ${label}${msg}${details.length > 0 ? ` (${details.join(', ')})` : ''}\n`;
}

/** A pino destination that writes the readable lines to `out` (standard output). */
export function prettyLogStream(out: { write(text: string): unknown }): {
  write(line: string): void;
} {
  return {
    write(line) {
      const text = formatLogLine(line);
      if (text !== null) out.write(text);
    },
  };
}
