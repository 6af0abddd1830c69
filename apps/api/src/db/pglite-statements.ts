import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { MAX_NAMED_TEXT, MAX_STATEMENT_NAMES, isOneQuery } from './statement-names.ts';

/**
 * Named prepared statements on PGlite, as the app's pool has them on PostgreSQL
 * (statement-names.ts). PGlite's `query()` sends every statement unnamed (parse, describe, bind,
 * describe, execute, sync: six calls into PostgreSQL), so each call parses, analyses and plans
 * it again; for the signing link's five-table lookup that was 1.8–2.7 ms of the 2.3–3.2 ms the
 * statement cost. Here a text is parsed once per instance into a statement of its own name, and
 * each call binds and executes it in one call into PostgreSQL: 0.45 ms for that lookup, 0.25
 * instead of 0.41 ms for a select by id. PostgreSQL's plan cache then does what it does on the
 * server: custom plans first, a generic one when it is no dearer.
 *
 * Only one query of DML (SELECT, INSERT, UPDATE, DELETE, WITH, VALUES) is prepared: migrations,
 * SET, BEGIN and the like take PGlite's own path, as does a text longer than MAX_NAMED_TEXT and
 * every text past the MAX_STATEMENT_NAMES'th, so what the instance holds stays bounded.
 * `query()` and a transaction's `tx.query()` keep their locks: outside a transaction a
 * statement waits for any transaction to end, inside one it runs in it.
 */

/** What this module uses of PGlite beyond its typed interface (all present on the instance). */
interface PgliteInternals {
  serializers: Record<number, (value: unknown) => string>;
  parsers: Parameters<typeof parse.parseResults>[1];
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  syncToFs(): Promise<void>;
}

interface Prepared {
  name: string;
  /** The parameters' type oids, as PostgreSQL inferred them: how each value is written. */
  paramTypes: number[];
}

const { serialize } = protocol;

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** PostgreSQL's answer when a prepared statement's tables changed its result's columns. */
const isStalePlan = (error: unknown) =>
  (error as { code?: string }).code === '0A000' &&
  /cached plan/i.test((error as Error).message ?? '');

/** Makes `pglite.query()` and every transaction's `tx.query()` run DML as named statements. */
export function prepareStatements(pglite: PGlite): void {
  const internals = pglite as unknown as PgliteInternals;
  const statements = new Map<string, Prepared>();
  let names = 0;

  const preparable = (text: unknown, options?: QueryOptions): text is string =>
    typeof text === 'string' &&
    !options?.blob &&
    !pglite.closed && // PGlite's own path answers that it is closed
    text.length <= MAX_NAMED_TEXT &&
    isOneQuery(text) &&
    (statements.has(text) || statements.size < MAX_STATEMENT_NAMES);

  const prepare = async (text: string): Promise<Prepared> => {
    const name = `p${++names}`;
    const messages = await pglite.execProtocolStream(
      joined([
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const prepared = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    statements.set(text, prepared);
    return prepared;
  };

  const execute = async <T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> =>
    internals._runExclusiveQuery(async () => {
      for (let attempt = 0; ; attempt++) {
        const prepared = statements.get(text) ?? (await prepare(text));
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const oid = prepared.paramTypes[i]!;
          const write = options?.serializers?.[oid] ?? internals.serializers[oid];
          if (write) return write(value);
          // PGlite's own rule for a type it has no serializer for.
          // eslint-disable-next-line @typescript-eslint/no-base-to-string
          return String(value);
        });
        try {
          const messages = await pglite.execProtocolStream(
            joined([
              serialize.bind({ statement: prepared.name, values }),
              serialize.describe({ type: 'P' }),
              serialize.execute({}),
              serialize.sync(),
            ]),
            { syncToFs: false },
          );
          if (!inTransaction) await internals.syncToFs();
          return parse.parseResults(messages, internals.parsers, options)[0] as Results<T>;
        } catch (error) {
          // A migration changed a table under the statement: parse it again, once, and let the
          // old one go.
          if (attempt > 0 || !isStalePlan(error)) throw error;
          statements.delete(text);
          await pglite.execProtocolStream(
            joined([serialize.close({ type: 'S', name: prepared.name }), serialize.sync()]),
            { syncToFs: false },
          );
        }
      }
    });

  const query = pglite.query.bind(pglite);
  pglite.query = (<T>(text: string, params?: unknown[], options?: QueryOptions) =>
    preparable(text, options)
      ? internals._runExclusiveTransaction(() => execute<T>(text, params ?? [], options, false))
      : query<T>(text, params, options)) as PGlite['query'];

  const transaction = pglite.transaction.bind(pglite);
  pglite.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = (<R>(text: string, params?: unknown[], options?: QueryOptions) =>
        preparable(text, options) && !tx.closed
          ? execute<R>(text, params ?? [], options, true)
          : txQuery<R>(text, params, options)) as Transaction['query'];
      return callback(tx);
    });
}
