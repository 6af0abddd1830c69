import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session, SignRequestDetail } from '@paraaf/contract';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { createUser, login, seedSignRequest } from '../../../test/factories.ts';

describe('GET /api/sign-requests/{id}', () => {
  let t: TestApp;
  let admin: Session;
  let other: Session;
  let viewer: Session;
  let full: Awaited<ReturnType<typeof seedSignRequest>>;
  let linkedSigned: number;
  let linkedDraft: number;
  let unlinkedSigned: number;
  let foreign: number;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerCompany(t);
    other = await registerCompany(t);
    const companyId = admin.user.company.id;
    const viewerUser = await createUser(t, companyId, { role: 'viewer', name: 'Vera Viewer' });
    viewer = await login(t, viewerUser.email);
    full = await seedSignRequest(t.db, {
      companyId,
      userId: admin.user.id,
      stateId: 3,
      viewerUserId: viewerUser.id,
      customFields: [
        { name: 'Dossier', description: 'Nummer', required: true, value: 'D-7' },
        { name: 'Leeg', value: '' },
      ],
      signers: [
        {
          firstname: 'Jan',
          lastname: 'Jansen',
          verifications: [1, 5, 6],
          tokenHash: 'a'.repeat(64),
          stateId: 3,
          invitedAt: new Date('2025-03-01T10:00:00Z'),
          reminderAfter: 3,
        },
        { firstname: 'Piet', lastname: 'Pietersen', verifications: [2], phone: '0612345678' },
      ],
      signables: [
        {
          name: 'Huurcontract',
          signedSha256: 'b'.repeat(64),
          signedSize: 2048,
          hasAcroforms: true,
        },
      ],
    });
    linkedSigned = (
      await seedSignRequest(t.db, { companyId, stateId: 5, viewerUserId: viewerUser.id })
    ).request.id;
    linkedDraft = full.request.id;
    unlinkedSigned = (await seedSignRequest(t.db, { companyId, stateId: 5 })).request.id;
    foreign = (await seedSignRequest(t.db, { companyId: other.user.company.id, stateId: 5 }))
      .request.id;
  });
  afterAll(() => t.close());

  const get = (token: string | undefined, id: number | string) =>
    t.request({ method: 'GET', url: `/api/sign-requests/${id}`, token });

  it('needs a session', async () => {
    expect((await get(undefined, full.request.id)).statusCode).toBe(401);
  });

  it('answers an id that names no row (not a number, past 2^31 - 1) with a 404', async () => {
    for (const id of ['abc', '99999999999', '2147483648', 'Infinity', '1e309', '0x10', '-1']) {
      expect((await get(admin.token, id)).statusCode, id).toBe(404);
    }
  });

  it("is a 404 for another company's request and for an unknown id", async () => {
    expect((await get(admin.token, foreign)).statusCode).toBe(404);
    expect((await get(other.token, full.request.id)).statusCode).toBe(404);
    expect((await get(admin.token, 2147483647)).statusCode).toBe(404);
  });

  it('is a 404 for a viewer on a request not linked to it or not signed', async () => {
    expect((await get(viewer.token, unlinkedSigned)).statusCode).toBe(404);
    expect((await get(viewer.token, linkedDraft)).statusCode).toBe(404);
    const res = await get(viewer.token, linkedSigned);
    expect(res.statusCode).toBe(200);
    expect(res.json<SignRequestDetail>()).toMatchObject({ id: linkedSigned, state_id: 5 });
  });

  it('returns every field of the detail screen and no token', async () => {
    const res = await get(admin.token, full.request.id);
    expect(res.statusCode).toBe(200);
    // The only token is the caller's own session token, in the documents' download URLs.
    expect(res.body.replaceAll(`token=${admin.token}`, '')).not.toMatch(
      /token|aaaaaaaa|storage_key|password/i,
    );
    const d = res.json<SignRequestDetail>();
    expect(Object.keys(d).sort()).toEqual(
      [
        'id',
        'state_id',
        'state',
        'credits_cost',
        'emails',
        'expires_at',
        'completed_at',
        'created_at',
        'sent_at',
        'date',
        'department_id',
        'department',
        'is_sync',
        'allow_delegation',
        'send_documents_to_initiator',
        'subject',
        'message',
        'custom_fields',
        'custom_field_values',
        'viewer_user',
        'viewer_user_id',
        'estimated_gdpr_purge_at',
        'gdpr_purged_at',
        'failure_reason',
        'signers',
        'signables',
        'email_templates',
        'initiator',
        'bulk_send_id',
      ].sort(),
    );
    expect(d).toMatchObject({
      id: full.request.id,
      state: { id: 3, label: 'Bezig' },
      subject: 'Graag je handtekening',
      custom_fields: [
        { name: 'Dossier', description: 'Nummer', required: true, value: 'D-7' },
        { name: 'Leeg', description: null, required: false, value: '' },
      ],
      custom_field_values: [{ name: 'Dossier', value: 'D-7' }],
      viewer_user: { id: viewer.user.id, name: 'Vera Viewer' },
      // Not from a bulk send.
      bulk_send_id: null,
      initiator: { id: admin.user.id, name: admin.user.name },
      date: null,
    });
    expect(d.signers.map((s) => s.firstname)).toEqual(['Jan', 'Piet']);
    expect(d.signers[0]).toMatchObject({
      verifications: [
        { type: 1, text: 'E-mail' },
        { type: 5, text: 'Handtekening' },
        { type: 6, text: 'Paraaf' },
      ],
      verification_methods: [
        { id: 1, type: 1 },
        { id: 5, type: 5 },
        { id: 6, type: 6 },
      ],
      next_reminder_at: '2025-03-04T10:00:00.000Z',
    });
    expect(d.signers[1]).toMatchObject({ phone: '0612345678', next_reminder_at: null });
    expect(d.signables[0]).toMatchObject({
      name: 'Huurcontract',
      type: 1,
      options: { pages: 1, filesize: 1000, page_sizes: [{ width: 595, height: 842 }] },
      has_acroforms: true,
      settings: { forms_enabled: false },
      config: { variables: [], fields: [] },
      signed_signable: { size: 2048, sha256: 'b'.repeat(64) },
    });
  });
});
