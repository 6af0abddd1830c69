import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type Database } from './client.ts';
import { companies } from './schema/index.ts';

/**
 * The embedded database's statements (pglite-statements.ts), always on PGlite: what it answers
 * through named prepared statements must be what PGlite's own path answers.
 */
describe('prepared statements on PGlite', () => {
  let database: Database;
  const prepared = async () => {
    const { rows } = await database.pglite!.query<{ statement: string }>(
      'SELECT statement FROM pg_prepared_statements',
    );
    return rows.map((r) => r.statement);
  };

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dir: null });
    await migrateDatabase(database);
    await database.pglite!.exec('CREATE TABLE probe (id int PRIMARY KEY, name text NOT NULL)');
  });
  const insertProbe = (id: number, name: string) =>
    database.db.execute(sql`INSERT INTO probe (id, name) VALUES (${id}, ${name})`);
  afterAll(() => database?.close());

  it("runs the app's queries as named statements, parsed once per text", async () => {
    const before = (await prepared()).length;
    await insertProbe(1, 'Een');
    for (let i = 0; i < 3; i++) {
      const rows = await database.db
        .select({ name: companies.name })
        .from(companies)
        .where(eq(companies.id, 1 + i));
      expect(rows).toEqual([]);
    }
    const texts = await prepared();
    // The insert and the select, the select once though it ran three times.
    expect(texts.length - before).toBe(2);
    expect(texts.filter((t) => /^select "name" from "companies"/.test(t))).toHaveLength(1);
  });

  it('writes and reads values as PGlite does: dates, JSON, arrays, nulls, big numbers', async () => {
    const when = new Date('2026-03-01T09:30:00.000Z');
    const { rows } = await database.pglite!.query<Record<string, unknown>>(
      `SELECT $1::timestamptz AS at, $2::jsonb AS doc, $3::int[] AS ids, $4::text AS none,
        $5::bigint AS big, $6::boolean AS yes, $7::bytea AS bytes`,
      [when, { a: [1, 'twee'] }, [1, 2, 3], null, 9007199254740993n, true, Uint8Array.of(1, 2)],
    );
    expect(rows[0]).toEqual({
      at: when,
      doc: { a: [1, 'twee'] },
      ids: [1, 2, 3],
      none: null,
      big: 9007199254740993n,
      yes: true,
      bytes: Uint8Array.of(1, 2),
    });
    // Drizzle's raw rows in array mode, its own parsers (timestamps as text) included.
    const result = await database.db.execute<{ n: number }>(sql`SELECT ${41}::int + 1 AS n`);
    expect(result.rows[0]!.n).toBe(42);
  });

  it('reports a violated constraint with its code, and the statement still works afterwards', async () => {
    await insertProbe(2, 'Twee');
    await expect(insertProbe(2, 'Twee')).rejects.toMatchObject({ cause: { code: '23505' } });
    await expect(database.pglite!.query('SELECT 1 / $1::int', [0])).rejects.toMatchObject({
      code: '22012',
    });
    const { rows } = await database.pglite!.query('SELECT 1 AS one WHERE $1::int > 0', [1]);
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('runs in the transaction and rolls back with it', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO probe (id, name) VALUES (${3}, ${'Weg'})`);
        const seen = await tx.execute(sql`SELECT id FROM probe WHERE id = ${3}`);
        expect(seen.rows).toHaveLength(1);
        throw new Error('terugdraaien');
      }),
    ).rejects.toThrow('terugdraaien');
    const after = await database.db.execute(sql`SELECT id FROM probe WHERE id = ${3}`);
    expect(after.rows).toHaveLength(0);
    // A statement that failed inside a transaction rolls it back, and the next one runs.
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO probe (id, name) VALUES (${4}, ${'Vier'})`);
        await tx.execute(sql`INSERT INTO probe (id, name) VALUES (${2}, ${'Twee'})`);
      }),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
    const four = await database.db.execute(sql`SELECT id FROM probe WHERE id = ${4}`);
    expect(four.rows).toHaveLength(0);
  });

  it('parses a statement again when its table changed under it', async () => {
    await database.pglite!.exec(
      'CREATE TABLE prepared_probe (a int); INSERT INTO prepared_probe VALUES (1)',
    );
    const read = () => database.pglite!.query('SELECT * FROM prepared_probe WHERE a = $1', [1]);
    expect((await read()).rows).toEqual([{ a: 1 }]);
    await database.pglite!.exec("ALTER TABLE prepared_probe ADD COLUMN b text DEFAULT 'x'");
    expect((await read()).rows).toEqual([{ a: 1, b: 'x' }]);
    // The statement parsed before the change is gone: one is held for the text, not two.
    expect((await prepared()).filter((t) => t.includes('FROM prepared_probe'))).toHaveLength(1);
  });

  it('leaves commands and blocks of several statements to PGlite', async () => {
    const before = await prepared();
    await database.pglite!.query('SET LOCAL statement_timeout = 0');
    await database.pglite!.query('SHOW TimeZone');
    expect(await prepared()).toEqual(before);
  });

  it("answers PGlite's own error once the instance is closed", async () => {
    const other = await openDatabase({ kind: 'pglite', dir: null });
    await other.close();
    await expect(other.pglite!.query('SELECT $1::int AS n', [1])).rejects.toThrow(/closed/i);
  });
});
