import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { companies, creditLedger, signerActions, signRequests } from '../src/db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from './app.ts';
import { createDraftSignRequest } from './factories.ts';
import { pngDataUrl, requestRow, sendTestRequest } from '../src/modules/signing/signing.fixture.ts';

/**
 * Issue 11, "Reliability checks": races a user can start, run truly in parallel on PostgreSQL
 * (DATABASE_URL; the api's pool has ten connections) and one after another on PGlite. Whatever
 * the interleaving: one final state, one charge, never a negative balance, never a 500.
 */
describe('parallel calls on one request', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const setCredits = async (companyId: number, credits: number) => {
    await t.db.update(companies).set({ credits }).where(eq(companies.id, companyId));
  };
  const charges = async (ids: number[]) =>
    t.db
      .select()
      .from(creditLedger)
      .where(
        inArray(
          creditLedger.causeKey,
          ids.map((id) => `sign-request:${id}`),
        ),
      );
  const ready = (token: string, id: number) =>
    t.request({ method: 'POST', url: `/api/sign-requests/${id}/ready`, token });

  it('twenty parallel approve and decline calls by one signer end in exactly one final state', async () => {
    const sent = await sendTestRequest(t, { signers: [{ verifications: [5] }] });
    const token = sent.tokens[0]!;
    const call = (method: 'POST' | 'PUT' | 'GET', path: string, payload?: object) =>
      t.request({ method, url: `/api/signing/${token}${path}`, payload });
    expect(
      (await call('PUT', '/signature', { type: 'signature', image: pngDataUrl() })).statusCode,
    ).toBe(200);
    expect((await call('GET', `/signables/${sent.signableIds[0]}/file`)).statusCode).toBe(200);

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? call('POST', '/approve')
          : call('POST', '/decline', { reason: 'Ik teken niet' }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    const winner = answers.findIndex((a) => a.statusCode === 200) % 2 === 0 ? 'approve' : 'decline';

    const actions = await t.db
      .select({ type: signerActions.type })
      .from(signerActions)
      .where(
        and(eq(signerActions.signerId, sent.signerIds[0]!), inArray(signerActions.type, [3, 4])),
      );
    expect(actions.map((a) => a.type)).toEqual([winner === 'approve' ? 3 : 4]);
    const request = await requestRow(t, sent.requestId);
    if (winner === 'approve') expect([60, 5]).toContain(request.stateId);
    else expect(request.stateId).toBe(4);
  });

  it('twenty parallel ready calls on one draft charge once', async () => {
    const admin = await registerCompany(t);
    const companyId = admin.user.company.id;
    await setCredits(companyId, 10);
    const draft = await createDraftSignRequest(t, companyId, {
      userId: admin.user.id,
      signers: 2,
      signables: 1,
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => ready(admin.token, draft.request.id)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    expect((await charges([draft.request.id])).map((c) => c.amount)).toEqual([-2]);
    const [company] = await t.db.select().from(companies).where(eq(companies.id, companyId));
    expect(company!.credits).toBe(8);
  });

  it('two drafts racing for the last credits never drive the balance below zero', async () => {
    const admin = await registerCompany(t);
    const companyId = admin.user.company.id;
    // Each draft costs 2 (two signers); 3 credits pay for one of them, never both.
    for (let round = 0; round < 5; round++) {
      await setCredits(companyId, 3);
      const drafts = await Promise.all(
        [0, 1].map(() =>
          createDraftSignRequest(t, companyId, { userId: admin.user.id, signers: 2, signables: 1 }),
        ),
      );
      const ids = drafts.map((d) => d.request.id);
      const answers = await Promise.all(ids.map((id) => ready(admin.token, id)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 402]);
      const [company] = await t.db.select().from(companies).where(eq(companies.id, companyId));
      expect(company!.credits).toBe(1);
      expect(await charges(ids)).toHaveLength(1);
      // The refused draft is still a draft, sendable once credits are bought.
      const refused = ids[answers.findIndex((a) => a.statusCode === 402)]!;
      expect((await requestRow(t, refused)).stateId).toBe(1);
    }
    const [{ negative }] = (
      await t.db.execute<{ negative: number }>(
        sql`SELECT count(*)::int AS negative FROM credit_ledger WHERE company_id = ${companyId} AND balance_after < 0`,
      )
    ).rows as [{ negative: number }];
    expect(negative).toBe(0);
  });

  it('keeps the list exact while requests of one company change in parallel', async () => {
    const admin = await registerCompany(t);
    const companyId = admin.user.company.id;
    await setCredits(companyId, 100);
    const drafts = await Promise.all(
      Array.from({ length: 12 }, () =>
        createDraftSignRequest(t, companyId, { userId: admin.user.id, signers: 1, signables: 1 }),
      ),
    );
    const search = `/api/sign-requests?filters=${encodeURIComponent(
      JSON.stringify([{ field: 'signables', operator: 'like', value: 'document' }]),
    )}&limit=100`;
    const listed = async () => {
      const res = await t.request({ method: 'GET', url: search, token: admin.token });
      expect(res.statusCode).toBe(200);
      return res.json<{ total: number; data: { id: number; state_id: number }[] }>();
    };
    // Lists (which fill and read the cache) interleaved with sends that change states.
    const answers = await Promise.all(
      drafts.flatMap((d) => [ready(admin.token, d.request.id), listed()]),
    );
    expect(answers.filter((a) => 'statusCode' in a && a.statusCode !== 200)).toEqual([]);
    const final = await listed();
    const rows = await t.db
      .select({ id: signRequests.id, stateId: signRequests.stateId })
      .from(signRequests)
      .where(eq(signRequests.companyId, companyId));
    expect(final.total).toBe(rows.length);
    expect(final.data.map((r) => r.state_id).sort()).toEqual(rows.map((r) => r.stateId).sort());
  });

  // Needs a second connection holding a transaction open: PostgreSQL only (PGlite has one).
  it.runIf(process.env.DATABASE_URL)(
    'does not answer from a count that missed a change still in flight when it was taken',
    async () => {
      const admin = await registerCompany(t);
      const companyId = admin.user.company.id;
      const drafts = await Promise.all(
        Array.from({ length: 3 }, () =>
          createDraftSignRequest(t, companyId, { userId: admin.user.id, signers: 1 }),
        ),
      );
      const url = `/api/sign-requests?filters=${encodeURIComponent(
        JSON.stringify([
          { field: 'state_id', value: [1] },
          { field: 'signers', operator: 'like', value: 'tekenaar' },
        ]),
      )}`;
      const total = async () => {
        const res = await t.request({ method: 'GET', url, token: admin.token });
        expect(res.statusCode).toBe(200);
        return res.json<{ total: number }>().total;
      };
      expect(await total()).toBe(3);
      const other = new pg.Client({ connectionString: t.database.url! });
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query('UPDATE sign_requests SET state_id = 8 WHERE id = $1', [
          drafts[0]!.request.id,
        ]);
        // Counted (and cached) while the change is in flight: it cannot see it yet.
        await t.db.execute(
          sql`DELETE FROM sign_request_list_cache WHERE company_id = ${companyId}`,
        );
        expect(await total()).toBe(3);
        expect(await total()).toBe(3);
        await other.query('COMMIT');
      } finally {
        await other.end();
      }
      expect(await total()).toBe(2);
    },
  );
});
