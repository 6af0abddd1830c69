import { asc, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingMessages } from '@paraaf/contract';
import { billableUsage, companies, creditLedger, signRequests } from '../../db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import {
  createCustomPlan,
  createDraftSignRequest,
  PLAN,
  registerCompanyOnPlan,
} from '../../../test/factories.ts';

/** The send rule of seed 001 §9 on each kind of plan (billing-design.md "Sending"). */
describe('POST /api/sign-requests/{id}/ready on a paid plan', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const ready = (token: string, id: number) =>
    t.request({ method: 'POST', url: `/api/sign-requests/${id}/ready`, token });
  const setCredits = (companyId: number, credits: number) =>
    t.db.update(companies).set({ credits }).where(eq(companies.id, companyId));
  const creditsOf = async (companyId: number) =>
    (await t.db.select().from(companies).where(eq(companies.id, companyId)))[0]!.credits;
  const stateOf = async (id: number) =>
    (await t.db.select().from(signRequests).where(eq(signRequests.id, id)))[0]!.stateId;
  const ledgerOf = (companyId: number) =>
    t.db
      .select({ amount: creditLedger.amount, balance: creditLedger.balanceAfter })
      .from(creditLedger)
      .where(eq(creditLedger.companyId, companyId))
      .orderBy(asc(creditLedger.id));
  const usageOf = (companyId: number) =>
    t.db
      .select({
        causeKey: billableUsage.causeKey,
        kind: billableUsage.kind,
        quantity: billableUsage.quantity,
        unitPriceCents: billableUsage.unitPriceCents,
        invoiceId: billableUsage.invoiceId,
      })
      .from(billableUsage)
      .where(eq(billableUsage.companyId, companyId))
      .orderBy(asc(billableUsage.id));

  /** A sign request's usage row, not invoiced yet: `quantity` × `unitPriceCents` of `kind`. */
  const unbilled = (
    requestId: number,
    kind: 'credits' | 'sms' | 'idin' | 'wallet',
    quantity: number,
    unitPriceCents: number,
  ) => ({
    causeKey: `sign-request:${requestId}:${kind}`,
    kind,
    quantity,
    unitPriceCents,
    invoiceId: null,
  });

  it('the free plan still answers 402 and records no usage', async () => {
    const admin = await registerCompany(t);
    const companyId = admin.user.company.id;
    await setCredits(companyId, 1);
    const { request } = await createDraftSignRequest(t, companyId, { signers: 2 });
    const res = await ready(admin.token, request.id);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ message: signingMessages.notEnoughCredits });
    expect(await stateOf(request.id)).toBe(1);
    expect(await creditsOf(companyId)).toBe(1);
    expect(await usageOf(companyId)).toEqual([]);
  });

  it('standard with 0 credits sends and writes the cost as usage at its price per credit', async () => {
    const admin = await registerCompanyOnPlan(t, PLAN.standard);
    const companyId = admin.user.company.id;
    await setCredits(companyId, 0);
    const before = (await ledgerOf(companyId)).length;
    const { request } = await createDraftSignRequest(t, companyId, { signers: 3 });
    expect((await ready(admin.token, request.id)).statusCode).toBe(200);
    expect(await stateOf(request.id)).toBe(3);
    expect(await creditsOf(companyId)).toBe(0);
    expect(await ledgerOf(companyId)).toHaveLength(before);
    // Standard: € 1 per credit excl. VAT.
    expect(await usageOf(companyId)).toEqual([unbilled(request.id, 'credits', 3, 100)]);
  });

  it('books what the balance covers and writes only the shortfall as usage', async () => {
    const admin = await registerCompanyOnPlan(t, PLAN.premium);
    const companyId = admin.user.company.id;
    await setCredits(companyId, 2);
    const { request } = await createDraftSignRequest(t, companyId, {
      // Premium: 1 credit per signer, +1 per SMS signer, +1 per iDIN signer: 4 in all.
      signers: [{ verifications: [2], phone: '+31612345678' }, { verifications: [4] }],
    });
    expect((await ready(admin.token, request.id)).statusCode).toBe(200);
    expect(await creditsOf(companyId)).toBe(0);
    expect((await ledgerOf(companyId)).at(-1)).toEqual({ amount: -2, balance: 0 });
    expect(await usageOf(companyId)).toEqual([unbilled(request.id, 'credits', 2, 80)]);
  });

  it('charges an EU-wallet signer like an iDIN signer: premium in credits, invoice in euros', async () => {
    const premium = await registerCompanyOnPlan(t, PLAN.premium);
    await setCredits(premium.user.company.id, 10);
    const first = await createDraftSignRequest(t, premium.user.company.id, {
      signers: [{ verifications: [7] }],
    });
    expect((await ready(premium.token, first.request.id)).statusCode).toBe(200);
    // Premium: 1 credit for the signer, 1 for the wallet check (migration 0045: iDIN's price).
    expect(await creditsOf(premium.user.company.id)).toBe(8);

    const invoice = await registerCompanyOnPlan(t, PLAN.invoice);
    await setCredits(invoice.user.company.id, 0);
    const second = await createDraftSignRequest(t, invoice.user.company.id, {
      signers: [{ verifications: [7] }],
    });
    expect((await ready(invoice.token, second.request.id)).statusCode).toBe(200);
    expect(await usageOf(invoice.user.company.id)).toEqual([
      unbilled(second.request.id, 'credits', 1, 100),
      unbilled(second.request.id, 'wallet', 1, 45),
    ]);
  });

  it('a balance that covers the cost is booked as before, no usage', async () => {
    const admin = await registerCompanyOnPlan(t, PLAN.standard);
    const companyId = admin.user.company.id;
    await setCredits(companyId, 50);
    const { request } = await createDraftSignRequest(t, companyId, { signers: 2 });
    expect((await ready(admin.token, request.id)).statusCode).toBe(200);
    expect(await creditsOf(companyId)).toBe(48);
    expect(await usageOf(companyId)).toEqual([]);
  });

  it('the invoice plan writes all of it as usage, with its SMS and iDIN euro prices', async () => {
    const admin = await registerCompanyOnPlan(t, PLAN.invoice);
    const companyId = admin.user.company.id;
    await setCredits(companyId, 0);
    const { request } = await createDraftSignRequest(t, companyId, {
      signers: [
        { verifications: [1] },
        { verifications: [2], phone: '+31612345678' },
        { verifications: [2, 4], phone: '+31612345679' },
      ],
    });
    expect((await ready(admin.token, request.id)).statusCode).toBe(200);
    expect(await creditsOf(companyId)).toBe(0);
    // Invoice plan (migration 0001): € 1 per credit, SMS € 0,15, iDIN € 0,45, no credit prices.
    expect(await usageOf(companyId)).toEqual([
      unbilled(request.id, 'credits', 3, 100),
      unbilled(request.id, 'sms', 2, 15),
      unbilled(request.id, 'idin', 1, 45),
    ]);
  });

  it('a custom plan with an SMS euro price bills the SMS signers, its credits from the balance', async () => {
    const plan = await createCustomPlan(t, {
      pricePerCreditCents: 90,
      smsCreditsPrice: 0,
      smsEurosPriceCents: 12,
    });
    const admin = await registerCompanyOnPlan(t, plan.id);
    const companyId = admin.user.company.id;
    await setCredits(companyId, 10);
    const { request } = await createDraftSignRequest(t, companyId, {
      signers: [
        { verifications: [2], phone: '+31612345678' },
        { verifications: [2], phone: '+31612345679' },
        { verifications: [1] },
      ],
    });
    expect((await ready(admin.token, request.id)).statusCode).toBe(200);
    expect(await creditsOf(companyId)).toBe(7);
    expect(await usageOf(companyId)).toEqual([unbilled(request.id, 'sms', 2, 12)]);
  });

  it('never takes the ledger below zero when many sends race for the last credits', async () => {
    const admin = await registerCompanyOnPlan(t, PLAN.standard);
    const companyId = admin.user.company.id;
    await setCredits(companyId, 5);
    const drafts = [];
    for (let i = 0; i < 8; i++) {
      drafts.push((await createDraftSignRequest(t, companyId, { signers: 1 })).request);
    }
    const results = await Promise.all(drafts.map((d) => ready(admin.token, d.id)));
    expect(results.map((r) => r.statusCode)).toEqual(drafts.map(() => 200));
    expect(await creditsOf(companyId)).toBe(0);
    const ledger = await ledgerOf(companyId);
    expect(ledger.every((row) => row.balance >= 0)).toBe(true);
    const [booked] = await t.db
      .select({ total: sum(creditLedger.amount) })
      .from(creditLedger)
      .where(eq(creditLedger.companyId, companyId));
    // Registration's 10, set to 5 outside the ledger: the sends booked exactly 5 of the 8.
    expect(ledger.filter((row) => row.amount < 0).map((row) => row.amount)).toEqual(
      Array.from({ length: 5 }, () => -1),
    );
    expect(Number(booked!.total)).toBe(10 - 5);
    const usage = await usageOf(companyId);
    expect(usage).toHaveLength(3);
    expect(usage.every((u) => u.kind === 'credits' && u.quantity === 1)).toBe(true);
  });

  it('a negative balance (a correction) is not taken further down', async () => {
    const admin = await registerCompanyOnPlan(t, PLAN.standard);
    const companyId = admin.user.company.id;
    await setCredits(companyId, -2);
    const { request } = await createDraftSignRequest(t, companyId, { signers: 1 });
    expect((await ready(admin.token, request.id)).statusCode).toBe(200);
    expect(await creditsOf(companyId)).toBe(-2);
    expect((await usageOf(companyId)).map((u) => u.quantity)).toEqual([1]);
  });
});
