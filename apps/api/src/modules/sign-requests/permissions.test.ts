import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Paginated,
  Permission,
  Session,
  SignRequestDetail,
  SignRequestListItem,
} from '@paraaf/contract';
import { companies, signers } from '../../db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { makePdf } from '../../../test/fixtures/documents.ts';
import { multipart } from '../../../test/fixtures/multipart.ts';
import {
  createDraftSignRequest,
  createMember,
  createUser,
  login,
  seedSignRequest,
} from '../../../test/factories.ts';

/**
 * Issue 11.5: every permission of seed 000 §6 holds on the server. Each is tried with a session
 * whose role lacks it (`withoutPermissions`: today's roles all hold most of them) and with one
 * that holds it, so the test fails if the check is missing as well as if it is a blanket refusal.
 */
describe('permissions on the server (seed 000 §6)', () => {
  let t: TestApp;
  let admin: Session;
  let companyId: number;
  let sent: { id: number; signerId: number; signableId: number };
  let viewer: Session;
  let viewerSigned: number;
  let pdf: Buffer;

  /** A fresh session of a 'user' in the company that lacks `lacking`. */
  async function lacking(...permissions: Permission[]): Promise<Session> {
    const session = await createMember(t, companyId, 'user');
    t.withoutPermissions(session.token, permissions);
    return session;
  }

  const uploadPdf = (token: string, id: number) =>
    t.request({
      method: 'POST',
      url: `/api/sign-requests/${id}/signables`,
      token,
      ...multipart(
        {
          name: 'Contract',
          filename: 'contract.pdf',
          type: '1',
          'settings[forms_enabled]': 'false',
        },
        [{ content: pdf }],
      ),
    });

  /** A request sent through the API: a stored PDF, one invited signer, its 'Verstuurd' action. */
  async function sentRequest() {
    const { request, signers: rows } = await createDraftSignRequest(t, companyId, {
      signables: 0,
    });
    const upload = await uploadPdf(admin.token, request.id);
    expect(upload.statusCode).toBe(201);
    const ready = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${request.id}/ready`,
      token: admin.token,
    });
    expect(ready.statusCode).toBe(200);
    return { id: request.id, signerId: rows[0]!.id, signableId: upload.json<{ id: number }>().id };
  }

  beforeAll(async () => {
    t = await createTestApp();
    pdf = await makePdf(1);
    admin = await registerCompany(t);
    companyId = admin.user.company.id;
    await t.db.update(companies).set({ credits: 1000 }).where(eq(companies.id, companyId));
    sent = await sentRequest();
    const viewerUser = await createUser(t, companyId, { role: 'viewer', name: 'Vera Viewer' });
    viewer = await login(t, viewerUser.email);
    viewerSigned = (
      await seedSignRequest(t.db, { companyId, stateId: 5, viewerUserId: viewerUser.id })
    ).request.id;
  });
  afterAll(() => t.close());

  const detail = async (token: string, id = sent.id) => {
    const res = await t.request({ method: 'GET', url: `/api/sign-requests/${id}`, token });
    expect(res.statusCode).toBe(200);
    return res.json<SignRequestDetail>();
  };
  const list = (token: string, query = '') =>
    t.request({ method: 'GET', url: `/api/sign-requests${query}`, token });

  describe('the detail leaves out what the caller may not see', () => {
    it('shows every field to a role that holds every permission', async () => {
      const d = await detail(admin.token);
      expect(d).toMatchObject({ state_id: 3, state: { id: 3, label: 'Bezig' }, credits_cost: 1 });
      expect(d).toHaveProperty('viewer_user', null);
      expect(d).toHaveProperty('viewer_user_id', null);
      const actions = d.signers[0]!.actions!;
      expect(actions.map((a) => [a.type, a.comment, Object.keys(a).sort()])).toEqual([
        [1, null, ['comment', 'id', 'type', 'updated_at']],
      ]);
      expect(Date.parse(actions[0]!.updated_at)).not.toBeNaN();
      expect(d.signables[0]!.src).toBe(
        `http://paraaf.test/api/signables/${sent.signableId}/file?view=true&token=${admin.token}`,
      );
      expect(d.signables[0]!.file).toBe(
        `http://paraaf.test/api/signables/${sent.signableId}/file?token=${admin.token}`,
      );
    });

    it('src and file open the document without any other credential', async () => {
      const d = await detail(admin.token);
      for (const [url, disposition] of [
        [d.signables[0]!.src!, /^inline/],
        [d.signables[0]!.file!, /^attachment/],
      ] as const) {
        const res = await t.app.inject({
          method: 'GET',
          url: url.replace('http://paraaf.test', ''),
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers['content-disposition']).toMatch(disposition);
        expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      }
    });

    it.each([
      ['getSignRequestCosts', ['credits_cost']],
      ['getSignRequestStatus', ['state_id', 'state']],
      ['changeSignRequestViewerUser', ['viewer_user', 'viewer_user_id']],
    ] as const)('without %s: no %j', async (permission, fields) => {
      const d = await detail((await lacking(permission)).token);
      for (const field of fields) expect(d).not.toHaveProperty(field);
      expect(d.signers).toHaveLength(1);
    });

    it('without getVerifications: no signers[].actions', async () => {
      const d = await detail((await lacking('getVerifications')).token);
      expect(d.signers[0]).not.toHaveProperty('actions');
      expect(d.signers[0]).toHaveProperty('firstname');
    });

    it('without getSignableFile: no signables[].src or file', async () => {
      const d = await detail((await lacking('getSignableFile')).token);
      expect(d.signables[0]).not.toHaveProperty('src');
      expect(d.signables[0]).not.toHaveProperty('file');
      expect(d.signables[0]).toHaveProperty('name', 'Contract');
    });

    it('a viewer sees the state and the documents, not the costs, the trail or the Inzage row', async () => {
      const d = await detail(viewer.token, viewerSigned);
      expect(d).toMatchObject({ state_id: 5 });
      expect(d).not.toHaveProperty('credits_cost');
      expect(d).not.toHaveProperty('viewer_user');
      expect(d.signers[0]).not.toHaveProperty('actions');
      expect(d.signables[0]!.file).toContain(`token=${viewer.token}`);
    });
  });

  describe('the list', () => {
    it('leaves out the state without getSignRequestStatus, and shows it with', async () => {
      const full = await list(admin.token);
      expect(full.statusCode).toBe(200);
      const mine = full.json<Paginated<SignRequestListItem>>().data.find((r) => r.id === sent.id);
      expect(mine).toMatchObject({ state_id: 3, state: { id: 3 } });
      const res = await list((await lacking('getSignRequestStatus')).token);
      expect(res.statusCode).toBe(200);
      const rows = res.json<Paginated<SignRequestListItem>>().data;
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row).not.toHaveProperty('state_id');
        expect(row).not.toHaveProperty('state');
        expect(row).toHaveProperty('signers');
      }
    });

    it('refuses the status filter and an order by status (403) without getSignRequestStatus', async () => {
      const filters = encodeURIComponent(
        JSON.stringify([{ field: 'state_id', operator: 'in', value: [3] }]),
      );
      const restricted = await lacking('getSignRequestStatus');
      expect((await list(restricted.token, `?filters=${filters}`)).statusCode).toBe(403);
      expect((await list(restricted.token, '?order=state_id,asc')).statusCode).toBe(403);
      expect((await list(restricted.token, '?order=id,asc')).statusCode).toBe(200);
      expect((await list(admin.token, `?filters=${filters}`)).statusCode).toBe(200);
      expect((await list(admin.token, '?order=state_id,asc')).statusCode).toBe(200);
    });

    it("leaves out the 'Inzage' user without changeSignRequestViewerUser (a viewer)", async () => {
      const res = await list(viewer.token);
      expect(res.statusCode).toBe(200);
      const rows = res.json<Paginated<SignRequestListItem>>().data;
      expect(rows.map((r) => r.id)).toEqual([viewerSigned]);
      expect(rows[0]).not.toHaveProperty('viewer_user');
      expect(rows[0]).toMatchObject({ state_id: 5 });
      const full = await list(admin.token);
      expect(full.json<Paginated<SignRequestListItem>>().data[0]).toHaveProperty('viewer_user');
    });
  });

  describe('every call answers 403 to a role without its permission', () => {
    type Call = {
      method: 'GET' | 'POST' | 'PUT';
      url: string;
      payload?: unknown;
      multipart?: true;
    };
    const signerBody = {
      firstname: 'Sanne',
      lastname: 'de Vries',
      email: 'sanne@voorbeeld.nl',
      locale: 'nl',
      verifications: [1],
      reminder_after: 3,
      max_reminders: 5,
    };
    const cases: [Permission, () => Call | Promise<Call>, number][] = [
      ['getSignRequests', () => ({ method: 'GET', url: '/api/sign-requests' }), 200],
      ['getSignRequest', () => ({ method: 'GET', url: `/api/sign-requests/${sent.id}` }), 200],
      [
        'createSignRequest',
        () => ({
          method: 'POST',
          url: '/api/sign-requests',
          payload: {
            expires_at: new Date(Date.now() + 86400_000).toISOString(),
            subject: 'Contract',
            message: 'Graag tekenen [[link]]',
          },
        }),
        201,
      ],
      [
        'createSignRequest',
        async () => {
          const { request } = await createDraftSignRequest(t, companyId);
          return { method: 'POST', url: `/api/sign-requests/${request.id}/ready` };
        },
        200,
      ],
      [
        'createSigner',
        async () => {
          const { request } = await createDraftSignRequest(t, companyId);
          return {
            method: 'POST',
            url: `/api/sign-requests/${request.id}/signers`,
            payload: signerBody,
          };
        },
        201,
      ],
      [
        'createSignable',
        async () => {
          const { request } = await createDraftSignRequest(t, companyId, { signables: 0 });
          return {
            method: 'POST',
            url: `/api/sign-requests/${request.id}/signables`,
            multipart: true,
          };
        },
        201,
      ],
      ['getDepartments', () => ({ method: 'GET', url: '/api/departments' }), 200],
      ['getEmailTemplates', () => ({ method: 'GET', url: '/api/email-templates' }), 200],
      [
        'getSignRequestReceipt',
        () => ({ method: 'GET', url: `/api/sign-requests/${sent.id}/receipt/download` }),
        // Past the permission: the request is not signed yet, so no receipt.
        409,
      ],
      [
        'getSignableFile',
        () => ({ method: 'GET', url: `/api/signables/${sent.signableId}/file` }),
        200,
      ],
      [
        'getVerifications',
        () => ({ method: 'GET', url: `/api/signers/${sent.signerId}/verifications` }),
        200,
      ],
      [
        'updateSigner',
        async () => {
          const s = await sentRequest();
          return {
            method: 'PUT',
            url: `/api/sign-requests/${s.id}/update-signer`,
            payload: { ...signerBody, signer_id: s.signerId },
          };
        },
        200,
      ],
      [
        'sendSignerReminder',
        async () => {
          const s = await sentRequest();
          await t.db
            .update(signers)
            .set({ invitedAt: new Date(Date.now() - 2 * 3600_000) })
            .where(eq(signers.id, s.signerId));
          return { method: 'PUT', url: `/api/sign-requests/${s.signerId}/send-manual-reminder` };
        },
        200,
      ],
      [
        'changeSignRequestViewerUser',
        () => ({
          method: 'POST',
          url: `/api/sign-requests/${sent.id}/viewer-user`,
          payload: { user_id: null },
        }),
        200,
      ],
      [
        'cancelSignRequest',
        async () => {
          const s = await sentRequest();
          return { method: 'POST', url: `/api/sign-requests/${s.id}/cancel` };
        },
        200,
      ],
    ];

    it.each(cases)('%s', async (permission, prepare, success) => {
      const restricted = await lacking(permission);
      const call = async (token: string) => {
        const c = await prepare();
        const body = c.multipart
          ? multipart(
              {
                name: 'Contract',
                filename: 'contract.pdf',
                type: '1',
                'settings[forms_enabled]': 'false',
              },
              [{ content: pdf }],
            )
          : { payload: c.payload as object | undefined };
        return t.request({ method: c.method, url: c.url, token, ...body });
      };
      const refused = await call(restricted.token);
      expect(refused.statusCode, refused.body).toBe(403);
      const allowed = await call(admin.token);
      expect(allowed.statusCode, allowed.body).toBe(success);
    });
  });
});
