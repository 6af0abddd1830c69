import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database.ts';
import { loadConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { companies, invoices, paymentPlans } from '../../db/schema/index.ts';
import { createInvoice } from './create-invoice.ts';
import { formatEuros, invoiceTotals } from './invoice-amounts.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

const seller = loadConfig({}).invoiceSeller;

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop());

let companySeq = 0;
async function company(values: Partial<typeof companies.$inferInsert> = {}) {
  const [plan] = await database.db.select().from(paymentPlans).limit(1);
  companySeq += 1;
  const [row] = await database.db
    .insert(companies)
    .values({ name: `Bedrijf ${companySeq}`, paymentPlanId: plan!.id, ...values })
    .returning();
  return row!;
}

const credits = (amount: number) => [{ description: 'Credits', valueCents: 35, amount }];

function create(companyId: number, causeKey: string, invoiceDate: string) {
  return database.db.transaction((tx) =>
    createInvoice(tx, {
      seller,
      companyId,
      causeKey,
      invoiceDate,
      type: 'automatic',
      state: 'paid',
      lines: credits(10),
    }),
  );
}

async function sequencesOf(year: number): Promise<number[]> {
  const rows = await database.db
    .select({ sequence: invoices.sequence })
    .from(invoices)
    .where(eq(invoices.year, year))
    .orderBy(invoices.sequence);
  return rows.map((r) => r.sequence);
}

describe('invoice amounts', () => {
  it('adds the lines in cents and rounds 21% VAT half-up on the total excl.', () => {
    expect(invoiceTotals(credits(50))).toEqual({
      totalExclCents: 1750,
      vatCents: 368, // 367,5
      totalInclCents: 2118,
    });
    expect(invoiceTotals([{ description: 'x', valueCents: 50, amount: 1 }]).vatCents).toBe(11); // 10,5
    expect(invoiceTotals([{ description: 'x', valueCents: 10, amount: 1 }]).vatCents).toBe(2); // 2,1
    expect(invoiceTotals([{ description: 'x', valueCents: 3, amount: 1 }]).vatCents).toBe(1); // 0,63
    expect(invoiceTotals([{ description: 'x', valueCents: 2, amount: 1 }]).vatCents).toBe(0); // 0,42
    // Rounded once on the total, not per line: 3 × 0,105 would give 0,33.
    expect(
      invoiceTotals([
        { description: 'a', valueCents: 50, amount: 1 },
        { description: 'b', valueCents: 50, amount: 1 },
        { description: 'c', valueCents: 50, amount: 1 },
      ]),
    ).toEqual({ totalExclCents: 150, vatCents: 32, totalInclCents: 182 }); // 31,5
    expect(
      invoiceTotals([
        { description: 'Standaard', valueCents: 2499, amount: 1 },
        { description: 'SMS', valueCents: 12, amount: 7 },
      ]),
    ).toEqual({ totalExclCents: 2583, vatCents: 542, totalInclCents: 3125 }); // 542,43
    expect(() => invoiceTotals([{ description: 'x', valueCents: 0.5, amount: 1 }])).toThrow();
  });

  it('writes euros with a decimal comma and thousands dots', () => {
    expect(formatEuros(123456)).toBe('€ 1.234,56');
    expect(formatEuros(5)).toBe('€ 0,05');
    expect(formatEuros(100000000)).toBe('€ 1.000.000,00');
    expect(formatEuros(-2118)).toBe('€ -21,18');
  });
});

describe('creating invoices', () => {
  it('numbers invoices gaplessly per year and gives a company one stable debtor number', async () => {
    const a = await company();
    const b = await company();
    const first = await create(a.id, 'test:numbers:1', '2030-03-01');
    const second = await create(b.id, 'test:numbers:2', '2030-12-31');
    const third = await create(a.id, 'test:numbers:3', '2030-06-15');
    const nextYear = await create(a.id, 'test:numbers:4', '2031-01-01');
    expect([first.invoiceNo, second.invoiceNo, third.invoiceNo]).toEqual([
      '2030-00001',
      '2030-00002',
      '2030-00003',
    ]);
    expect(nextYear).toMatchObject({ invoiceNo: '2031-00001', year: 2031, sequence: 1 });
    expect(third.debtorNo).toBe(first.debtorNo);
    expect(nextYear.debtorNo).toBe(first.debtorNo);
    expect(second.debtorNo).toBe(first.debtorNo + 1);
    const [stored] = await database.db.select().from(companies).where(eq(companies.id, a.id));
    expect(stored!.debtorNo).toBe(first.debtorNo);
    expect(first).toMatchObject({
      debtorName: a.name,
      state: 'paid',
      type: 'automatic',
      totalExclCents: 350,
      vatCents: 74, // 73,5
      totalInclCents: 424,
    });
    expect(first.paidAt).toBeInstanceOf(Date);
    expect(first.lines).toMatchObject([{ description: 'Credits', valueCents: 35, amount: 10 }]);
  });

  it('gives a rolled-back invoice number (and debtor number) out again: no gap', async () => {
    const a = await company();
    await create(a.id, 'test:rollback:1', '2032-01-10');
    const failed = await database.db
      .transaction(async (tx) => {
        const invoice = await createInvoice(tx, {
          seller,
          companyId: a.id,
          causeKey: 'test:rollback:2',
          invoiceDate: '2032-01-11',
          type: 'automatic',
          state: 'paid',
          lines: credits(1),
        });
        expect(invoice.invoiceNo).toBe('2032-00002');
        throw new Error('de betaling ging toch mis');
      })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    const fresh = await company();
    const failedDebtor = await database.db
      .transaction(async (tx) => {
        await createInvoice(tx, {
          seller,
          companyId: fresh.id,
          causeKey: 'test:rollback:3',
          invoiceDate: '2032-01-12',
          type: 'manual',
          state: 'open',
          lines: credits(1),
        });
        throw new Error('afgebroken');
      })
      .catch((e: unknown) => e);
    expect(failedDebtor).toBeInstanceOf(Error);
    const other = await company();
    const next = await create(other.id, 'test:rollback:4', '2032-01-13');
    expect(next.invoiceNo).toBe('2032-00002');
    const again = await create(fresh.id, 'test:rollback:5', '2032-01-14');
    expect(again.invoiceNo).toBe('2032-00003');
    expect(again.debtorNo).toBe(next.debtorNo + 1);
    expect(await sequencesOf(2032)).toEqual([1, 2, 3]);
  });

  it('invoices a cause once: the same cause again returns the first invoice', async () => {
    const a = await company();
    const first = await create(a.id, 'payment:tr_once', '2033-02-01');
    const second = await create(a.id, 'payment:tr_once', '2033-02-02');
    expect(second.id).toBe(first.id);
    expect(second.invoiceNo).toBe(first.invoiceNo);
    expect(second.lines).toEqual(first.lines);
    const after = await create(a.id, 'payment:tr_other', '2033-02-03');
    expect(after.sequence).toBe(first.sequence + 1);
    const count = await database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM invoices WHERE cause_key = 'payment:tr_once'`,
    );
    expect(count.rows[0]!.n).toBe(1);
  });

  it('refuses an unknown company with a 404 and takes no number', async () => {
    const error = await create(987654, 'test:nobody', '2034-01-01').catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 404 });
    const a = await company();
    expect((await create(a.id, 'test:somebody', '2034-01-02')).invoiceNo).toBe('2034-00001');
  });

  it('refuses a malformed date or an invoice without lines before taking a number', async () => {
    const a = await company();
    const bad = (invoiceDate: string, lines = credits(1)) =>
      database.db
        .transaction((tx) =>
          createInvoice(tx, {
            seller,
            companyId: a.id,
            causeKey: 'test:bad',
            invoiceDate,
            type: 'manual',
            state: 'open',
            lines,
          }),
        )
        .catch((e: unknown) => e);
    expect(await bad('24-11-2037')).toBeInstanceOf(Error);
    expect(await bad('2037-11-24', [])).toBeInstanceOf(Error);
    expect((await create(a.id, 'test:good', '2037-11-24')).invoiceNo).toBe('2037-00001');
  });

  it('keeps numbers gapless under 20 parallel creations, repeated causes and rollbacks', async () => {
    const buyers = await Promise.all([company(), company(), company(), company()]);
    // Causes 0–4 twice, side by side, so each pair runs at the same time on two connections: the
    // second must find the first's invoice, not bill again.
    const order = Array.from({ length: 20 }, (_, i) => (i < 5 ? [i, i] : [i])).flat();
    const runs = order.map((i) =>
      create(buyers[i % buyers.length]!.id, `test:parallel:${i}`, '2035-05-05'),
    );
    // And a few that roll back after taking a number.
    const rollbacks = Array.from({ length: 3 }, (_, i) =>
      database.db
        .transaction(async (tx) => {
          await createInvoice(tx, {
            seller,
            companyId: buyers[0].id,
            causeKey: `test:parallel:rollback:${i}`,
            invoiceDate: '2035-05-05',
            type: 'automatic',
            state: 'paid',
            lines: credits(1),
          });
          throw new Error('terug');
        })
        .catch(() => null),
    );
    const made = await Promise.all(runs);
    await Promise.all(rollbacks);
    const numbers = made.map((invoice) => invoice.invoiceNo);
    expect(new Set(numbers).size).toBe(20);
    expect(await sequencesOf(2035)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (let i = 0; i < 5; i++) expect(made[2 * i + 1]!.id).toBe(made[2 * i]!.id);
    const debtorNos = await database.db
      .select({ debtorNo: invoices.debtorNo, companyId: invoices.companyId })
      .from(invoices)
      .where(eq(invoices.year, 2035));
    for (const buyer of buyers) {
      const mine = new Set(
        debtorNos.filter((r) => r.companyId === buyer.id).map((r) => r.debtorNo),
      );
      expect(mine.size).toBe(1);
    }
    // Debtor numbers stay gapless too: every number up to the highest belongs to a company.
    const allDebtors = await database.db.execute<{ n: number; max: number }>(
      sql`SELECT count(debtor_no)::int AS n, max(debtor_no) AS max FROM companies`,
    );
    expect(allDebtors.rows[0]!.n).toBe(allDebtors.rows[0]!.max);
  });
});

describe('the invoice PDF', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-invoice-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  function textOf(bytes: Uint8Array): string {
    const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
    fs.writeFileSync(file, bytes);
    execFileSync('qpdf', ['--check', file]);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  }

  it('is a Dutch invoice whose text pdftotext reads: number, debtor, lines, 21% btw, totals, seller', async () => {
    const buyer = await company({
      name: 'Bakkerij Dvořák & Zonen',
      tnv: 'Mevr. J. de Vries',
      street: 'Dorpsstraat',
      housenumber: '12',
      housenumberAddition: 'bis',
      postal: '1234 AB',
      city: 'Zaandam',
    });
    const invoice = await database.db.transaction((tx) =>
      createInvoice(tx, {
        seller,
        companyId: buyer.id,
        causeKey: 'test:pdf:paid',
        invoiceDate: '2036-11-24',
        type: 'automatic',
        state: 'paid',
        lines: [
          { description: 'Credits', valueCents: 35, amount: 50 },
          { description: 'Abonnement Standaard', valueCents: 123456, amount: 1 },
        ],
      }),
    );
    // 1750 + 123456 = 125206 excl.; 21% = 26293,26 → 26293; incl. 151499.
    expect(invoice).toMatchObject({
      totalExclCents: 125206,
      vatCents: 26293,
      totalInclCents: 151499,
    });
    const text = textOf(await renderInvoicePdf(invoice));
    for (const expected of [
      'Factuur',
      'Factuurnummer',
      '2036-00001',
      'Factuurdatum',
      '24-11-2036',
      'Debiteurnummer',
      String(invoice.debtorNo),
      'Bakkerij Dvorák & Zonen',
      't.n.v. Mevr. J. de Vries',
      'Dorpsstraat 12 bis',
      '1234 AB Zaandam',
      'Omschrijving',
      'Aantal',
      'Prijs',
      'Bedrag',
      'Credits',
      '€ 0,35',
      '€ 17,50',
      'Abonnement Standaard',
      '€ 1.234,56',
      'Subtotaal excl. btw',
      '€ 1.252,06',
      'BTW 21%',
      '€ 262,93',
      'Totaal incl. btw',
      '€ 1.514,99',
      'Betaald',
      seller.name,
      `KvK ${seller.kvk}`,
      `IBAN ${seller.iban}`,
      `Btw-nummer ${seller.vatNumber}`,
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/Credits\s+50\s+€ 0,35\s+€ 17,50/);
  });

  it('asks for payment within the term on an open invoice, with the seller it was made with', async () => {
    const buyer = await company({ name: 'Open BV' });
    const custom = loadConfig({
      INVOICE_SELLER_NAME: 'Ondertekenaar B.V.',
      INVOICE_SELLER_KVK: '87654321',
      INVOICE_SELLER_IBAN: 'NL02 RABO 0123 4567 89',
    }).invoiceSeller;
    const invoice = await database.db.transaction((tx) =>
      createInvoice(tx, {
        seller: custom,
        companyId: buyer.id,
        causeKey: 'period:test:2036-10',
        invoiceDate: '2036-11-01',
        type: 'automatic',
        state: 'open',
        lines: [{ description: 'Credits oktober 2036', valueCents: 30, amount: 7 }],
      }),
    );
    const text = textOf(await renderInvoicePdf(invoice));
    expect(text).toContain('Openstaand');
    expect(text).toContain('binnen 14 dagen');
    expect(text).toContain('NL02 RABO 0123 4567 89');
    expect(text).toContain('KvK 87654321');
    expect(text).toContain('Ondertekenaar B.V.');
    expect(text).toContain('€ 2,10'); // 7 × 0,30
    expect(text).toContain('€ 0,44'); // 0,441
    expect(text).toContain('€ 2,54');
    expect(text).not.toContain('Betaald');
  });

  it('keeps the seller stored with the invoice: a later seller changes no issued invoice', async () => {
    const buyer = await company({ name: 'Oud Verkoper BV' });
    const before = loadConfig({ INVOICE_SELLER_NAME: 'Verkoper Van Toen B.V.' }).invoiceSeller;
    const made = await database.db.transaction((tx) =>
      createInvoice(tx, {
        seller: before,
        companyId: buyer.id,
        causeKey: 'test:pdf:seller-then',
        invoiceDate: '2036-12-01',
        type: 'automatic',
        state: 'paid',
        lines: credits(3),
      }),
    );
    // The repeat of the cause, made after the settings changed, is the first invoice unchanged.
    const after = loadConfig({ INVOICE_SELLER_NAME: 'Verkoper Van Nu B.V.' }).invoiceSeller;
    const again = await database.db.transaction((tx) =>
      createInvoice(tx, {
        seller: after,
        companyId: buyer.id,
        causeKey: 'test:pdf:seller-then',
        type: 'automatic',
        state: 'paid',
        lines: credits(3),
      }),
    );
    expect(again.id).toBe(made.id);
    expect(again.seller).toEqual(before);
    const text = textOf(await renderInvoicePdf(again));
    expect(text).toContain('Verkoper Van Toen B.V.');
    expect(text).not.toContain('Verkoper Van Nu B.V.');
  });
});
