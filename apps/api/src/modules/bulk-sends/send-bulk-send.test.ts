import { and, asc, count, eq, inArray, like, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bulkSendMessages,
  messages,
  signingMessages,
  type BulkSendDto,
  type Paginated,
  type BulkRowDto,
  type Session,
  type TemplateDto,
} from '@paraaf/contract';
import {
  bulkSendRows,
  companies,
  creditLedger,
  mails,
  paymentPlans,
  signers,
  signRequests,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { PLAN, registerCompanyOnPlan } from '../../../test/factories.ts';
import {
  bulkHeader,
  bulkRows,
  createBatch,
  createBulkTemplate,
  csvFile,
  getBatch,
  setCredits,
  waitForBatch,
  xlsxFile,
} from '../../../test/bulk-sends.ts';
import { ValidationError } from '../../lib/errors.ts';
import type { Queue } from '../../lib/queue/queue.ts';
import { createPaymentProvider } from '../../lib/payments/create-payment-provider.ts';
import { createStorage } from '../../lib/storage/create-storage.ts';
import { sendFromTemplate } from '../sign-requests/send-from-template.ts';
import { BULK_CHUNK_ROWS, bulkSendJob, type BulkSendDeps } from './bulk-send-job.ts';
import { releaseCause, reserveCause, returnCause } from './send-bulk-send.ts';

const creditsOf = async (t: TestApp, companyId: number) =>
  (await t.db.select().from(companies).where(eq(companies.id, companyId)))[0]!.credits;
/** The sum of the company's ledger rows whose cause is like `cause`. */
const ledgerSumOf = async (t: TestApp, companyId: number, cause: string) =>
  Number(
    (
      await t.db
        .select({ total: sum(creditLedger.amount) })
        .from(creditLedger)
        .where(and(eq(creditLedger.companyId, companyId), like(creditLedger.causeKey, cause)))
    )[0]!.total ?? 0,
  );

/** A batch sent through the real queue and worker (inline), on PGlite or PostgreSQL. */
describe('sending a bulk send', () => {
  let t: TestApp;
  let admin: Session;
  let template: TemplateDto;
  const companyId = () => admin.user.company.id;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerCompanyOnPlan(t, PLAN.standard);
    template = await createBulkTemplate(t, admin.token);
  });
  afterAll(() => t.close());

  const post = (url: string) => t.request({ method: 'POST', url, token: admin.token });
  const credits = () => creditsOf(t, companyId());
  const requestsOf = (batchId: number) =>
    t.db
      .select({ id: signRequests.id, row: signRequests.bulkSendRow, state: signRequests.stateId })
      .from(signRequests)
      .where(eq(signRequests.bulkSendId, batchId))
      .orderBy(asc(signRequests.bulkSendRow));
  const ledgerSum = (cause: string) => ledgerSumOf(t, companyId(), cause);
  /** Invitation mails per address of the batch's domain. */
  const invitations = async (domain: string) => {
    const rows = await t.db
      .select({ to: mails.to, n: count() })
      .from(mails)
      .where(like(mails.to, `%@${domain}`))
      .groupBy(mails.to);
    return new Map(rows.map((r) => [r.to, r.n]));
  };

  async function sendAndFinish(
    file: Parameters<typeof createBatch>[3],
    domain: string,
    rows: number,
  ) {
    await setCredits(t, companyId(), 1000);
    const batch = await createBatch(t, admin.token, template.id, file);
    const res = await post(`/api/bulk-sends/${batch.id}/send`);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ id: batch.id, state: 'sending' });
    const done = await waitForBatch(t, admin.token, batch.id, (b) => b.state === 'done');
    const requests = await requestsOf(batch.id);
    // Every valid row once: one request each, sent (state 3), one invitation each.
    expect(requests).toHaveLength(done.rows_sent);
    expect(requests.every((r) => r.state === 3)).toBe(true);
    const sentRows = new Set(requests.map((r) => r.row));
    expect(sentRows.size).toBe(requests.length);
    const mailed = await invitations(domain);
    expect(mailed.size).toBe(done.rows_sent);
    expect([...mailed.values()].every((n) => n === 1)).toBe(true);
    // Credits: the reservation, each row's release and its request's own charge, no return.
    expect(await ledgerSum(reserveCause(batch.id))).toBe(-batch.credits_cost);
    expect(await ledgerSum(`bulk-send:${batch.id}:row:%`)).toBe(done.rows_sent);
    const charges = await t.db
      .select({ total: sum(creditLedger.amount) })
      .from(creditLedger)
      .where(
        inArray(
          creditLedger.causeKey,
          requests.map((r) => `sign-request:${r.id}`),
        ),
      );
    expect(Number(charges[0]!.total)).toBe(-done.rows_sent);
    expect(await credits()).toBe(1000 - done.rows_sent);
    expect(done.rows_sent + done.rows_failed).toBe(rows);
    return { batch, done, requests };
  }

  it('sends a 200-row CSV: each row one request, one invitation and one credit', async () => {
    const { done } = await sendAndFinish(
      csvFile(bulkRows(200, 'csv.example.nl')),
      'csv.example.nl',
      200,
    );
    expect(done).toMatchObject({ rows_total: 200, rows_sent: 200, rows_failed: 0 });
    // The sender hears once that the batch is done.
    await t.smtp.waitForMail(admin.user.email, /Bulkverzending 'Arbeidsvoorwaarden' is klaar/);
  }, 300_000);

  it('sends rows that ask an SMS code: the signer gets it with the phone, the row pays its price', async () => {
    await setCredits(t, companyId(), 1000);
    const header = [...bulkHeader, 'signer1_phone', 'signer1_verificatie'];
    const rows = bulkRows(30, 'sms.example.nl').map((r, i) =>
      i % 3 === 0
        ? [...r, `+316100000${String(i).padStart(2, '0')}`, 'e-mailcode+sms-code']
        : [...r, '', ''],
    );
    const batch = await createBatch(t, admin.token, template.id, csvFile(rows, ';', header));
    // 30 signers, and the standard plan's 1 credit for each of the 10 SMS signers.
    expect(batch).toMatchObject({ rows_valid: 30, credits_cost: 40 });
    expect((await post(`/api/bulk-sends/${batch.id}/send`)).statusCode).toBe(202);
    const done = await waitForBatch(t, admin.token, batch.id, (b) => b.state === 'done');
    expect(done).toMatchObject({ rows_sent: 30, rows_failed: 0 });
    const sent = await t.db
      .select({
        row: signRequests.bulkSendRow,
        cost: signRequests.creditsCost,
        phone: signers.phone,
        verifications: signers.verifications,
      })
      .from(signRequests)
      .innerJoin(signers, eq(signers.signRequestId, signRequests.id))
      .where(eq(signRequests.bulkSendId, batch.id))
      .orderBy(asc(signRequests.bulkSendRow));
    expect(sent[0]).toEqual({ row: 1, cost: 2, phone: '+31610000000', verifications: [1, 2, 5] });
    expect(sent[1]).toEqual({ row: 2, cost: 1, phone: null, verifications: [1, 5] });
    expect(await ledgerSum(`bulk-send:${batch.id}:row:%`)).toBe(40);
    expect(await ledgerSum(releaseCause(batch.id, 1))).toBe(2);
    expect(await ledgerSum(returnCause(batch.id))).toBe(0);
    expect(await credits()).toBe(960);
  }, 300_000);

  it("sends rows that ask the EU wallet as the template's placeholder does, with its attributes and price", async () => {
    const premium = await registerCompanyOnPlan(t, PLAN.premium);
    await setCredits(t, premium.user.company.id, 100);
    const walletTemplate = await createBulkTemplate(t, premium.token);
    const saved = await t.request({
      method: 'PUT',
      url: `/api/templates/${walletTemplate.id}`,
      token: premium.token,
      payload: {
        name: walletTemplate.name,
        signer_routing: [
          {
            signer: 1,
            routing_order: 1,
            role: 'signer',
            verifications: [7],
            wallet_attributes: ['nationality'],
          },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const header = [...bulkHeader, 'signer1_verificatie'];
    const rows = bulkRows(2, 'wallet.example.nl').map((r, i) => [
      ...r,
      i === 0 ? '' : 'e-mailcode',
    ]);
    const batch = await createBatch(
      t,
      premium.token,
      walletTemplate.id,
      csvFile(rows, ';', header),
    );
    const [plan] = await t.db.select().from(paymentPlans).where(eq(paymentPlans.id, PLAN.premium));
    expect(plan!.walletCreditsPrice).toBeGreaterThan(0);
    expect(batch).toMatchObject({ rows_valid: 2, credits_cost: 2 + plan!.walletCreditsPrice });
    const sent = await t.request({
      method: 'POST',
      url: `/api/bulk-sends/${batch.id}/send`,
      token: premium.token,
    });
    expect(sent.statusCode).toBe(202);
    await waitForBatch(t, premium.token, batch.id, (b) => b.state === 'done');
    const made = await t.db
      .select({ verifications: signers.verifications, wallet: signers.walletAttributes })
      .from(signRequests)
      .innerJoin(signers, eq(signers.signRequestId, signRequests.id))
      .where(eq(signRequests.bulkSendId, batch.id))
      .orderBy(asc(signRequests.bulkSendRow));
    expect(made).toEqual([
      { verifications: [5, 7], wallet: ['name', 'nationality'] },
      { verifications: [1, 5], wallet: [] },
    ]);
  }, 300_000);

  it('sends a 200-row XLSX with a bad e-mail row: that row reported, not charged, not sent', async () => {
    const rows = bulkRows(200, 'xlsx.example.nl');
    rows[41]![2] = 'rij42-zonder-apenstaartje';
    const { batch, done, requests } = await sendAndFinish(
      await xlsxFile(rows),
      'xlsx.example.nl',
      200,
    );
    expect(batch).toMatchObject({ rows_valid: 199, credits_cost: 199 });
    expect(batch.errors).toEqual([{ row: 42, column: 'signer1_email', message: messages.email }]);
    expect(done).toMatchObject({ rows_sent: 199, rows_failed: 1 });
    expect(requests.map((r) => r.row)).not.toContain(42);
    const rowList = await t.request({
      method: 'GET',
      url: `/api/bulk-sends/${batch.id}/rows?page=5&limit=10`,
      token: admin.token,
    });
    expect(rowList.json<Paginated<BulkRowDto>>().data[1]).toEqual({
      row: 42,
      state: 'invalid',
      sign_request_id: null,
      error: messages.email,
    });
    // The requests of the batch link back to it and can be found in the list by it.
    const detail = await t.request({
      method: 'GET',
      url: `/api/sign-requests/${requests[0]!.id}`,
      token: admin.token,
    });
    expect(detail.json()).toMatchObject({ bulk_send_id: batch.id });
    const filters = JSON.stringify([{ field: 'bulk_send_id', value: batch.id }]);
    const list = await t.request({
      method: 'GET',
      url: `/api/sign-requests?filters=${encodeURIComponent(filters)}&limit=10`,
      token: admin.token,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 199 });
    const signer = await t.db
      .select({ email: signers.email })
      .from(signers)
      .where(eq(signers.signRequestId, requests[0]!.id));
    expect(signer[0]!.email).toBe('rij1@xlsx.example.nl');
  }, 300_000);

  it('refuses to send with too few credits: 402 saying how many are missing, nothing booked', async () => {
    await setCredits(t, companyId(), 3);
    const batch = await createBatch(
      t,
      admin.token,
      template.id,
      csvFile(bulkRows(5, 'arm.example.nl')),
    );
    const res = await post(`/api/bulk-sends/${batch.id}/send`);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ message: bulkSendMessages.notEnoughCredits(2) });
    expect(await credits()).toBe(3);
    expect((await getBatch(t, admin.token, batch.id)).state).toBe('previewed');
  });
});

/**
 * A batch whose job is run by hand (no worker): it crashes halfway, is cancelled, and runs again.
 * On PGlite or PostgreSQL.
 */
describe('a bulk send crashed and cancelled halfway', () => {
  let t: TestApp;
  let admin: Session;
  let template: TemplateDto;
  let deps: BulkSendDeps;
  const companyId = () => admin.user.company.id;

  beforeAll(async () => {
    t = await createTestApp({ worker: 'off' });
    admin = await registerCompanyOnPlan(t, PLAN.standard);
    template = await createBulkTemplate(t, admin.token);
    const queue = {
      enqueue: () => Promise.resolve(true),
      enqueueLater: () => Promise.resolve(),
      onStop: () => undefined,
      check: () => Promise.resolve(),
      stop: () => Promise.resolve(),
    } as unknown as Queue;
    deps = {
      config: t.config,
      db: t.db,
      queue,
      storage: createStorage(t.config),
      payments: createPaymentProvider(t.config),
      sendFromTemplate,
    };
  });
  afterAll(() => t.close());

  const post = (url: string) => t.request({ method: 'POST', url, token: admin.token });

  it('a crash undoes only the rows in hand; a cancel stops the rest and returns its credits', async () => {
    await setCredits(t, companyId(), 1000);
    const batch = await createBatch(
      t,
      admin.token,
      template.id,
      csvFile(bulkRows(200, 'stop.example.nl')),
    );
    expect((await post(`/api/bulk-sends/${batch.id}/send`)).statusCode).toBe(202);
    expect(await creditsOf(t, companyId())).toBe(800);
    // The worker dies while making the 40th request: the rows before it in its transaction
    // go back to pending with everything they made; those committed earlier stay sent.
    let made = 0;
    const crashing: BulkSendDeps = {
      ...deps,
      sendFromTemplate: (...args) => {
        made += 1;
        if (made === 40) throw new Error('worker killed');
        return sendFromTemplate(...args);
      },
    };
    await expect(bulkSendJob.handle(crashing, { bulkSendId: batch.id })).rejects.toThrow(
      'worker killed',
    );
    const halfway = await getBatch(t, admin.token, batch.id);
    expect(halfway).toMatchObject({ state: 'sending', rows_sent: BULK_CHUNK_ROWS });
    const res = await post(`/api/bulk-sends/${batch.id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json<BulkSendDto>()).toMatchObject({
      state: 'cancelled',
      rows_sent: BULK_CHUNK_ROWS,
    });
    // The job's retry finds the batch cancelled and sends nothing more.
    await bulkSendJob.handle(deps, { bulkSendId: batch.id });
    const after = await getBatch(t, admin.token, batch.id);
    expect(after).toMatchObject({ state: 'cancelled', rows_sent: BULK_CHUNK_ROWS });
    const requests = await t.db
      .select({ row: signRequests.bulkSendRow })
      .from(signRequests)
      .where(eq(signRequests.bulkSendId, batch.id))
      .orderBy(asc(signRequests.bulkSendRow));
    expect(requests.map((r) => r.row)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(await ledgerSumOf(t, companyId(), returnCause(batch.id))).toBe(175);
    expect(await ledgerSumOf(t, companyId(), releaseCause(batch.id, 1))).toBe(1);
    expect(await ledgerSumOf(t, companyId(), releaseCause(batch.id, 26))).toBe(0);
    expect(await creditsOf(t, companyId())).toBe(975);
    const mailed = await t.db
      .select({ n: count() })
      .from(mails)
      .where(like(mails.to, '%@stop.example.nl'));
    expect(mailed[0]!.n).toBe(25);
    expect((await post(`/api/bulk-sends/${batch.id}/cancel`)).statusCode).toBe(409);
  }, 300_000);

  it('a row the request rules refuse fails alone with the Dutch reason; the rest is sent once', async () => {
    await setCredits(t, companyId(), 1000);
    const batch = await createBatch(
      t,
      admin.token,
      template.id,
      csvFile(bulkRows(60, 'weiger.example.nl')),
    );
    expect((await post(`/api/bulk-sends/${batch.id}/send`)).statusCode).toBe(202);
    // Row 30's request is refused by its rules (as a passed expiry would be), each time it is made.
    const refusing: BulkSendDeps = {
      ...deps,
      sendFromTemplate: (ctx, tx, input) => {
        if (input.bulkSend.row === 30) {
          throw ValidationError.field('expires_at', signingMessages.expiresAfterNow);
        }
        return sendFromTemplate(ctx, tx, input);
      },
    };
    await bulkSendJob.handle(refusing, { bulkSendId: batch.id });
    const done = await getBatch(t, admin.token, batch.id);
    expect(done).toMatchObject({ state: 'done', rows_sent: 59, rows_failed: 1 });
    const rows = await t.db
      .select({ row: bulkSendRows.rowNumber, state: bulkSendRows.state, error: bulkSendRows.error })
      .from(bulkSendRows)
      .where(eq(bulkSendRows.bulkSendId, batch.id))
      .orderBy(asc(bulkSendRows.rowNumber));
    expect(rows[29]).toEqual({ row: 30, state: 'failed', error: signingMessages.expiresAfterNow });
    const requests = await t.db
      .select({ row: signRequests.bulkSendRow })
      .from(signRequests)
      .where(eq(signRequests.bulkSendId, batch.id));
    expect(requests).toHaveLength(59);
    expect(requests.map((r) => r.row)).not.toContain(30);
    expect(await ledgerSumOf(t, companyId(), releaseCause(batch.id, 30))).toBe(0);
    expect(await ledgerSumOf(t, companyId(), returnCause(batch.id))).toBe(1);
    expect(await creditsOf(t, companyId())).toBe(941);
    const mailed = await t.db
      .select({ n: count() })
      .from(mails)
      .where(like(mails.to, '%@weiger.example.nl'));
    expect(mailed[0]!.n).toBe(59);
  }, 300_000);
});
