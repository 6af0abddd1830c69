import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingMessages } from '@paraaf/contract';
import { mails, signerActions, signerLinks, signers } from '../../db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { createDraftSignRequest, errorsOf, uniqueEmail } from '../../../test/factories.ts';
import { pngDataUrl, requestRow, sendTestRequest, signerRow } from './signing.fixture.ts';

/**
 * Signing steps: signers with the same routing_order act in parallel, the next step is invited
 * when every signer of the step is done. On PostgreSQL (DATABASE_URL) the approvals run truly
 * at once; on PGlite one after the other.
 */
describe('signing steps (routing_order)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (token: string, method: 'POST' | 'PUT' | 'GET', path: string, payload?: object) =>
    t.request({ method, url: `/api/signing/${token}${path}`, payload });
  /** Draws the signature and opens the document: all that is left is approving. */
  async function prepare(token: string, signableId: number) {
    const drawn = await call(token, 'PUT', '/signature', {
      type: 'signature',
      image: pngDataUrl(),
    });
    expect(drawn.statusCode).toBe(200);
    expect((await call(token, 'GET', `/signables/${signableId}/file`)).statusCode).toBe(200);
  }
  const invitations = async (signerId: number) =>
    t.db
      .select()
      .from(signerActions)
      .where(and(eq(signerActions.signerId, signerId), eq(signerActions.type, 1)));

  it('sends to the first step only; a cc is neither invited nor charged', async () => {
    const admin = await registerCompany(t);
    const emails = [uniqueEmail('stap1a'), uniqueEmail('stap1b'), uniqueEmail('stap2')];
    const cc = uniqueEmail('kopie');
    const { request } = await createDraftSignRequest(t, admin.user.company.id, {
      signers: [
        { email: emails[0], routingOrder: 1 },
        { email: emails[1], routingOrder: 1 },
        { email: emails[2], routingOrder: 2 },
        { email: cc, routingOrder: 1, role: 'cc' },
      ],
    });
    const res = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${request.id}/ready`,
      token: admin.token,
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(signers)
      .where(eq(signers.signRequestId, request.id))
      .orderBy(signers.position);
    expect(rows.map((s) => s.stateId)).toEqual([3, 3, 1, 1]);
    expect((await requestRow(t, request.id)).creditsCost).toBe(3);
    expect(
      await t.db
        .select()
        .from(mails)
        .where(inArray(mails.to, [emails[2]!, cc])),
    ).toEqual([]);
  });

  it('refuses a request with only copies', async () => {
    const admin = await registerCompany(t);
    const { request } = await createDraftSignRequest(t, admin.user.company.id, {
      signers: [{ role: 'cc' }],
    });
    const res = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${request.id}/ready`,
      token: admin.token,
    });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ signers: [signingMessages.ccOnly] });
    expect((await requestRow(t, request.id)).stateId).toBe(1);
  });

  it('keeps a signer of step 2 waiting until step 1 is done', async () => {
    const sent = await sendTestRequest(t, {
      signers: [
        { verifications: [5], routingOrder: 1 },
        { verifications: [5], routingOrder: 2 },
      ],
    });
    expect(sent.tokens[1]).toBeNull();
    expect((await signerRow(t, sent.signerIds[1]!)).stateId).toBe(1);
    await prepare(sent.tokens[0]!, sent.signableIds[0]!);
    expect((await call(sent.tokens[0]!, 'POST', '/approve')).statusCode).toBe(200);
    const next = await signerRow(t, sent.signerIds[1]!);
    expect(next.stateId).toBe(3);
    expect(await invitations(next.id)).toHaveLength(1);
    expect((await requestRow(t, sent.requestId)).stateId).toBe(3);
  });

  it('two parallel signers of step 1 approving at the same moment invite step 2 exactly once (20 races)', async () => {
    for (let round = 0; round < 20; round++) {
      const sent = await sendTestRequest(t, {
        signers: [
          { verifications: [5], routingOrder: 1 },
          { verifications: [5], routingOrder: 1 },
          { verifications: [5], routingOrder: 2 },
          { verifications: [5], routingOrder: 2 },
        ],
      });
      const [a, b] = sent.tokens as [string, string];
      await prepare(a, sent.signableIds[0]!);
      await prepare(b, sent.signableIds[0]!);
      const answers = await Promise.all([call(a, 'POST', '/approve'), call(b, 'POST', '/approve')]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);

      for (const id of sent.signerIds.slice(2)) {
        expect((await signerRow(t, id)).stateId).toBe(3);
        expect(await invitations(id)).toHaveLength(1);
        expect(
          await t.db.select().from(signerLinks).where(eq(signerLinks.signerId, id)),
        ).toHaveLength(1);
        const { email } = await signerRow(t, id);
        expect(await t.db.select().from(mails).where(eq(mails.to, email))).toHaveLength(1);
      }
      expect((await requestRow(t, sent.requestId)).stateId).toBe(3);
    }
  });

  it('a signer of a later step cannot act before its turn', async () => {
    const sent = await sendTestRequest(t, {
      signers: [
        { verifications: [5], routingOrder: 1 },
        { verifications: [5], routingOrder: 3 },
      ],
    });
    // A link of the later signer (as a stray one would be): the page and the approval refuse.
    const { tokenFor } = await import('./signing.fixture.ts');
    const early = await tokenFor(t, sent.signerIds[1]!);
    const page = await call(early, 'GET', '');
    expect(page.statusCode).toBe(200);
    expect(page.json<{ status: string }>().status).toBe('not_your_turn');
    expect((await call(early, 'POST', '/approve')).statusCode).toBe(409);
  });

  describe('routing_order and role in the API', () => {
    const add = (token: string, id: number, payload: object) =>
      t.request({ method: 'POST', url: `/api/sign-requests/${id}/signers`, token, payload });
    const body = (overrides: object = {}) => ({
      firstname: 'Anna',
      lastname: 'de Vries',
      email: uniqueEmail('anna'),
      verifications: [1],
      reminder_after: 3,
      max_reminders: 5,
      ...overrides,
    });

    it('adds a signer in a step with a role; a bad step or a signing approver is refused', async () => {
      const admin = await registerCompany(t);
      const { request } = await createDraftSignRequest(t, admin.user.company.id, {
        signers: [],
        signables: 0,
      });
      const ok = await add(admin.token, request.id, body({ routing_order: 2, role: 'approver' }));
      expect(ok.statusCode).toBe(201);
      expect(ok.json()).toMatchObject({ routing_order: 2, role: 'approver' });
      const plain = await add(admin.token, request.id, body());
      expect(plain.json()).toMatchObject({ routing_order: 1, role: 'signer' });

      const zero = await add(admin.token, request.id, body({ routing_order: 0, role: 'baas' }));
      expect(zero.statusCode).toBe(422);
      expect(Object.keys(errorsOf(zero)).sort()).toEqual(['role', 'routing_order']);
      const signing = await add(
        admin.token,
        request.id,
        body({ role: 'approver', verifications: [1, 5] }),
      );
      expect(signing.statusCode).toBe(422);
      expect(errorsOf(signing)).toEqual({ verifications: [signingMessages.approverSignature] });
    });

    it('changes a step in a draft, not after sending', async () => {
      const admin = await registerCompany(t);
      const { request, signers: rows } = await createDraftSignRequest(t, admin.user.company.id, {
        signers: [{}, {}],
      });
      const update = (payload: object) =>
        t.request({
          method: 'PUT',
          url: `/api/sign-requests/${request.id}/update-signer`,
          token: admin.token,
          payload: { ...body({ email: rows[1]!.email }), signer_id: rows[1]!.id, ...payload },
        });
      const moved = await update({ routing_order: 2 });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({ routing_order: 2 });
      const sent = await t.request({
        method: 'POST',
        url: `/api/sign-requests/${request.id}/ready`,
        token: admin.token,
      });
      expect(sent.statusCode).toBe(200);
      const locked = await update({ routing_order: 1 });
      expect(locked.statusCode).toBe(422);
      expect(errorsOf(locked)).toEqual({ routing_order: [signingMessages.routingLocked] });
      // The same step again is no change.
      expect((await update({ routing_order: 2 })).statusCode).toBe(200);
    });
  });
});
