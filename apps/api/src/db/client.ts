import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { retryConflicts } from './retry.ts';
import { nameStatements } from './statement-names.ts';
import { prepareStatements } from './pglite-statements.ts';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction: repositories accept both. */
export type DbOrTx = Db | Tx;

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      /** Called with the text of every statement the app's pool sends (tests count them). */
      onStatement?: (text: string) => void;
    }
  | { kind: 'pglite'; dir: string | null };

export interface Database {
  kind: DatabaseTarget['kind'];
  db: Db;
  /** The PGlite instance in embedded mode (pg-boss runs on it through its adapter). */
  pglite: PGlite | null;
  /** The connection string in PostgreSQL mode (pg-boss opens its own small pool). */
  url: string | null;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/**
 * PGlite's buffer cache. PostgreSQL's default (128MB) lives in the process's own memory here, and
 * it fills with pages of pg-boss's job tables and the audit trail as signings run; pages beyond
 * it are read through the operating system's file cache.
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    nameStatements(pool);
    if (target.onStatement) observeStatements(pool, target.onStatement);
    // A statement outside a transaction is its own transaction: run again on a conflict too.
    // (Transactions use pool.connect(), never pool.query, so no statement of one comes here.)
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    pool.query = ((...args: unknown[]) =>
      typeof args.at(-1) === 'function'
        ? query(...args)
        : retryConflicts(() => query(...args))) as typeof pool.query;
    const db = retryingTransactions(drizzlePg(pool, { schema }));
    return {
      kind: 'postgres',
      db,
      pglite: null,
      url: target.url,
      close: () => pool.end(),
    };
  }
  if (target.dir) fs.mkdirSync(target.dir, { recursive: true });
  // Extensions the migrations create (trigram search) must be loaded with the instance.
  const pglite = new PGlite({
    ...(target.dir ? { dataDir: target.dir } : {}),
    extensions: { pg_trgm, btree_gin },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  await pglite.waitReady;
  prepareStatements(pglite);
  // The query builder is the same for both drivers; only the result object of execute() differs,
  // and both carry `rows`.
  const db = retryingTransactions(drizzlePglite(pglite, { schema }) as unknown as Db);
  return { kind: 'pglite', db, pglite, url: null, close: () => pglite.close() };
}

/** Every statement of every client of `pool` (pool.query too goes through a client). */
function observeStatements(pool: pg.Pool, onStatement: (text: string) => void): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const first = args[0] as string | { text?: string };
      onStatement(typeof first === 'string' ? first : (first.text ?? ''));
      return query(...args);
    }) as typeof client.query;
  });
}

/**
 * The one place transactions start: `db.transaction(fn)` runs `fn` again, as a whole, when
 * PostgreSQL rolled the transaction back for a deadlock or serialization failure (db/retry.ts).
 * Nested transactions (savepoints, `tx.transaction`) are not retried on their own: the conflict
 * reaches the outermost transaction, which is. So `fn` must do nothing outside the database that
 * cannot be done twice.
 */
function retryingTransactions(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = (fn, config) => retryConflicts(() => transaction(fn, config));
  return db;
}

/** Applies pending migrations; on PostgreSQL under an advisory lock so parallel starts are safe. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.pglite) {
    await migratePglite(drizzlePglite(database.pglite), { migrationsFolder });
    return;
  }
  const client = new pg.Client({ connectionString: database.url! });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(727274)');
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
    await client.end();
  }
}
