import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paginated, Session, SignRequestListItem } from '@paraaf/contract';
import { signers, signRequests } from '../../db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { createDraftSignRequest, uniqueEmail } from '../../../test/factories.ts';

/**
 * The list's signers carry each one's role (signer, approver, cc) and whether the place was handed
 * over (`delegated`), from the request's own `signer_list` (migration 0048), kept right when a
 * role changes or a signer hands over; the names stay searchable as before.
 */
describe('GET /api/sign-requests: roles and hand-overs of the signers', () => {
  let t: TestApp;
  let admin: Session;
  let requestId: number;
  let ids: number[];
  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerCompany(t);
    const { request, signers: rows } = await createDraftSignRequest(t, admin.user.company.id, {
      userId: admin.user.id,
      signers: [
        { firstname: 'Sanne', lastname: 'Signer' },
        { firstname: 'Anna', lastname: 'Approver', role: 'approver' },
        { firstname: 'Cor', lastname: 'Copie', role: 'cc' },
        { firstname: 'Dirk', lastname: 'Draai' },
      ],
    });
    requestId = request.id;
    ids = rows.map((r) => r.id);
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
  const signersInList = async () => (await list()).data.find((r) => r.id === requestId)!.signers;
  const entry = (i: number, firstname: string, lastname: string, role: string, delegated = false) =>
    ({ id: ids[i], firstname, lastname, role, delegated }) as const;

  it('gives every signer its role, none handed over yet', async () => {
    expect(await signersInList()).toEqual([
      entry(0, 'Sanne', 'Signer', 'signer'),
      entry(1, 'Anna', 'Approver', 'approver'),
      entry(2, 'Cor', 'Copie', 'cc'),
      entry(3, 'Dirk', 'Draai', 'signer'),
    ]);
  });

  it('follows a role changed through the API in the draft', async () => {
    const update = (signerId: number, role: string, firstname: string, lastname: string) =>
      t.request({
        method: 'PUT',
        url: `/api/sign-requests/${requestId}/update-signer`,
        token: admin.token,
        payload: {
          signer_id: signerId,
          firstname,
          lastname,
          email: uniqueEmail('rol'),
          verifications: [1],
          reminder_after: 3,
          max_reminders: 5,
          role,
        },
      });
    const toApprover = await update(ids[3]!, 'approver', 'Dirk', 'Draai');
    expect(toApprover.statusCode, toApprover.body).toBe(200);
    expect((await signersInList())[3]).toEqual(entry(3, 'Dirk', 'Draai', 'approver'));
    const toCc = await update(ids[3]!, 'cc', 'Dirk', 'Draai');
    expect(toCc.statusCode, toCc.body).toBe(200);
    expect((await signersInList())[3]).toEqual(entry(3, 'Dirk', 'Draai', 'cc'));
    const back = await update(ids[3]!, 'signer', 'Dirk', 'Draai');
    expect(back.statusCode, back.body).toBe(200);
    expect((await signersInList())[3]).toEqual(entry(3, 'Dirk', 'Draai', 'signer'));
  });

  it('marks a signer who handed over, and lists the delegate after it in the same place', async () => {
    const ready = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${requestId}/ready`,
      token: admin.token,
    });
    expect(ready.statusCode, ready.body).toBe(200);
    const karin = uniqueEmail('karin');
    const res = await t.request({
      method: 'PUT',
      url: `/api/sign-requests/${requestId}/reassign-signer`,
      token: admin.token,
      payload: {
        signer_id: ids[0],
        firstname: 'Karin',
        lastname: 'de Jong',
        email: karin,
        reason: 'Met vakantie',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const karinId = res.json<{ id: number }>().id;
    expect(await signersInList()).toEqual([
      entry(0, 'Sanne', 'Signer', 'signer', true),
      { id: karinId, firstname: 'Karin', lastname: 'de Jong', role: 'signer', delegated: false },
      entry(1, 'Anna', 'Approver', 'approver'),
      entry(2, 'Cor', 'Copie', 'cc'),
      entry(3, 'Dirk', 'Draai', 'signer'),
    ]);
  });

  it('still finds the request by the name of a cc and of one who handed over', async () => {
    const byName = async (value: string) =>
      (await list([{ field: 'signers', operator: 'like', value }])).data.map((r) => r.id);
    expect(await byName('cor copie')).toEqual([requestId]);
    expect(await byName('sanne signer')).toEqual([requestId]);
    expect(await byName('karin de jong')).toEqual([requestId]);
  });

  it('has the entries of requests made before migration 0048 backfilled by it', async () => {
    const { request, signers: rows } = await createDraftSignRequest(t, admin.user.company.id, {
      signers: [
        { firstname: 'Oud', lastname: 'Tekenaar' },
        { firstname: 'Oud', lastname: 'Kopie', role: 'cc' },
      ],
    });
    await t.db
      .update(signers)
      .set({ delegatedToSignerId: rows[1]!.id })
      .where(eq(signers.id, rows[0]!.id));
    try {
      // The row as migration 0013 left it: id and names only.
      await t.db.execute(sql`UPDATE sign_requests SET signer_list = (
          SELECT json_agg(json_build_object('id', id, 'firstname', firstname, 'lastname', lastname)
            ORDER BY position, id) FROM signers WHERE sign_request_id = ${request.id})
        WHERE id = ${request.id}`);
      const migration = fs.readFileSync(
        path.join(import.meta.dirname, '../../db/migrations/0048_signer_list_roles.sql'),
        'utf8',
      );
      const backfill = migration
        .split('--> statement-breakpoint')
        .find((part) => part.includes('-- Existing requests'));
      await t.db.execute(sql.raw(backfill!));
      const row = (await list()).data.find((r) => r.id === request.id)!;
      expect(row.signers).toEqual([
        {
          id: rows[0]!.id,
          firstname: 'Oud',
          lastname: 'Tekenaar',
          role: 'signer',
          delegated: true,
        },
        { id: rows[1]!.id, firstname: 'Oud', lastname: 'Kopie', role: 'cc', delegated: false },
      ]);
    } finally {
      await t.db.delete(signRequests).where(eq(signRequests.id, request.id));
    }
  });
});
