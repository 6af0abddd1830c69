import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paginated, Session, SignRequestListItem } from '@paraaf/contract';
import { signRequests } from '../../db/schema/index.ts';
import { ForbiddenError } from '../../lib/errors.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { createUser, errorsOf, login, seedSignRequest } from '../../../test/factories.ts';
import { scopeOf } from './list-sign-requests.ts';

describe('GET /api/sign-requests', () => {
  let t: TestApp;
  let admin: Session;
  let other: Session;
  let viewer: Session;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerCompany(t);
    other = await registerCompany(t);
    const companyId = admin.user.company.id;
    const viewerUser = await createUser(t, companyId, { role: 'viewer', name: 'Vera Viewer' });
    viewer = await login(t, viewerUser.email);
    const seed = (o: Omit<Parameters<typeof seedSignRequest>[1], 'companyId'>) =>
      seedSignRequest(t.db, { companyId, ...o }).then((r) => r.request.id);
    // 23:30 UTC on 10 March is 00:30 on 11 March in Amsterdam.
    ids.r1 = await seed({
      stateId: 3,
      createdAt: new Date('2025-03-10T23:30:00Z'),
      signers: [
        { firstname: 'Jan', lastname: 'Jansen' },
        { firstname: 'Piet', lastname: 'de Vries' },
      ],
      signables: ['Huurcontract 2025'],
    });
    ids.r2 = await seed({
      stateId: 5,
      viewerUserId: viewerUser.id,
      createdAt: new Date('2025-03-11T12:00:00Z'),
      signers: [{ firstname: 'Sanne', lastname: 'Bakker' }],
      signables: ['Offerte 100_%'],
      customFields: [
        { name: 'Dossier', value: 'D-1' },
        { name: 'Leeg', value: '' },
        { name: 'Niets', value: null },
      ],
    });
    ids.r3 = await seed({
      stateId: 5,
      createdAt: new Date('2025-03-12T12:00:00Z'),
      signers: [{ firstname: 'Kees', lastname: 'Jansen' }],
      signables: ['Arbeidsovereenkomst'],
    });
    ids.r4 = await seed({ stateId: 1, viewerUserId: viewerUser.id });
    for (let i = 5; i <= 12; i++) ids[`r${i}`] = await seed({ stateId: 8 });
    await seedSignRequest(t.db, {
      companyId: other.user.company.id,
      stateId: 5,
      createdAt: new Date('2025-03-11T12:00:00Z'),
      signers: [{ firstname: 'Jan', lastname: 'Jansen' }],
      signables: ['Huurcontract geheim'],
    });
  });
  afterAll(() => t.close());

  const list = (token: string | undefined, query = '') =>
    t.request({ method: 'GET', url: `/api/sign-requests${query}`, token });
  const withFilters = (filters: unknown, extra = '') =>
    `?filters=${encodeURIComponent(JSON.stringify(filters))}${extra}`;
  const body = (res: Awaited<ReturnType<typeof list>>) =>
    res.json<Paginated<SignRequestListItem>>();

  it('needs a session', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
  });

  it('is forbidden without getSignRequests or getMySignRequests', () => {
    // Every role holds one of the two; the check itself is what would stop a new role.
    const ctx = {
      auth: { permissions: new Set(), user: { id: 1, companyId: 1 } },
    } as unknown as AuthedCtx;
    expect(() => scopeOf(ctx, 'list')).toThrow(ForbiddenError);
    expect(() => scopeOf(ctx, 'detail')).toThrow(ForbiddenError);
  });

  it('refuses malformed filters, order and page with a 422, never a 500', async () => {
    const bad = [
      '?filters=not-json',
      '?filters=%7B',
      withFilters({ field: 'signers', value: 'x' }),
      withFilters([{ field: 'password_hash', operator: 'like', value: 'x' }]),
      withFilters([{ field: 'signers', operator: 'eq', value: 'x' }]),
      withFilters([{ field: 'signers', value: 12 }]),
      withFilters([{ field: 'state_id', operator: 'in', value: 'abc' }]),
      withFilters([{ field: 'state_id', operator: 'in', value: [1e20] }]),
      withFilters([{ field: 'created_at', type: 'date', operator: 'eq', value: '2025-02-30' }]),
      withFilters([{ field: 'created_at', type: 'date', operator: 'eq', value: '0000-01-01' }]),
      withFilters([{ field: 'signers', value: 'x'.repeat(101) }]),
      withFilters(Array.from({ length: 11 }, () => ({ field: 'signers', value: 'a' }))),
      `?filters=${'%5B'.repeat(3000)}`,
      '?order=password_hash,asc',
      '?page=0',
      '?limit=1000',
    ];
    for (const query of bad) {
      const res = await list(admin.token, query);
      expect(res.statusCode, query.slice(0, 80)).toBe(422);
      expect(Object.keys(errorsOf(res)).length).toBeGreaterThan(0);
    }
  });

  it('pages ten at a time, newest first, with total and last_page', async () => {
    const page1 = body(await list(admin.token));
    expect(page1).toMatchObject({ total: 12, per_page: 10, current_page: 1, last_page: 2 });
    expect(page1.data.map((r) => r.id)).toEqual(
      Array.from({ length: 10 }, (_, i) => ids[`r${12 - i}`]),
    );
    const page2 = body(await list(admin.token, '?page=2'));
    expect(page2).toMatchObject({ total: 12, current_page: 2, last_page: 2 });
    expect(page2.data.map((r) => r.id)).toEqual([ids.r2, ids.r1]);
    expect(body(await list(admin.token, '?page=3')).data).toEqual([]);
  });

  it('orders by the order parameter', async () => {
    const asc = body(await list(admin.token, '?order=id,asc&limit=3'));
    expect(asc.data.map((r) => r.id)).toEqual([ids.r1, ids.r2, ids.r3]);
    expect(asc).toMatchObject({ per_page: 3, last_page: 4 });
    const byDate = body(await list(admin.token, '?order=created_at,asc&limit=2'));
    expect(byDate.data.map((r) => r.id)).toEqual([ids.r1, ids.r2]);
  });

  it('shows each row with state, signers, documents, viewer and filled-in custom fields', async () => {
    const rows = body(await list(admin.token, '?order=id,asc&limit=2')).data;
    const anyId: unknown = expect.any(Number);
    expect(rows[0]).toEqual({
      id: ids.r1,
      subject: 'Graag je handtekening',
      created_at: '2025-03-10T23:30:00.000Z',
      state_id: 3,
      state: { id: 3, label: 'Bezig' },
      signers: [
        { id: anyId, firstname: 'Jan', lastname: 'Jansen', role: 'signer', delegated: false },
        { id: anyId, firstname: 'Piet', lastname: 'de Vries', role: 'signer', delegated: false },
      ],
      signables: [{ id: anyId, name: 'Huurcontract 2025' }],
      viewer_user: null,
      custom_field_values: [],
      // In progress, one step: both signers awaited.
      turn: {
        step: 1,
        steps: 1,
        waiting_on: [
          { id: anyId, firstname: 'Jan', lastname: 'Jansen' },
          { id: anyId, firstname: 'Piet', lastname: 'de Vries' },
        ],
      },
    });
    expect(rows[1]).toMatchObject({
      turn: null,
      state: { id: 5, label: 'Getekend' },
      viewer_user: { id: viewer.user.id, name: 'Vera Viewer' },
      custom_field_values: [{ name: 'Dossier', value: 'D-1' }],
    });
  });

  it('lists the custom fields as they are now: emptied by the purge, filled in again', async () => {
    // Kept on the request when its custom fields are written (migration 0052).
    const r2 = async () =>
      body(await list(admin.token, '?order=id,asc&limit=2')).data[1]!.custom_field_values;
    const fields = (value: string | null) => [
      { name: 'Dossier', description: null, required: false, value },
      { name: 'Leeg', description: null, required: false, value: '' },
    ];
    await t.db
      .update(signRequests)
      .set({ customFields: fields(null) })
      .where(eq(signRequests.id, ids.r2!));
    expect(await r2()).toEqual([]);
    await t.db
      .update(signRequests)
      .set({ customFields: fields('D-2') })
      .where(eq(signRequests.id, ids.r2!));
    expect(await r2()).toEqual([{ name: 'Dossier', value: 'D-2' }]);
    await t.db
      .update(signRequests)
      .set({ customFields: fields('D-1') })
      .where(eq(signRequests.id, ids.r2!));
  });

  const idsOf = async (filters: unknown) => {
    const res = await list(admin.token, withFilters(filters));
    expect(res.statusCode).toBe(200);
    const b = body(res);
    expect(b.total).toBe(b.data.length);
    return b.data.map((r) => r.id).sort((a, b) => a - b);
  };

  it('filters by signer first name, last name or full name, case-insensitively', async () => {
    expect(await idsOf([{ field: 'signers', operator: 'like', value: 'jansen' }])).toEqual([
      ids.r1,
      ids.r3,
    ]);
    expect(await idsOf([{ field: 'signers', operator: 'like', value: 'JAN JANSEN' }])).toEqual([
      ids.r1,
    ]);
    expect(await idsOf([{ field: 'signers', operator: 'like', value: 'Piet de' }])).toEqual([
      ids.r1,
    ]);
    expect(await idsOf([{ field: 'signers', operator: 'like', value: 'sanne' }])).toEqual([ids.r2]);
    // Several words: the distinctive ones go to the index, the whole text is still required.
    expect(await idsOf([{ field: 'signers', operator: 'like', value: 'piet de vries' }])).toEqual([
      ids.r1,
    ]);
    expect(await idsOf([{ field: 'signers', operator: 'like', value: 'vries de piet' }])).toEqual(
      [],
    );
    expect(await idsOf([{ field: 'signers', operator: 'like', value: 'de vr' }])).toEqual([ids.r1]);
    // Any part of a name: across the space, the ends of two words, two letters, a particle.
    const signer = (value: string) => idsOf([{ field: 'signers', operator: 'like', value }]);
    expect(await signer('an jans')).toEqual([ids.r1]);
    expect(await signer('ees jansen')).toEqual([ids.r3]);
    expect(await signer('ie')).toEqual([ids.r1]);
    // 'de' is a particle (no tokens asked): Piet de Vries and every 'Onder1 Tekenaar'.
    expect(await signer('de')).toEqual(expect.arrayContaining([ids.r1, ids.r4, ids.r12]));
    expect(await signer('de')).not.toContain(ids.r2);
    expect(await signer('nne bak')).toEqual([ids.r2]);
    expect(await signer('nne bakk x')).toEqual([]);
    // LIKE wildcards in the text are literal characters.
    expect(await idsOf([{ field: 'signers', operator: 'like', value: '%' }])).toEqual([]);
  });

  it('matches one name at a time, never across two signers or two documents', async () => {
    // r1 has the signers Jan Jansen and Piet de Vries.
    expect(await idsOf([{ field: 'signers', operator: 'like', value: 'jansen piet' }])).toEqual([]);
    // The separator of the search columns (migration 0011) in the text takes the slow path.
    expect(
      await idsOf([{ field: 'signers', operator: 'like', value: 'jansen\u001fpiet' }]),
    ).toEqual([]);
    expect(await idsOf([{ field: 'signables', operator: 'like', value: '\u001f' }])).toEqual([]);
  });

  it('finds signers and documents by their new names after an edit, a removal or an addition', async () => {
    const { signers, signables } = await import('../../db/schema/index.ts');
    const { and, eq } = await import('drizzle-orm');
    const extra = await seedSignRequest(t.db, {
      companyId: admin.user.company.id,
      stateId: 3,
      signers: [
        { firstname: 'Otto', lastname: 'Oranje' },
        { firstname: 'Wim', lastname: 'Wit' },
      ],
      signables: ['Bruikleen Oranje'],
    });
    const id = extra.request.id;
    try {
      const signer = (value: string) => [{ field: 'signers', operator: 'like', value }];
      const doc = (value: string) => [{ field: 'signables', operator: 'like', value }];
      expect(await idsOf(signer('otto oranje'))).toEqual([id]);
      await t.db
        .update(signers)
        .set({ lastname: 'Groen' })
        .where(and(eq(signers.signRequestId, id), eq(signers.firstname, 'Otto')));
      expect(await idsOf(signer('otto groen'))).toEqual([id]);
      expect(await idsOf(signer('oto oranje'))).toEqual([]);
      expect(await idsOf(signer('otto oran'))).toEqual([]);
      await t.db
        .delete(signers)
        .where(and(eq(signers.signRequestId, id), eq(signers.firstname, 'Wim')));
      expect(await idsOf(signer('wim wit'))).toEqual([]);
      await t.db.insert(signers).values({
        signRequestId: id,
        companyId: admin.user.company.id,
        position: 3,
        firstname: 'Zeger',
        lastname: 'Zwart',
        email: 'zeger@voorbeeld.nl',
      });
      expect(await idsOf(signer('zeger zwart'))).toEqual([id]);
      await t.db
        .update(signables)
        .set({ name: 'Volmacht Groen' })
        .where(eq(signables.signRequestId, id));
      expect(await idsOf(doc('volmacht groen'))).toEqual([id]);
      expect(await idsOf(doc('bruikleen'))).toEqual([]);
    } finally {
      const { signRequests } = await import('../../db/schema/index.ts');
      await t.db.delete(signRequests).where(eq(signRequests.id, id));
    }
  });

  it('finds a request by its subject through the documents filter, also after the subject changes', async () => {
    const { signRequests } = await import('../../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    const extra = await seedSignRequest(t.db, {
      companyId: admin.user.company.id,
      stateId: 3,
      subject: 'Jaarafrekening Zonnepanelen 2025',
      signables: ['Bijlage Meterstanden'],
    });
    const id = extra.request.id;
    const doc = (value: string) => idsOf([{ field: 'signables', operator: 'like', value }]);
    try {
      expect(await doc('zonnepanelen')).toEqual([id]);
      expect(await doc('%Jaarafrekening%')).toEqual([id]);
      expect(await doc('meterstanden')).toEqual([id]);
      // The subject is one entry: a text never matches across it and a document's name.
      expect(await doc('2025 bijlage')).toEqual([]);
      expect(await doc('2025\u001fbijlage')).toEqual([]);
      // The slow path (a text with the separator) looks at the subject too.
      expect(await doc('\u001f')).toEqual([]);
      await t.db
        .update(signRequests)
        .set({ subject: 'Onderhoud Warmtepomp' })
        .where(eq(signRequests.id, id));
      expect(await doc('warmtepomp')).toEqual([id]);
      expect(await doc('zonnepanelen')).toEqual([]);
      expect(await doc('meterstanden')).toEqual([id]);
      // Another company's subject is never found.
      const elsewhere = await seedSignRequest(t.db, {
        companyId: other.user.company.id,
        subject: 'Onderhoud Warmtepomp geheim',
      });
      await t.db.delete(signRequests).where(eq(signRequests.id, elsewhere.request.id));
      expect(await doc('warmtepomp')).toEqual([id]);
    } finally {
      await t.db.delete(signRequests).where(eq(signRequests.id, id));
    }
  });

  it('has the subjects of requests made before migration 0036 backfilled by it', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const { sql } = await import('drizzle-orm');
    const { signRequests } = await import('../../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    const extra = await seedSignRequest(t.db, {
      companyId: admin.user.company.id,
      stateId: 3,
      subject: 'Verlenging Parkeervergunning',
      signables: ['Kenteken'],
    });
    const id = extra.request.id;
    const doc = (value: string) => idsOf([{ field: 'signables', operator: 'like', value }]);
    try {
      // The row as migration 0014 left it: the documents' names only, and their tokens.
      await t.db.execute(sql`UPDATE sign_requests SET signable_search = 'kenteken',
        search_tokens = sign_request_search_tokens(company_id, 's', signer_search)
          || sign_request_search_tokens(company_id, 'd', 'kenteken')
        WHERE id = ${id}`);
      expect(await doc('parkeervergunning')).toEqual([]);
      const migration = fs.readFileSync(
        path.join(import.meta.dirname, '../../db/migrations/0036_subject_search.sql'),
        'utf8',
      );
      const backfill = migration
        .split('--> statement-breakpoint')
        .find((part) => part.includes('-- Existing requests'));
      await t.db.execute(sql.raw(backfill!));
      expect(await doc('parkeervergunning')).toEqual([id]);
      expect(await doc('kenteken')).toEqual([id]);
    } finally {
      await t.db.delete(signRequests).where(eq(signRequests.id, id));
    }
  });

  it("searches a subject through the company's trigram tokens (GIN-indexed), as a document name", async () => {
    const { buildListStatements } = await import('./sign-requests.list.repository.ts');
    const statements = buildListStatements(
      { companyId: admin.user.company.id, viewerUserId: null },
      {
        page: 1,
        limit: 10,
        order: 'id,desc',
        filters: [{ field: 'signables', operator: 'like', value: 'zonnepanelen' }],
      },
    );
    // The candidates come from search_tokens @> keys (the index, in the function of migrations
    // 0040 and 0050), then LIKE on the search text; the subject column itself is never scanned. That the
    // subject is found at all (the test above) shows its tokens are in search_tokens.
    const counted = statements.find((st) => st.name.includes('counted'));
    expect(counted!.sql).toContain("sign_request_search_ids($1, 'd',");
    expect(counted!.sql).not.toContain('lower(sr.subject)');
  });

  it('filters by document name', async () => {
    expect(await idsOf([{ field: 'signables', operator: 'like', value: 'huurcontract' }])).toEqual([
      ids.r1,
    ]);
    expect(await idsOf([{ field: 'signables', operator: 'like', value: '100_%' }])).toEqual([
      ids.r2,
    ]);
    expect(await idsOf([{ field: 'signables', operator: 'like', value: '_' }])).toEqual([ids.r2]);
  });

  it("accepts the seed's `like %text%` form as well as a bare text", async () => {
    const signer = (value: string) => idsOf([{ field: 'signers', operator: 'like', value }]);
    const doc = (value: string) => idsOf([{ field: 'signables', operator: 'like', value }]);
    // Seed 000 §7: `signers like %text%`, `signables like %text%` mean "contains".
    expect(await signer('%Sanne%')).toEqual([ids.r2]);
    expect(await signer(' %nne bak% ')).toEqual([ids.r2]);
    expect(await signer('%jansen%')).toEqual([ids.r1, ids.r3]);
    expect(await doc('%huurcontract%')).toEqual([ids.r1]);
    // A % or _ inside the wrapped text is that character itself, not a wildcard.
    expect(await doc('%100_%%')).toEqual([ids.r2]);
    expect(await doc('%_%')).toEqual([ids.r2]);
    expect(await doc('%0_%')).toEqual([ids.r2]);
    expect(await doc('%1_0%')).toEqual([]);
    expect(await signer('%s%e%')).toEqual([]);
    // Only a wrapped text is unwrapped: a lone % or one at one end stays literal.
    expect(await signer('%')).toEqual([]);
    expect(await signer('%Sanne')).toEqual([]);
    expect(await doc('100_%')).toEqual([ids.r2]);
    // `%%` is the empty text: no filter at all.
    const all = body(await list(admin.token, '?limit=100')).total;
    const wrappedNothing = [{ field: 'signers', operator: 'like', value: '%%' }];
    expect(body(await list(admin.token, withFilters(wrappedNothing, '&limit=100'))).total).toBe(
      all,
    );
  });

  it('filters by the calendar day in Amsterdam', async () => {
    const day = (value: string) => [{ field: 'created_at', type: 'date', operator: 'eq', value }];
    expect(await idsOf(day('2025-03-11'))).toEqual([ids.r1, ids.r2]);
    expect(await idsOf(day('2025-03-10'))).toEqual([]);
    expect(await idsOf(day('2025-03-12'))).toEqual([ids.r3]);
  });

  it('filters by state and by several filters together', async () => {
    expect(await idsOf([{ field: 'state_id', operator: 'in', value: [5] }])).toEqual([
      ids.r2,
      ids.r3,
    ]);
    expect(await idsOf([{ field: 'state_id', operator: 'in', value: [1, 3] }])).toEqual([
      ids.r1,
      ids.r4,
    ]);
    expect(await idsOf([{ field: 'state_id', operator: 'in', value: [999] }])).toEqual([]);
    expect(
      await idsOf([
        { field: 'state_id', operator: 'in', value: [5] },
        { field: 'signers', operator: 'like', value: 'jansen' },
      ]),
    ).toEqual([ids.r3]);
    expect(
      await idsOf([
        { field: 'created_at', type: 'date', operator: 'eq', value: '2025-03-11' },
        { field: 'signables', operator: 'like', value: 'offerte' },
        { field: 'state_id', operator: 'in', value: [5] },
      ]),
    ).toEqual([ids.r2]);
  });

  it('pages a filtered list with its own total', async () => {
    const res = body(
      await list(admin.token, withFilters([{ field: 'state_id', value: [8] }], '&limit=3&page=3')),
    );
    expect(res).toMatchObject({ total: 8, per_page: 3, current_page: 3, last_page: 3 });
    expect(res.data.map((r) => r.id)).toEqual([ids.r6, ids.r5]);
  });

  it('answers pages past the fifth like the first ones, from either end', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(
      new Date(),
    );
    // Pages past the middle are read from the end (the counters' path): every order, both ends.
    for (const [filters, order] of [
      [[], 'id,desc'],
      [[], 'created_at,asc'],
      [[{ field: 'state_id', value: [8] }], 'id,asc'],
      [[{ field: 'state_id', value: [3, 8] }], 'state_id,desc'],
      [[{ field: 'created_at', type: 'date', operator: 'eq', value: today }], 'id,desc'],
    ] as const) {
      const all = body(await list(admin.token, withFilters(filters, `&limit=100&order=${order}`)));
      expect(all.total).toBeGreaterThanOrEqual(8);
      for (const page of [2, 6, 7, 8, all.total - 1, all.total, all.total + 1]) {
        const res = body(
          await list(admin.token, withFilters(filters, `&limit=1&page=${page}&order=${order}`)),
        );
        expect(res).toMatchObject({ total: all.total, current_page: page });
        expect(res.data.map((r) => r.id)).toEqual(all.data.slice(page - 1, page).map((r) => r.id));
      }
    }
  });

  it('counts a new request at once, also in a filtered total', async () => {
    const filter = [{ field: 'signers', value: 'jansen' }];
    expect(body(await list(admin.token, withFilters(filter))).total).toBe(2);
    const extra = await seedSignRequest(t.db, {
      companyId: admin.user.company.id,
      stateId: 7,
      signers: [{ firstname: 'Anna', lastname: 'Jansen' }],
    });
    expect(body(await list(admin.token, withFilters(filter))).total).toBe(3);
    expect(body(await list(admin.token)).total).toBe(13);
    const { signRequests } = await import('../../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    await t.db.delete(signRequests).where(eq(signRequests.id, extra.request.id));
    expect(body(await list(admin.token, withFilters(filter))).total).toBe(2);
    expect(body(await list(admin.token)).total).toBe(12);
  });

  it("never shows another company's requests", async () => {
    const mine = body(await list(other.token));
    expect(mine.total).toBe(1);
    expect(mine.data[0]!.signables[0]!.name).toBe('Huurcontract geheim');
    const all = body(await list(admin.token, '?limit=100'));
    expect(all.data.map((r) => r.signables.map((d) => d.name)).flat()).not.toContain(
      'Huurcontract geheim',
    );
  });

  it('shows a viewer only the signed requests linked to it', async () => {
    const res = body(await list(viewer.token));
    expect(res).toMatchObject({ total: 1, last_page: 1 });
    expect(res.data.map((r) => r.id)).toEqual([ids.r2]);
    // Its filters cannot widen the scope.
    const states = body(
      await list(viewer.token, withFilters([{ field: 'state_id', value: [1, 3, 5, 8] }])),
    );
    expect(states.data.map((r) => r.id)).toEqual([ids.r2]);
    const byName = body(
      await list(viewer.token, withFilters([{ field: 'signers', value: 'jansen' }])),
    );
    expect(byName).toMatchObject({ total: 0, data: [] });
    // Another viewer of the same company sees nothing.
    const second = await createUser(t, admin.user.company.id, { role: 'viewer' });
    const s = await login(t, second.email);
    expect(body(await list(s.token))).toMatchObject({ total: 0, data: [] });
  });
});
