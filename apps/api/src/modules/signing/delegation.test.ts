import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingMessages } from '@paraaf/contract';
import {
  companies,
  creditLedger,
  mails,
  signerActions,
  signers,
  signRequests,
} from '../../db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { createDraftSignRequest, createMember, uniqueEmail } from '../../../test/factories.ts';
import { linkFrom } from '../../../test/smtp.ts';

/** Delegation by the signer and reassignment by the sender: one place changes hands. */
describe('delegation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const tokenFromMail = async (email: string) => {
    const mail = await t.smtp.waitForMail(email);
    return /\/ondertekenen\/([^/?#]+)$/.exec(linkFrom(mail, '/ondertekenen/'))![1]!;
  };
  const signersOf = (id: number) =>
    t.db.select().from(signers).where(eq(signers.signRequestId, id)).orderBy(signers.id);
  const delegateBody = (email: string) => ({
    firstname: 'Karin',
    lastname: 'de Jong',
    email,
    reason: 'Ik ben met vakantie',
  });

  /** A request sent through the API (charged) with two signers in step 1 and one in step 2. */
  async function sent(allowDelegation: boolean) {
    const admin = await registerCompany(t);
    const emails = [uniqueEmail('eerste'), uniqueEmail('tweede'), uniqueEmail('derde')];
    const { request } = await createDraftSignRequest(t, admin.user.company.id, {
      userId: admin.user.id,
      signers: [
        { email: emails[0], verifications: [1, 5], routingOrder: 1 },
        { email: emails[1], routingOrder: 1 },
        { email: emails[2], routingOrder: 2 },
      ],
    });
    await t.db.update(signRequests).set({ allowDelegation }).where(eq(signRequests.id, request.id));
    const ready = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${request.id}/ready`,
      token: admin.token,
    });
    expect(ready.statusCode).toBe(200);
    return { admin, request, emails, token: await tokenFromMail(emails[0]!) };
  }

  it('hands the place over: same step, verifications and position, old link dead, audit 20 on both, sender mailed, one charge', async () => {
    const { admin, request, emails, token } = await sent(true);
    const companyId = admin.user.company.id;
    const creditsBefore = (
      await t.db.select().from(companies).where(eq(companies.id, companyId))
    )[0]!.credits;
    const page = await t.request({ method: 'GET', url: `/api/signing/${token}` });
    expect(page.json()).toMatchObject({ sign_request: { allow_delegation: true } });

    const karin = uniqueEmail('karin');
    const res = await t.request({
      method: 'POST',
      url: `/api/signing/${token}/delegate`,
      payload: delegateBody(karin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'delegated' });

    const [old, , , fresh] = await signersOf(request.id);
    expect(old).toMatchObject({ stateId: 8, delegatedToSignerId: fresh!.id });
    expect(fresh).toMatchObject({
      email: karin,
      position: old!.position,
      routingOrder: 1,
      verifications: [1, 5],
      stateId: 3,
    });
    // The old link is dead; the new one opens the page.
    expect((await t.request({ method: 'GET', url: `/api/signing/${token}` })).statusCode).toBe(410);
    const newToken = await tokenFromMail(karin);
    const newPage = await t.request({ method: 'GET', url: `/api/signing/${newToken}` });
    expect(newPage.json()).toMatchObject({ status: 'open', signer: { firstname: 'Karin' } });

    for (const s of [old!, fresh!]) {
      const rows = await t.db
        .select()
        .from(signerActions)
        .where(and(eq(signerActions.signerId, s.id), eq(signerActions.type, 20)));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.comment).toContain('Ik ben met vakantie');
    }
    const senderMail = await t.smtp.waitForMail(admin.user.email, /Gedelegeerd/);
    expect(senderMail.subject).toContain('Gedelegeerd');
    // One charge, no extra credit.
    const ledger = await t.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.causeKey, `sign-request:${request.id}`));
    expect(ledger).toHaveLength(1);
    expect(
      (await t.db.select().from(companies).where(eq(companies.id, companyId)))[0]!.credits,
    ).toBe(creditsBefore);
    // The second signer of step 1 still waits on Karin: step 2 not invited yet.
    expect(await t.db.select().from(mails).where(eq(mails.to, emails[2]!))).toEqual([]);
  });

  it('is refused without allow_delegation, and twice', async () => {
    const off = await sent(false);
    const refused = await t.request({
      method: 'POST',
      url: `/api/signing/${off.token}/delegate`,
      payload: delegateBody(uniqueEmail('karin')),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: signingMessages.delegationOff });

    const on = await sent(true);
    const bad = await t.request({
      method: 'POST',
      url: `/api/signing/${on.token}/delegate`,
      payload: { ...delegateBody('geen-adres'), reason: '' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ errors: object }>().errors).sort()).toEqual(['email', 'reason']);
    const answers = await Promise.all(
      [1, 2].map((n) =>
        t.request({
          method: 'POST',
          url: `/api/signing/${on.token}/delegate`,
          payload: delegateBody(uniqueEmail(`karin${n}`)),
        }),
      ),
    );
    // The loser finds the link retired (410) or, truly in parallel, the place taken (409).
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([409, 410]).toContain(codes[1]);
    expect((await signersOf(on.request.id)).filter((s) => s.delegatedToSignerId)).toHaveLength(1);
  });

  it('the sender reassigns a signer from the detail screen; 404 for another company, 403 for a viewer', async () => {
    const { admin, request, token } = await sent(false);
    const [first] = await signersOf(request.id);
    const reassign = (who: string, payload: object) =>
      t.request({
        method: 'PUT',
        url: `/api/sign-requests/${request.id}/reassign-signer`,
        token: who,
        payload,
      });
    const other = await registerCompany(t);
    const viewer = await createMember(t, admin.user.company.id, 'viewer');
    const body = { signer_id: first!.id, ...delegateBody(uniqueEmail('piet')) };
    expect((await reassign(other.token, body)).statusCode).toBe(404);
    expect((await reassign(viewer.token, body)).statusCode).toBe(403);
    const res = await reassign(admin.token, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: body.email, routing_order: 1, state_id: 3 });
    expect((await t.request({ method: 'GET', url: `/api/signing/${token}` })).statusCode).toBe(410);
    const audit = await t.db
      .select()
      .from(signerActions)
      .where(and(eq(signerActions.signerId, first!.id), eq(signerActions.type, 20)));
    expect(audit[0]!.userId).toBe(admin.user.id);
  });
});
