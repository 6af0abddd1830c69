import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actingRoles,
  type Paginated,
  type Session,
  type SignRequestListItem,
} from '@paraaf/contract';
import { signers } from '../../db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { seedSignRequest } from '../../../test/factories.ts';

/**
 * The list with signing steps: a request in progress says which step acts ('Stap n van m') and
 * who in it has yet to act; the status filter counts it once, by the request's own state.
 */
describe('GET /api/sign-requests with signing steps', () => {
  let t: TestApp;
  let admin: Session;
  let requestId: number;
  let ids: number[];
  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerCompany(t);
    // Step 1: Anna (signed) and Bert (invited); step 2: Carla, an approver; a cc in step 1;
    // in step 3 Dirk handed over to Eva.
    const { request, signers: rows } = await seedSignRequest(t.db, {
      companyId: admin.user.company.id,
      stateId: 3,
      subject: 'Stappen',
      signers: [
        { firstname: 'Anna', lastname: 'A', routingOrder: 1, stateId: 5 },
        { firstname: 'Bert', lastname: 'B', routingOrder: 1, stateId: 3 },
        { firstname: 'Carla', lastname: 'C', routingOrder: 2, role: 'approver', stateId: 1 },
        { firstname: 'Kopie', lastname: 'K', routingOrder: 1, role: 'cc', stateId: 1 },
        { firstname: 'Dirk', lastname: 'D', routingOrder: 3, stateId: 1 },
        { firstname: 'Eva', lastname: 'E', routingOrder: 3, stateId: 1 },
      ],
    });
    requestId = request.id;
    ids = rows.map((r) => r.id);
    await t.db.update(signers).set({ delegatedToSignerId: ids[5]! }).where(eq(signers.id, ids[4]!));
    await seedSignRequest(t.db, { companyId: admin.user.company.id, stateId: 5 });
  });
  afterAll(() => t.close());

  const list = async (filters: unknown[] = []) => {
    const res = await t.request({
      method: 'GET',
      url: `/api/sign-requests?filters=${encodeURIComponent(JSON.stringify(filters))}`,
      token: admin.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Paginated<SignRequestListItem>>();
  };
  const item = async () => (await list()).data.find((r) => r.id === requestId)!;

  it("says which step acts and who in it has yet to act, not a cc's or a later step's signers", async () => {
    expect((await item()).turn).toEqual({
      step: 1,
      steps: 3,
      waiting_on: [{ id: ids[1], firstname: 'Bert', lastname: 'B' }],
    });
    const others = (await list()).data.filter((r) => r.id !== requestId);
    expect(others.map((r) => r.turn)).toEqual([null]);
  });

  it('moves on with the steps: the approver of step 2, then the one who took over in step 3', async () => {
    await t.db.update(signers).set({ stateId: 5 }).where(eq(signers.id, ids[1]!));
    await t.db.update(signers).set({ stateId: 3 }).where(eq(signers.id, ids[2]!));
    expect((await item()).turn).toEqual({
      step: 2,
      steps: 3,
      waiting_on: [{ id: ids[2], firstname: 'Carla', lastname: 'C' }],
    });
    await t.db.update(signers).set({ stateId: 5 }).where(eq(signers.id, ids[2]!));
    expect((await item()).turn).toEqual({
      step: 3,
      steps: 3,
      waiting_on: [{ id: ids[5], firstname: 'Eva', lastname: 'E' }],
    });
  });

  it('follows a renamed signer, a signer moved to another step and signatures', async () => {
    // The turn is kept on the request by the signers' triggers (migration 0051).
    await t.db.update(signers).set({ firstname: 'Evelien' }).where(eq(signers.id, ids[5]!));
    expect((await item()).turn).toEqual({
      step: 3,
      steps: 3,
      waiting_on: [{ id: ids[5], firstname: 'Evelien', lastname: 'E' }],
    });
    // Bert (signed) moves to step 4: Evelien's step is still the one acting, of four now.
    await t.db.update(signers).set({ routingOrder: 4 }).where(eq(signers.id, ids[1]!));
    expect((await item()).turn).toEqual({
      step: 3,
      steps: 4,
      waiting_on: [{ id: ids[5], firstname: 'Evelien', lastname: 'E' }],
    });
    // Bert is to sign again (5 → 3) and Evelien signs: step 4 acts, waiting on Bert.
    await t.db.update(signers).set({ stateId: 3 }).where(eq(signers.id, ids[1]!));
    await t.db.update(signers).set({ stateId: 5 }).where(eq(signers.id, ids[5]!));
    expect((await item()).turn).toEqual({
      step: 4,
      steps: 4,
      waiting_on: [{ id: ids[1], firstname: 'Bert', lastname: 'B' }],
    });
  });

  it("keeps the turn with the contract's acting roles", async () => {
    const { rows } = await t.db.execute<{ def: string }>(
      sql`SELECT pg_get_functiondef('sign_request_turn'::regproc) AS def`,
    );
    const roles = /s\.role IN \(([^)]*)\)/.exec(rows[0]!.def)?.[1];
    expect(roles?.split(',').map((r) => r.trim().replace(/^'|'$/g, ''))).toEqual([...actingRoles]);
  });

  it('counts the request once under Bezig whatever step it is in', async () => {
    const open = await list([{ field: 'state_id', operator: 'in', value: [3] }]);
    expect(open.total).toBe(1);
    expect(open.data.map((r) => r.id)).toEqual([requestId]);
    const signed = await list([{ field: 'state_id', operator: 'in', value: [5] }]);
    expect(signed.data.map((r) => r.id)).not.toContain(requestId);
  });
});
