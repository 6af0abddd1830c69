import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateDatabase, openDatabase, type Database } from '../src/db/client.ts';

/**
 * A fresh, migrated database for one test file: a new database on the PostgreSQL server of
 * DATABASE_URL when set (CI), else an in-memory PGlite. Both run the same migrations.
 */
export async function createTestDatabase(
  options: { onStatement?: (text: string) => void } = {},
): Promise<{
  database: Database;
  url: string | null;
  drop: () => Promise<void>;
}> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const database = await openDatabase({ kind: 'pglite', dir: null });
    await migrateDatabase(database);
    return { database, url: null, drop: () => database.close() };
  }
  const name = `paraaf_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  // Migrations run on a client of their own: only the app's statements reach onStatement.
  const database = await openDatabase({
    kind: 'postgres',
    url: url.toString(),
    ...(options.onStatement ? { onStatement: options.onStatement } : {}),
  });
  await migrateDatabase(database);
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      // Let the app's connections (pool, pg-boss listener) finish closing before forcing:
      // a forced drop terminates them, and a terminated client raises an unhandled error.
      for (let attempt = 0; ; attempt++) {
        try {
          await c.query(`DROP DATABASE IF EXISTS ${name}${attempt >= 20 ? ' WITH (FORCE)' : ''}`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      await c.end();
    },
  };
}
