import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatCents,
  inputMessages,
  invoiceMessages,
  messages,
  moneyMessages,
  type AddCreditsWithInvoiceAnswer,
  type AdminInvoice,
  type Invoice,
  type Paginated,
  type Session,
} from '@paraaf/contract';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { PASSWORD, createMember, errorsOf, login, uniqueEmail } from '../../../test/factories.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { companies, creditLedger, invoices, mails } from '../../db/schema/index.ts';
import { ensurePlatformAdmin } from '../admin/admin.service.ts';
import { createInvoice } from './create-invoice.ts';
import { pdftotext } from '../../../test/pades.ts';

let t: TestApp;
let admin: Session;
let other: Session;
let member: Session;
let platform: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t, { company: 'Drukkerij Letterzetter' });
  other = await registerCompany(t, { company: 'Zeilmakerij Windkracht' });
  member = await createMember(t, admin.user.company.id, 'user');
  const email = uniqueEmail('platform');
  await ensurePlatformAdmin(t.db, { email, password: PASSWORD, name: 'Platform Beheer' });
  platform = await login(t, email);
}, 120_000);
afterAll(() => t.close());

let causeSeq = 0;
async function invoice(
  companyId: number,
  options: { type?: 'manual' | 'automatic'; state?: 'open' | 'paid'; cents?: number } = {},
) {
  causeSeq += 1;
  return t.db.transaction((tx) =>
    createInvoice(tx, {
      seller: t.config.invoiceSeller,
      companyId,
      causeKey: `test:routes:${causeSeq}`,
      type: options.type ?? 'automatic',
      state: options.state ?? 'paid',
      invoiceDate: '2026-11-24',
      lines: [
        { description: 'Credits', valueCents: options.cents ?? 80, amount: 10 },
        { description: 'SMS-verificaties', valueCents: 25, amount: 3 },
      ],
    }),
  );
}

const get = (url: string, token?: string) => t.request({ method: 'GET', url, token });

describe('GET /api/invoices', () => {
  let ids: number[];
  let othersId: number;
  beforeAll(async () => {
    ids = [];
    for (let i = 0; i < 12; i++) ids.push((await invoice(admin.user.company.id)).id);
    othersId = (await invoice(other.user.company.id)).id;
  });

  it('pages the company’s own invoices, newest first, ten a page', async () => {
    const first = await get('/api/invoices', admin.token);
    expect(first.statusCode).toBe(200);
    const page1 = first.json<Paginated<Invoice>>();
    expect(page1).toMatchObject({ total: 12, per_page: 10, current_page: 1, last_page: 2 });
    expect(page1.data.map((i) => i.id)).toEqual([...ids].reverse().slice(0, 10));
    const page2 = (await get('/api/invoices?page=2', admin.token)).json<Paginated<Invoice>>();
    expect(page2.data.map((i) => i.id)).toEqual([ids[1], ids[0]]);
    const asc = (await get('/api/invoices?order=id,asc&limit=3', admin.token)).json<
      Paginated<Invoice>
    >();
    expect(asc.data.map((i) => i.id)).toEqual(ids.slice(0, 3));
    expect(page1.data.map((i) => i.id)).not.toContain(othersId);
    expect(page1.data[0]).toMatchObject({
      invoice_date: '2026-11-24',
      debtor_name: 'Drukkerij Letterzetter',
      state: 'paid',
      type: 'automatic',
      total_excl: 8.75, // 10 × 0,80 + 3 × 0,25
      vat: 1.84, // 1,8375
      total_incl: 10.59,
      company: { id: admin.user.company.id, name: 'Drukkerij Letterzetter' },
    });
    expect(page1.data[0]!.invoice_lines).toMatchObject([
      { description: 'Credits', value: 0.8, amount: 10 },
      { description: 'SMS-verificaties', value: 0.25, amount: 3 },
    ]);
    expect(page1.data[0]!.invoice_no).toMatch(/^2026-\d{5}$/);
  });

  it('answers an empty page for a company without invoices', async () => {
    const fresh = await registerCompany(t);
    const res = (await get('/api/invoices', fresh.token)).json<Paginated<Invoice>>();
    expect(res).toMatchObject({ data: [], total: 0, last_page: 1 });
  });

  it('refuses without a session (401), without getInvoices (403), a bad page (422)', async () => {
    expect((await get('/api/invoices')).statusCode).toBe(401);
    expect((await get('/api/invoices', member.token)).statusCode).toBe(403);
    for (const query of ['page=0', 'page=abc', 'limit=0', 'order=name,asc', 'page=1.5']) {
      const res = await get(`/api/invoices?${query}`, admin.token);
      expect(res.statusCode, query).toBe(422);
      expect(res.json<{ message: string }>().message).toBe(messages.invalidInput);
    }
    expect(errorsOf(await get('/api/invoices?page=0', admin.token))).toEqual({
      page: [messages.min],
    });
  });

  it('downloads an own invoice as PDF, by header or ?token=; another company’s is a 404', async () => {
    const id = ids[0]!;
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, id));
    const res = await get(`/api/invoices/${id}/download`, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`invoice ${row!.invoiceNo}.pdf`);
    const text = pdftotext(res.rawPayload);
    expect(text).toContain(row!.invoiceNo);
    expect(text).toContain('Drukkerij Letterzetter');
    expect(text).toContain('€ 10,59');
    const byQuery = await get(`/api/invoices/${id}/download?token=${admin.token}`);
    expect(byQuery.statusCode).toBe(200);
    expect(byQuery.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(`/api/invoices/${othersId}/download`, admin.token)).statusCode).toBe(404);
    expect((await get(`/api/invoices/987654/download`, admin.token)).statusCode).toBe(404);
    expect((await get(`/api/invoices/${id}/download`)).statusCode).toBe(401);
    expect((await get(`/api/invoices/${id}/download`, member.token)).statusCode).toBe(403);
    // The token in the query is for downloads only.
    expect((await get(`/api/invoices?token=${admin.token}`)).statusCode).toBe(401);
  });
});

describe('the seller on an issued invoice', () => {
  it('stays as it was when the invoice was made, after the INVOICE_SELLER_* settings change', async () => {
    const addCredits = (app: { inject: TestApp['request'] }, description: string) =>
      app.inject({
        method: 'POST',
        url: `/api/companies/${admin.user.company.id}/add-credits-with-invoice`,
        token: platform.token,
        payload: {
          total_credits: 4,
          price_per_credit: 1,
          email: 'verkoper@letterzetter.nl',
          name: 'Vera',
          description,
        },
      });
    const made = await addCredits(
      { inject: (o) => t.request(o) },
      'Credits onder de oude verkoper',
    );
    expect(made.statusCode, made.body).toBe(201);
    const oldId = made.json<AddCreditsWithInvoiceAnswer>().invoice.id;

    // The same database, served by an app started with other seller settings.
    const renamed = await buildApp(
      {
        ...t.config,
        worker: 'off',
        invoiceSeller: loadConfig({
          INVOICE_SELLER_NAME: 'Paraaf Nieuw B.V.',
          INVOICE_SELLER_IBAN: 'NL02 RABO 0123 4567 89',
          INVOICE_SELLER_KVK: '87654321',
        }).invoiceSeller,
      },
      { database: t.database },
    );
    try {
      const inject: TestApp['request'] = ({ token, ...options }) =>
        renamed.inject({
          ...options,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}) },
        });
      const pdfOf = async (id: number, token: string, prefix = '/api/invoices') => {
        const res = await inject({ method: 'GET', url: `${prefix}/${id}/download`, token });
        expect(res.statusCode, res.body).toBe(200);
        return pdftotext(res.rawPayload);
      };
      for (const text of [
        await pdfOf(oldId, admin.token),
        await pdfOf(oldId, platform.token, '/api/all-invoices'),
      ]) {
        expect(text).toContain('Paraaf B.V.');
        expect(text).toContain('NL91 ABNA 0417 1643 00');
        expect(text).toContain('KvK 12345678');
        expect(text).not.toContain('Paraaf Nieuw B.V.');
        expect(text).not.toContain('NL02 RABO');
      }
      // An invoice made now carries the new seller.
      const fresh = await addCredits({ inject }, 'Credits onder de nieuwe verkoper');
      expect(fresh.statusCode, fresh.body).toBe(201);
      const text = await pdfOf(fresh.json<AddCreditsWithInvoiceAnswer>().invoice.id, admin.token);
      expect(text).toContain('Paraaf Nieuw B.V.');
      expect(text).toContain('NL02 RABO 0123 4567 89');
      expect(text).toContain('KvK 87654321');
    } finally {
      await renamed.close();
    }
  });
});

describe('the back office’s invoices', () => {
  let manualOpen: number;
  let automaticPaid: number;
  let debtorNo: number;
  beforeAll(async () => {
    const a = await invoice(other.user.company.id, { type: 'manual', state: 'open', cents: 100 });
    manualOpen = a.id;
    debtorNo = a.debtorNo;
    automaticPaid = (await invoice(other.user.company.id)).id;
  });

  const all = async (query = '') =>
    (await get(`/api/all-invoices${query}`, platform.token)).json<Paginated<AdminInvoice>>();
  const filters = (list: object[]) => `filters=${encodeURIComponent(JSON.stringify(list))}`;

  it('lists every company’s invoices with the first company user', async () => {
    const page = await all();
    expect(page.per_page).toBe(10);
    expect(page.total).toBeGreaterThanOrEqual(15);
    const ids = page.data.map((i) => i.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    const card = page.data.find((i) => i.id === manualOpen);
    expect(card).toMatchObject({
      type: 'manual',
      state: 'open',
      debtor_no: debtorNo,
      debtor_name: 'Zeilmakerij Windkracht',
      first_user: { name: other.user.name, email: other.user.email },
    });
  });

  it('filters on state and type and searches debtor number or name', async () => {
    const open = await all(`?${filters([{ field: 'state', eq: 'open' }])}`);
    expect(open.data.every((i) => i.state === 'open')).toBe(true);
    expect(open.data.map((i) => i.id)).toContain(manualOpen);
    const manualPaid = await all(
      `?${filters([
        { field: 'type', eq: 'manual' },
        { field: 'state', eq: 'paid' },
      ])}`,
    );
    expect(manualPaid.data.every((i) => i.type === 'manual' && i.state === 'paid')).toBe(true);
    const byNo = await all(`?search=${debtorNo}`);
    expect(byNo.data.every((i) => i.debtor_no === debtorNo)).toBe(true);
    expect(byNo.data.map((i) => i.id)).toEqual(expect.arrayContaining([manualOpen, automaticPaid]));
    const byName = await all(`?search=${encodeURIComponent('windKRACHT')}`);
    expect(byName.total).toBeGreaterThanOrEqual(3);
    expect(byName.data.every((i) => i.debtor_name === 'Zeilmakerij Windkracht')).toBe(true);
    expect((await all('?search=%25')).total).toBe(0); // a LIKE wildcard is a plain character
  });

  it('refuses malformed filters with a 422 on filters', async () => {
    for (const bad of [
      'filters=nojson',
      filters([{ field: 'state', eq: 'betaald' }]),
      filters([{ field: 'debtor_name', eq: 'x' }]),
      filters({ field: 'state', eq: 'open' } as unknown as object[]),
    ]) {
      const res = await get(`/api/all-invoices?${bad}`, platform.token);
      expect(res.statusCode, bad).toBe(422);
      expect(Object.keys(errorsOf(res))[0], bad).toMatch(/^filters/);
    }
  });

  it('lets only a platform admin in: 401 without session, 403 for a company admin', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/all-invoices' },
      { method: 'GET' as const, url: `/api/all-invoices/${manualOpen}/download` },
      {
        method: 'POST' as const,
        url: `/api/all-invoices/${manualOpen}`,
        payload: { state: 'paid' },
      },
      {
        method: 'POST' as const,
        url: `/api/companies/${admin.user.company.id}/add-credits-with-invoice`,
        payload: {
          total_credits: 5,
          price_per_credit: 1,
          email: 'x@voorbeeld.nl',
          name: 'X',
          description: 'Credits',
        },
      },
    ];
    for (const call of calls) {
      expect((await t.request(call)).statusCode, call.url).toBe(401);
      expect((await t.request({ ...call, token: admin.token })).statusCode, call.url).toBe(403);
    }
  });

  it('changes the state of a manual invoice only', async () => {
    const post = (id: number, payload: object) =>
      t.request({ method: 'POST', url: `/api/all-invoices/${id}`, token: platform.token, payload });
    const paid = await post(manualOpen, { state: 'paid' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json<AdminInvoice>()).toMatchObject({ id: manualOpen, state: 'paid' });
    let [row] = await t.db.select().from(invoices).where(eq(invoices.id, manualOpen));
    expect(row!.paidAt).toBeInstanceOf(Date);
    expect((await post(manualOpen, { state: 'open' })).json<AdminInvoice>().state).toBe('open');
    [row] = await t.db.select().from(invoices).where(eq(invoices.id, manualOpen));
    expect(row!.paidAt).toBeNull();

    const automatic = await post(automaticPaid, { state: 'open' });
    expect(automatic.statusCode).toBe(422);
    expect(errorsOf(automatic)).toEqual({ state: [invoiceMessages.onlyManual] });
    [row] = await t.db.select().from(invoices).where(eq(invoices.id, automaticPaid));
    expect(row!.state).toBe('paid');

    expect(errorsOf(await post(manualOpen, {}))).toEqual({ state: [messages.required] });
    expect((await post(manualOpen, { state: 'betaald' })).statusCode).toBe(422);
    expect((await post(987654, { state: 'paid' })).statusCode).toBe(404);
  });

  it('downloads any invoice for a platform admin; an unknown one is a 404', async () => {
    const res = await get(`/api/all-invoices/${automaticPaid}/download?token=${platform.token}`);
    expect(res.statusCode).toBe(200);
    expect(pdftotext(res.rawPayload)).toContain('Zeilmakerij Windkracht');
    expect((await get('/api/all-invoices/987654/download', platform.token)).statusCode).toBe(404);
  });
});

describe('POST /api/companies/{id}/add-credits-with-invoice', () => {
  const url = (id: number) => `/api/companies/${id}/add-credits-with-invoice`;
  const body = {
    total_credits: 150,
    price_per_credit: '0,75',
    email: 'boekhouding@windkracht.nl',
    name: 'Karin Zeil',
    description: 'Credits najaar',
  };
  const creditsOf = async (id: number) =>
    (await t.db.select().from(companies).where(eq(companies.id, id)))[0]!.credits;

  it('books the credits, makes an open manual invoice and mails its PDF', async () => {
    const companyId = other.user.company.id;
    const before = await creditsOf(companyId);
    const res = await t.request({
      method: 'POST',
      url: url(companyId),
      token: platform.token,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<AddCreditsWithInvoiceAnswer>();
    expect(answer.message).toBe('Credits toegevoegd en factuur opgestuurd');
    expect(answer.credits).toBe(before + 150);
    expect(await creditsOf(companyId)).toBe(before + 150);
    expect(answer.invoice).toMatchObject({
      type: 'manual',
      state: 'open',
      total_excl: 112.5,
      vat: 23.63, // 23,625
      total_incl: 136.13,
      invoice_lines: [{ description: 'Credits najaar', value: 0.75, amount: 150 }],
      company: { id: companyId },
    });
    const mail = await t.smtp.waitForMail('boekhouding@windkracht.nl', /^Factuur /);
    expect(mail.subject).toBe(`Factuur ${answer.invoice.invoice_no} van Paraaf B.V.`);
    expect(mail.text).toContain('Beste Karin Zeil,');
    expect(mail.text).toContain('€ 136,13');
    expect(mail.attachments[0]!.filename).toBe(`invoice ${answer.invoice.invoice_no}.pdf`);
    expect(pdftotext(mail.attachments[0]!.content)).toContain('Credits najaar');
  });

  it('books once for parallel calls with the same Idempotency-Key', async () => {
    const fresh = await registerCompany(t);
    const companyId = fresh.user.company.id;
    const before = await creditsOf(companyId);
    const key = `dubbelklik-${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.request({
          method: 'POST',
          url: url(companyId),
          token: platform.token,
          headers: { 'idempotency-key': key },
          payload: { ...body, email: 'dubbel@voorbeeld.nl' },
        }),
      ),
    );
    // The generic Idempotency-Key (lib/idempotency.ts): the first runs, the others get its
    // answer replayed or, while it still runs, 409.
    const statuses = answers.map((r) => r.statusCode);
    expect(
      statuses.filter((s) => s !== 409).every((s) => s === 201),
      statuses.join(),
    ).toBe(true);
    const done = answers.filter((r) => r.statusCode === 201);
    expect(new Set(done.map((r) => r.json<AddCreditsWithInvoiceAnswer>().invoice.id)).size).toBe(1);
    const retry = await t.request({
      method: 'POST',
      url: url(companyId),
      token: platform.token,
      headers: { 'idempotency-key': key },
      payload: { ...body, email: 'dubbel@voorbeeld.nl' },
    });
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toBe(done[0]!.body);
    expect(await creditsOf(companyId)).toBe(before + 150);
    const ledger = await t.db
      .select()
      .from(creditLedger)
      .where(like(creditLedger.causeKey, `admin-credits:${companyId}:%`));
    expect(ledger).toHaveLength(1);
    const queued = await t.db.select().from(mails).where(eq(mails.to, 'dubbel@voorbeeld.nl'));
    expect(queued).toHaveLength(1);
    // Without the header every call is its own.
    await t.request({ method: 'POST', url: url(companyId), token: platform.token, payload: body });
    expect(await creditsOf(companyId)).toBe(before + 300);
  });

  it('answers 404 for an unknown company and 422 in Dutch for bad fields', async () => {
    const post = (id: number, payload: object, headers: Record<string, string> = {}) =>
      t.request({ method: 'POST', url: url(id), token: platform.token, payload, headers });
    expect((await post(987654, body)).statusCode).toBe(404);
    const bad = await post(other.user.company.id, {
      total_credits: 0,
      price_per_credit: '0,755',
      email: 'geen-adres',
      name: ' ',
      description: '',
    });
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad)).toEqual({
      total_credits: [messages.min],
      price_per_credit: [inputMessages.cents],
      email: [messages.email],
      name: [messages.required],
      description: [messages.required],
    });
    expect(errorsOf(await post(other.user.company.id, {}))).toMatchObject({
      total_credits: [messages.required],
      price_per_credit: [messages.required],
    });
    const badKey = await post(other.user.company.id, body, { 'idempotency-key': 'met spatie' });
    expect(badKey.statusCode).toBe(422);
  });

  it('refuses a price per credit outside € 0,01 … € 1.000,00 with a Dutch 422 on the field', async () => {
    const post = (price_per_credit: unknown) =>
      t.request({
        method: 'POST',
        url: url(other.user.company.id),
        token: platform.token,
        payload: { ...body, price_per_credit },
      });
    const cases: [unknown, string][] = [
      [0, moneyMessages.tooLow(formatCents(1))],
      ['0,00', moneyMessages.tooLow(formatCents(1))],
      [1000.01, moneyMessages.tooHigh(formatCents(1_000_00))],
      ['2.722,50', moneyMessages.tooHigh(formatCents(1_000_00))],
      ['1,234', moneyMessages.decimals],
      ['9O', moneyMessages.invalid],
    ];
    const before = await creditsOf(other.user.company.id);
    for (const [price, message] of cases) {
      const res = await post(price);
      expect(res.statusCode, String(price)).toBe(422);
      expect(res.json<{ message: string }>().message).toBe(messages.invalidInput);
      expect(errorsOf(res), String(price)).toEqual({ price_per_credit: [message] });
    }
    expect(await creditsOf(other.user.company.id)).toBe(before);
    // A pasted '0.9' is 90 cents a credit, not 9 euros.
    const ok = await post('0.9');
    expect(ok.statusCode).toBe(201);
    const { invoice } = ok.json<{
      invoice: { invoice_lines: { value: number; amount: number }[] };
    }>();
    expect(invoice.invoice_lines).toMatchObject([{ value: 0.9, amount: 150 }]);
  });

  it('refuses half a surrogate pair in a text field with a Dutch 422 and books nothing', async () => {
    const companyId = other.user.company.id;
    const before = await creditsOf(companyId);
    // As JSON carries it: "\ud800", a lone high surrogate, and a lone low one.
    const payload = JSON.stringify({ ...body, name: '\ud800', description: 'a\udc00b' });
    expect(payload).toContain('"\\ud800"');
    const res = await t.request({
      method: 'POST',
      url: url(companyId),
      token: platform.token,
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorsOf(res)).toEqual({
      name: [inputMessages.loneSurrogate],
      description: [inputMessages.loneSurrogate],
    });
    expect(await creditsOf(companyId)).toBe(before);
    // A whole pair (an emoji) is text like any other.
    const emoji = await t.request({
      method: 'POST',
      url: url(companyId),
      token: platform.token,
      payload: { ...body, name: 'Karin \ud83d\ude00' },
    });
    expect(emoji.statusCode, emoji.body).toBe(201);
  });
});
