/** Error fields that name what failed, never whose data: kept in log lines. */
const SAFE_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'constraint',
  'table',
  'column',
  'routine',
  'query',
] as const;

/**
 * Drizzle's failed-query message ends in `params: <the values>` (names, e-mail addresses);
 * PostgreSQL quotes the offending value at the end of some messages
 * (`invalid input syntax for type integer: "…"`). Both are cut from messages and stacks.
 */
function redact(text: string): string {
  return text
    .replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [weggelaten]')
    .replace(/: "[^\n]*"(?=\n|$)/, ': "[weggelaten]"');
}

export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * The `err` serializer of every logger (the app's and the worker's): an error as type, message,
 * stack and the fields above, its causes likewise. Left out: SQL parameters, PostgreSQL's
 * `detail` ("Failing row contains (…)", "Key (email)=(…)") and `where`, and any other property.
 */
export function serializeErrorForLog(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '', stack: '' };
  const e = error as Error & Record<string, unknown>;
  const out: LoggedError = {
    type: e.constructor?.name ?? 'Error',
    message: redact(e.message),
    stack: typeof e.stack === 'string' ? redact(e.stack) : '',
  };
  for (const field of SAFE_FIELDS) {
    const value = e[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (e.cause !== undefined && depth < 5) out.cause = serializeErrorForLog(e.cause, depth + 1);
  return out;
}
