import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingMessages } from '@paraaf/contract';
import {
  billableUsage,
  companies,
  creditLedger,
  signers,
  signRequests,
} from '../../db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import {
  createCustomPlan,
  createDraftSignRequest,
  setPlan,
  uniqueEmail,
} from '../../../test/factories.ts';
import { linkFrom } from '../../../test/smtp.ts';

/** A plan may charge one credit for a signer's delegation (payment_plans.delegation_costs_credit). */
describe('a delegation on a plan that charges for it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const tokenFromMail = async (email: string) => {
    const mail = await t.smtp.waitForMail(email);
    return /\/ondertekenen\/([^/?#]+)$/.exec(linkFrom(mail, '/ondertekenen/'))![1]!;
  };
  const creditsOf = async (companyId: number) =>
    (await t.db.select().from(companies).where(eq(companies.id, companyId)))[0]!.credits;
  const delegationLedger = (companyId: number) =>
    t.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.companyId, companyId))
      .then((rows) => rows.filter((r) => r.causeKey.startsWith('delegation:')));
  const delegate = (token: string) =>
    t.request({
      method: 'POST',
      url: `/api/signing/${token}/delegate`,
      payload: {
        firstname: 'Karin',
        lastname: 'de Jong',
        email: uniqueEmail('karin'),
        reason: 'Ik ben met vakantie',
      },
    });

  /** A sent request (charged as usual) whose company then moves to `plan`, with `credits` left. */
  async function sent(plan: Parameters<typeof createCustomPlan>[1] | null, credits?: number) {
    const admin = await registerCompany(t);
    const companyId = admin.user.company.id;
    const email = uniqueEmail('eerste');
    const { request } = await createDraftSignRequest(t, companyId, {
      userId: admin.user.id,
      signers: [{ email, verifications: [1] }],
    });
    await t.db
      .update(signRequests)
      .set({ allowDelegation: true })
      .where(eq(signRequests.id, request.id));
    const ready = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${request.id}/ready`,
      token: admin.token,
    });
    expect(ready.statusCode, ready.body).toBe(200);
    if (plan) await setPlan(t, companyId, (await createCustomPlan(t, plan)).id);
    if (credits !== undefined) {
      await t.db.update(companies).set({ credits }).where(eq(companies.id, companyId));
    }
    const [signer] = await t.db.select().from(signers).where(eq(signers.signRequestId, request.id));
    return { companyId, request, signerId: signer!.id, token: await tokenFromMail(email) };
  }

  it('costs nothing on a plan that does not say so', async () => {
    const { companyId, token } = await sent(null);
    const before = await creditsOf(companyId);
    expect((await delegate(token)).statusCode).toBe(200);
    expect(await creditsOf(companyId)).toBe(before);
    expect(await delegationLedger(companyId)).toEqual([]);
  });

  it('charges exactly one credit, caused by the place handed over, however often it is raced', async () => {
    const { companyId, signerId, token } = await sent({ delegationCostsCredit: true }, 5);
    const answers = await Promise.all([1, 2, 3, 4].map(() => delegate(token)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.every((a) => [200, 409, 410].includes(a.statusCode))).toBe(true);
    expect((await delegate(token)).statusCode).toBe(410);
    expect(await creditsOf(companyId)).toBe(4);
    const ledger = await delegationLedger(companyId);
    expect(ledger.map((r) => [r.causeKey, r.amount])).toEqual([[`delegation:${signerId}`, -1]]);
  });

  it('is refused in Dutch when no credit is left, and nothing changes hands', async () => {
    const { companyId, request, token } = await sent({ delegationCostsCredit: true }, 0);
    const refused = await delegate(token);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({ message: signingMessages.delegationNoCredit });
    const rows = await t.db.select().from(signers).where(eq(signers.signRequestId, request.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.delegatedToSignerId).toBeNull();
    expect((await t.request({ method: 'GET', url: `/api/signing/${token}` })).statusCode).toBe(200);
    expect(await creditsOf(companyId)).toBe(0);
  });

  it('books a usage line at the price per credit on an invoice plan without credits', async () => {
    const { companyId, signerId, token } = await sent(
      { type: 'invoice', delegationCostsCredit: true, pricePerCreditCents: 95 },
      0,
    );
    expect((await delegate(token)).statusCode).toBe(200);
    const usage = await t.db
      .select()
      .from(billableUsage)
      .where(like(billableUsage.causeKey, 'delegation:%'))
      .then((rows) => rows.filter((r) => r.companyId === companyId));
    expect(usage).toMatchObject([
      {
        causeKey: `delegation:${signerId}:credits`,
        kind: 'credits',
        quantity: 1,
        unitPriceCents: 95,
      },
    ]);
    expect(await creditsOf(companyId)).toBe(0);
  });
});
