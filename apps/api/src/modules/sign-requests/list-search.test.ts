import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Paginated, Session, SignRequestListItem } from '@paraaf/contract';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { seedSignRequest } from '../../../test/factories.ts';

/**
 * The signer and document searches run in `sign_request_search_ids` (migrations 0040, 0050) with
 * the keys of list-search-keys.ts: the rows must stay exactly those of LIKE on each name.
 */
describe('GET /api/sign-requests: searches', () => {
  let t: TestApp;
  let admin: Session;
  let companyId: number;
  const names: [string, string][] = [
    ['Sanne', 'de Vries'],
    ['Sanne', 'Bakker'],
    ['Jan', 'Bakker'],
    ['Ysanne', 'Bakkers'],
    ['Piet', 'van der Berg'],
    ['Anna', 'Jansen'],
    ['Kees', 'Jan_sen'],
    // The junction keys (migrations 0047, 0050): a search's first word may end a word of the
    // name, its last word may begin one, a word in between is whole.
    ['Xfemke', 'Kuipers'],
    ['Femke', 'Kuiper-Smit'],
    ['Anna Maria', 'van Dijk'],
  ];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerCompany(t);
    const other = await registerCompany(t);
    companyId = admin.user.company.id;
    for (let i = 0; i < names.length; i++) {
      const [firstname, lastname] = names[i]!;
      await seedSignRequest(t.db, {
        companyId,
        stateId: 3,
        signers: [
          { firstname, lastname },
          { firstname: 'Mila', lastname: names[(i + 1) % names.length]![1] },
        ],
        signables: [`Contract ${lastname}`],
      });
    }
    // Another company's identical names are never found.
    await seedSignRequest(t.db, {
      companyId: other.user.company.id,
      stateId: 3,
      signers: [{ firstname: 'Sanne', lastname: 'Bakker' }],
      signables: ['Contract Bakker'],
    });
  });
  afterAll(() => t.close());

  const search = async (field: 'signers' | 'signables', value: string) => {
    const filters = encodeURIComponent(JSON.stringify([{ field, operator: 'like', value }]));
    const res = await t.request({
      method: 'GET',
      url: `/api/sign-requests?filters=${filters}`,
      token: admin.token,
    });
    expect(res.statusCode).toBe(200);
    return res.json<Paginated<SignRequestListItem>>();
  };

  /** The ids whose signer (or document) name contains `text`, by plain LIKE, newest first. */
  const byLike = async (field: 'signers' | 'signables', text: string) => {
    const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const { rows } = await t.db.execute<{ id: number }>(
      field === 'signers'
        ? sql`SELECT DISTINCT sign_request_id AS id FROM signers WHERE company_id = ${companyId}
            AND lower(firstname || ' ' || lastname) LIKE ${pattern} ORDER BY 1 DESC`
        : sql`SELECT DISTINCT sign_request_id AS id FROM signables WHERE company_id = ${companyId}
            AND lower(name) LIKE ${pattern} ORDER BY 1 DESC`,
    );
    return rows.map((r) => Number(r.id));
  };

  it('finds exactly the rows of LIKE on each name, for many texts', async () => {
    const texts = [
      'sanne bakker',
      'sanne',
      'anne bakk',
      'bakker',
      'bakkers',
      'van der berg',
      'jan',
      'jan_sen',
      'an',
      'mila',
      'sanne de vries',
      'vries mila',
      'onbekend',
      'femke kuiper',
      'femke kuipers',
      'emke kuip',
      'xfemke kuiper-smit',
      'femke  kuiper',
      'anna maria van dijk',
      'nna maria van dij',
      'maria dijk',
      'ria van dijk',
      'de vries mila',
      'sanne de',
      'femke ku',
      'jo kuiper',
      'de vries mil',
      'kke kuiper',
    ];
    for (const text of texts) {
      const res = await search('signers', text);
      const expected = await byLike('signers', text);
      expect(
        res.data.map((r) => r.id),
        text,
      ).toEqual(expected.slice(0, 10));
      expect(res.total, text).toBe(expected.length);
    }
    for (const text of ['contract bakker', 'bakker', 'van der', 'contract']) {
      const res = await search('signables', text);
      const expected = await byLike('signables', text);
      expect(
        res.data.map((r) => r.id),
        text,
      ).toEqual(expected.slice(0, 10));
    }
  });
});
