import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@paraaf/contract';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { companies, invoices, mails } from '../../db/schema/index.ts';
import { startQueue, type Queue } from '../../lib/queue/queue.ts';
import { jobNames } from '../../jobs/workers.ts';
import { createInvoice } from './create-invoice.ts';
import { queueInvoiceMail } from './invoice-mail.ts';
import { pdftotext } from '../../../test/pades.ts';

describe('the invoice mail', () => {
  let t: TestApp;
  /** Enqueues as a caller in the process would (the app's own Queue is not exposed). */
  let queue: Queue;
  let session: Session;
  beforeAll(async () => {
    t = await createTestApp();
    queue = await startQueue(t.database, jobNames, { pollSeconds: 1, onError: () => undefined });
    session = await registerCompany(t, { company: 'Bakkerij De Korenschoof' });
  });
  afterAll(async () => {
    await queue.stop();
    await t.close();
  });

  async function invoiceAndMail(
    causeKey: string,
    state: 'open' | 'paid',
    to: string,
    name: string,
  ): Promise<number> {
    return t.db.transaction(async (tx) => {
      const invoice = await createInvoice(tx, {
        seller: t.config.invoiceSeller,
        companyId: session.user.company.id,
        causeKey,
        type: state === 'paid' ? 'automatic' : 'manual',
        state,
        invoiceDate: '2026-11-24',
        lines: [{ description: 'Credits', valueCents: 100, amount: 25 }],
      });
      await queueInvoiceMail(tx, queue, { invoiceId: invoice.id, to, name });
      return invoice.id;
    });
  }

  it('mails a paid invoice with its PDF rendered at send time', async () => {
    const id = await invoiceAndMail(
      'test:mail:paid',
      'paid',
      'betaald@voorbeeld.nl',
      'Anna de Vries',
    );
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.id, id));
    const no = invoice!.invoiceNo;
    const mail = await t.smtp.waitForMail('betaald@voorbeeld.nl', /^Factuur /);
    expect(mail.subject).toBe(`Factuur ${no} van Paraaf B.V.`);
    expect(mail.from).toContain('Paraaf B.V.');
    expect(mail.replyTo).toBe('facturen@paraaf.nl');
    expect(mail.text).toContain('Beste Anna de Vries,');
    expect(mail.text).toContain('Totaal: € 30,25 inclusief btw.'); // 25 × € 1 + 21%
    expect(mail.text).toContain('al betaald');
    expect(mail.text).not.toContain('te betalen binnen');
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`invoice ${no}.pdf`, 'application/pdf'],
    ]);
    const text = pdftotext(mail.attachments[0]!.content);
    expect(text).toContain(no);
    expect(text).toContain('Bakkerij De Korenschoof');
    expect(text).toContain('€ 30,25');
    expect(text).toContain('Betaald');
    // No file was stored for it: the mail row names the invoice, not a storage key.
    const [row] = await t.db.select().from(mails).where(eq(mails.to, 'betaald@voorbeeld.nl'));
    expect(row!.attachments).toEqual([
      { kind: 'invoice', invoiceId: id, filename: `invoice ${no}.pdf` },
    ]);
  });

  it('asks for payment within 14 days for an open invoice', async () => {
    await invoiceAndMail('test:mail:open', 'open', 'open@voorbeeld.nl', 'Bram Jansen');
    const mail = await t.smtp.waitForMail('open@voorbeeld.nl', /^Factuur /);
    expect(mail.text).toContain('Beste Bram Jansen,');
    expect(mail.text).toContain('te betalen binnen 14 dagen');
    expect(mail.text).toContain('NL91 ABNA 0417 1643 00');
    expect(mail.text).not.toContain('al betaald');
    expect(pdftotext(mail.attachments[0]!.content)).toContain('Openstaand');
  });

  it('says paid or open as the invoice is when the mail leaves, as its PDF does', async () => {
    // Queued while open; paid before the send-mail job takes it (the job runs after commit).
    const id = await t.db.transaction(async (tx) => {
      const invoice = await createInvoice(tx, {
        seller: t.config.invoiceSeller,
        companyId: session.user.company.id,
        causeKey: 'test:mail:paid-before-sending',
        type: 'manual',
        state: 'open',
        lines: [{ description: 'Credits', valueCents: 100, amount: 5 }],
      });
      await queueInvoiceMail(tx, queue, {
        invoiceId: invoice.id,
        to: 'later-betaald@voorbeeld.nl',
        name: 'Lotte',
      });
      await tx
        .update(invoices)
        .set({ state: 'paid', paidAt: new Date() })
        .where(eq(invoices.id, invoice.id));
      return invoice.id;
    });
    const mail = await t.smtp.waitForMail('later-betaald@voorbeeld.nl', /^Factuur /);
    expect(mail.text).toContain('al betaald');
    expect(mail.text).not.toContain('te betalen binnen');
    expect(mail.html).toContain('al betaald');
    expect(pdftotext(mail.attachments[0]!.content)).toContain('Betaald');
    const [row] = await t.db.select().from(mails).where(eq(mails.to, 'later-betaald@voorbeeld.nl'));
    expect(row!.bodySource).toEqual({ kind: 'invoice', invoiceId: id, name: 'Lotte' });
  });

  it('comes from the seller stored with the invoice, not the one configured now', async () => {
    await t.db.transaction(async (tx) => {
      const invoice = await createInvoice(tx, {
        seller: {
          ...t.config.invoiceSeller,
          name: 'Vroeger B.V.',
          email: 'vroeger@voorbeeld.nl',
          iban: 'NL02 RABO 0123 4567 89',
        },
        companyId: session.user.company.id,
        causeKey: 'test:mail:stored-seller',
        type: 'manual',
        state: 'open',
        lines: [{ description: 'Credits', valueCents: 100, amount: 2 }],
      });
      await queueInvoiceMail(tx, queue, {
        invoiceId: invoice.id,
        to: 'vroeger@klant.nl',
        name: 'Sem',
      });
    });
    const mail = await t.smtp.waitForMail('vroeger@klant.nl', /^Factuur /);
    expect(mail.subject).toMatch(/ van Vroeger B\.V\.$/);
    expect(mail.from).toContain('Vroeger B.V.');
    expect(mail.replyTo).toBe('vroeger@voorbeeld.nl');
    expect(mail.text).toContain('NL02 RABO 0123 4567 89 t.n.v. Vroeger B.V.');
    const pdf = pdftotext(mail.attachments[0]!.content);
    expect(pdf).toContain('Vroeger B.V.');
    expect(pdf).not.toContain('Paraaf B.V.');
  });

  it('escapes the name in the HTML', async () => {
    await invoiceAndMail('test:mail:html', 'open', 'html@voorbeeld.nl', '<b>Cor</b>');
    const mail = await t.smtp.waitForMail('html@voorbeeld.nl', /^Factuur /);
    expect(mail.html).toContain('Beste &lt;b&gt;Cor&lt;/b&gt;,');
    expect(mail.html).not.toContain('<b>Cor</b>');
  });

  it('says a month plan’s open invoice is collected from the mandate, not transferred', async () => {
    const monthly = await registerCompany(t, { company: 'Kapsalon Machtiging' });
    await t.db
      .update(companies)
      .set({ paymentPlanId: 2, paymentCustomerId: 'cst_test', paymentMandateId: 'mdt_test' })
      .where(eq(companies.id, monthly.user.company.id));
    const mail = async (type: 'automatic' | 'manual', to: string) => {
      await t.db.transaction(async (tx) => {
        const invoice = await createInvoice(tx, {
          seller: t.config.invoiceSeller,
          companyId: monthly.user.company.id,
          causeKey: `test:mail:mandate:${type}`,
          type,
          state: 'open',
          lines: [{ description: 'Abonnement Standaard', valueCents: 4900, amount: 1 }],
        });
        await queueInvoiceMail(tx, queue, { invoiceId: invoice.id, to, name: 'Mila' });
      });
      return t.smtp.waitForMail(to, /^Factuur /);
    };
    const periodic = await mail('automatic', 'machtiging@voorbeeld.nl');
    expect(periodic.text).toContain('automatisch afgeschreven via je machtiging');
    expect(periodic.text).not.toContain('maak het bedrag over');
    const pdf = pdftotext(periodic.attachments[0]!.content).replace(/\s+/g, ' ');
    expect(pdf).toContain('automatisch afgeschreven via je machtiging');
    expect(pdf).not.toContain('overmaken');
    // A manual invoice (the back office's) is paid by transfer, mandate or not.
    const manual = await mail('manual', 'handmatig@voorbeeld.nl');
    expect(manual.text).toContain('maak het bedrag over op NL91 ABNA 0417 1643 00');
    expect(pdftotext(manual.attachments[0]!.content)).toContain('overmaken');
  });
});
