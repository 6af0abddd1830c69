import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddCreditsWithInvoiceAnswer, ContactDetails, Session } from '@paraaf/contract';
import { loadConfig } from '../../config/env.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { PASSWORD, login, uniqueEmail } from '../../../test/factories.ts';
import { pdftotext } from '../../../test/pades.ts';
import { ensurePlatformAdmin } from '../admin/admin.service.ts';

/** The page and the invoice, side by side, for one seller configuration. */
async function contactAndInvoiceText(t: TestApp) {
  const email = uniqueEmail('platform');
  await ensurePlatformAdmin(t.db, { email, password: PASSWORD, name: 'Platform Beheer' });
  const platform = await login(t, email);
  const customer: Session = await registerCompany(t);
  const contact = await t.request({ method: 'GET', url: '/api/contact' });
  expect(contact.statusCode).toBe(200);
  const made = await t.request({
    method: 'POST',
    url: `/api/companies/${customer.user.company.id}/add-credits-with-invoice`,
    token: platform.token,
    payload: {
      total_credits: 3,
      price_per_credit: '1,00',
      email,
      name: 'Klant',
      description: 'Credits',
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  const { id } = made.json<AddCreditsWithInvoiceAnswer>().invoice;
  const pdf = await t.request({
    method: 'GET',
    url: `/api/invoices/${id}/download`,
    token: customer.token,
  });
  expect(pdf.statusCode).toBe(200);
  return { contact: contact.json<ContactDetails>(), invoice: pdftotext(pdf.rawPayload) };
}

function expectSameSeller(contact: ContactDetails, invoice: string) {
  for (const value of [
    contact.name,
    contact.address,
    contact.postal_city,
    `KvK ${contact.kvk}`,
    `Btw-nummer ${contact.vat_number}`,
  ]) {
    expect(invoice, value).toContain(value);
  }
}

describe('GET /api/contact: one seller identity with the invoices', () => {
  describe('with the default settings', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('is public and names the company every invoice names', async () => {
      const { contact, invoice } = await contactAndInvoiceText(t);
      expect(contact).toEqual({
        name: 'Paraaf B.V.',
        address: 'Keizersgracht 100',
        postal_city: '1015 AA Amsterdam',
        kvk: '12345678',
        vat_number: 'NL123456789B01',
        email: 'support@paraaf.nl',
        phone: '020 - 303 88 20',
      });
      expectSameSeller(contact, invoice);
    });
  });

  describe('with other INVOICE_SELLER_* settings', () => {
    let t: TestApp;
    beforeAll(async () => {
      const other = loadConfig({
        INVOICE_SELLER_NAME: 'Ondertekenfabriek B.V.',
        INVOICE_SELLER_ADDRESS: 'Coolsingel 40',
        INVOICE_SELLER_POSTAL_CITY: '3011 AD Rotterdam',
        INVOICE_SELLER_KVK: '81234567',
        INVOICE_SELLER_VAT: 'NL987654321B01',
        INVOICE_SELLER_SUPPORT_EMAIL: 'help@ondertekenfabriek.nl',
        INVOICE_SELLER_PHONE: '010 - 123 45 67',
      });
      t = await createTestApp({
        invoiceSeller: other.invoiceSeller,
        sellerContact: other.sellerContact,
      });
    });
    afterAll(() => t.close());

    it('follows them on the page and on the invoice alike', async () => {
      const { contact, invoice } = await contactAndInvoiceText(t);
      expect(contact).toMatchObject({
        name: 'Ondertekenfabriek B.V.',
        address: 'Coolsingel 40',
        postal_city: '3011 AD Rotterdam',
        kvk: '81234567',
        email: 'help@ondertekenfabriek.nl',
        phone: '010 - 123 45 67',
      });
      expectSameSeller(contact, invoice);
    });
  });
});
