import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import type { Database } from './client.ts';
import { companies } from './schema/index.ts';
import { bossStatementName, MAX_NAMED_TEXT, statementName } from './statement-names.ts';

describe('statement names', () => {
  it('gives a text one name, the same every time, and none to a text past the length cap', () => {
    const text = `select ${Math.random()} where $1::int = 1`;
    const name = statementName(text);
    expect(name).toMatch(/^q\d+$/);
    expect(statementName(text)).toBe(name);
    expect(statementName(`${text} `)).not.toBe(name);
    expect(statementName(`select 1 where $1::text = '${'x'.repeat(MAX_NAMED_TEXT)}'`)).toBe(
      undefined,
    );
  });

  it("names pg-boss's single queries, with or without parameters, in names of their own", () => {
    const fetch = `WITH next AS (SELECT j.id FROM pgboss.job j WHERE j.name = 'mail-${Math.random()}' LIMIT 5) SELECT * FROM next`;
    expect(bossStatementName(fetch, undefined)).toMatch(/^b\d+$/);
    expect(bossStatementName(fetch, [])).toBe(bossStatementName(fetch, undefined));
    expect(
      bossStatementName(`UPDATE pgboss.job SET state = $1 -- ${Math.random()}`, ['x']),
    ).toMatch(/^b\d+$/);
    // Several statements in one text cannot be one prepared statement; nor can a command.
    expect(bossStatementName('SELECT 1; SELECT 2', undefined)).toBe(undefined);
    expect(bossStatementName('LISTEN "pgboss"', undefined)).toBe(undefined);
  });
});

/**
 * On PostgreSQL the app's queries run as named prepared statements: parsed and planned once per
 * connection. Read back from the backend's own pg_prepared_statements, inside one transaction
 * (one connection).
 */
describe.runIf(process.env.DATABASE_URL)('prepared statements on PostgreSQL', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
  });
  afterAll(() => drop());

  const prepared = async (db: Database['db']) =>
    (
      await db.execute<{ name: string; statement: string }>(
        sql`SELECT name, statement FROM pg_prepared_statements`,
      )
    ).rows;

  it('prepares a drizzle query once and reuses it; the list’s deliberately unnamed stay unnamed', async () => {
    await database.db.transaction(async (tx) => {
      const find = () =>
        tx.select({ id: companies.id }).from(companies).where(eq(companies.id, 424242));
      const text = find().toSQL().sql;
      await find();
      await find();
      const named = (await prepared(tx)).filter((p) => p.statement === text);
      expect(named).toHaveLength(1);
      expect(named[0]!.name).toBe(statementName(text));

      // A query given the name '' (the list past its own cap) is sent unnamed.
      const unnamedText = 'SELECT $1::int + 1 AS n';
      await tx._.session
        .prepareQuery({ sql: unnamedText, params: [1] }, undefined, '', false)
        .execute();
      expect((await prepared(tx)).some((p) => p.statement === unnamedText)).toBe(false);
    });
  });
});
