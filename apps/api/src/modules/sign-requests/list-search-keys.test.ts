import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { junctionsOf, searchKeys, type SearchKind } from './list-search-keys.ts';

/**
 * The server computes the keys a search asks for; the database computes the keys it stores
 * (`sign_request_search_tokens`, migrations 0014, 0047, 0050). A key asked for that is not stored
 * would lose a match, so: every piece of a stored text that the list can search for asks only
 * for keys the database holds for that text.
 */
describe('list search keys', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
  });
  afterAll(() => drop());

  const stored = async (companyId: number, kind: SearchKind, text: string) => {
    const { rows } = await database.db.execute<{ keys: number[] }>(
      sql`SELECT sign_request_search_tokens(${companyId}::int, ${kind}::text, ${text}::text) AS keys`,
    );
    return new Set(rows[0]!.keys.map(Number));
  };

  it('asks only for keys the database stores, for every piece of a name', async () => {
    const texts = [
      'sanne de vries',
      'anna maria van dijk',
      'jan van der berg',
      'femke kuiper-smit',
      'zoë ïjsselmeer',
      'łukasz ßtraße',
      'bo 🙂 van ’t hof',
      'ab🙂🙂 kuiper',
      // A request's joined names (migration 0011) and the subject before its documents (0036).
      'piet jansen\x1fmila de boer',
      'huurcontract 2026\x1fbijlage a.pdf',
    ];
    for (const [companyId, kind] of [
      [1, 's'],
      [77, 'd'],
    ] as const) {
      for (const text of texts) {
        const keys = await stored(companyId, kind, text);
        const chars = [...text];
        let asked = 0;
        for (let from = 0; from < chars.length; from++) {
          for (let to = from + 1; to <= chars.length; to++) {
            const piece = chars.slice(from, to).join('');
            if (piece.includes('\x1f')) continue; // searched per name, without keys
            const mine = searchKeys(companyId, kind, piece) ?? [];
            asked += mine.length;
            for (const k of mine) expect(keys.has(k), `${kind} '${piece}' of '${text}'`).toBe(true);
          }
        }
        expect(asked, text).toBeGreaterThan(0);
      }
    }
  });

  it("is the company's own: another company's keys differ", () => {
    expect(searchKeys(1, 's', 'sanne bakker')).not.toEqual(searchKeys(2, 's', 'sanne bakker'));
    expect(searchKeys(1, 's', 'sanne bakker')).not.toEqual(searchKeys(1, 'd', 'sanne bakker'));
  });

  it('asks for the junctions of a search of several words', () => {
    expect(junctionsOf('femke kuiper')).toEqual(['mke kui']);
    expect(junctionsOf('sanne de vries')).toEqual(['nne de', 'de vri']);
    expect(junctionsOf('anna maria van dijk')).toEqual(['nna mar', 'ria van', 'van dij']);
    // Two particles together are in too many names to be worth reading.
    expect(junctionsOf('piet van der berg')).toEqual(['iet van', 'der ber']);
    // Characters, not UTF-16 units.
    expect(junctionsOf('zoë 🙂🙂🙂x')).toEqual(['zoë 🙂🙂🙂']);
    expect(searchKeys(1, 's', 'femke kuiper')).toHaveLength(1);
  });

  it('leaves a text without a junction to its trigrams, or to LIKE alone', () => {
    for (const text of [
      'kuiper',
      'sanne de',
      'jo kuiper',
      'femke ku',
      'femke  kuiper',
      '🙂🙂 kuiper',
    ]) {
      expect(junctionsOf(text), text).toBeNull();
      expect(searchKeys(1, 's', text)?.length, text).toBeGreaterThan(0);
    }
    expect(searchKeys(1, 's', 'an')).toBeNull();
    expect(searchKeys(1, 's', 'de')).toBeNull();
    expect(searchKeys(1, 's', 'van der')).toBeNull();
  });
});
