import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locales, type Company, type Session } from '@paraaf/contract';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { createMember } from '../../../test/factories.ts';
import { dutchDate } from '../../lib/dutch-date.ts';

describe('company endpoints', () => {
  let t: TestApp;
  let admin: Session;
  let stranger: Session;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerCompany(t, { company: 'Drukkerij Letterzetter', phone: '010-1234567' });
    stranger = await registerCompany(t, { company: 'Concurrent BV' });
  });
  afterAll(() => t.close());

  describe('GET /api/company', () => {
    it('needs a session', async () => {
      expect((await t.request({ method: 'GET', url: '/api/company' })).statusCode).toBe(401);
    });

    it("answers the caller's own company with 10 credits on the free plan", async () => {
      const res = await t.request({ method: 'GET', url: '/api/company', token: admin.token });
      expect(res.statusCode).toBe(200);
      const company = res.json<Company>();
      expect(company).toMatchObject({
        id: admin.user.company.id,
        name: 'Drukkerij Letterzetter',
        phone: '010-1234567',
        credits: 10,
        max_signers: expect.any(Number) as number,
        features: ['multiple_signers', 'multiple_documents', 'input_fields', 'buy_credits'],
        users_count: 1,
        users: [{ id: admin.user.id, name: admin.user.name, email: admin.user.email }],
        sign_requests: 0,
        next_payment_date: null,
        current_payment_plan: {
          id: 1,
          name: 'Gratis',
          deprecated: false,
          custom: false,
          valid_from: dutchDate(new Date()),
          price: { type: 'prepaid', price: 0, users: 1, price_per_credit: 1.5 },
        },
        payment_plans: [{ id: 1, status: 'planned', valid_from: dutchDate(new Date()) }],
        // The sender SMS messages show until the company picks one; a first save keeps it.
        sms_name: 'Paraaf',
        logo_url: null,
      });
      expect(company.departments).toEqual([
        {
          id: expect.any(Number) as number,
          name: 'Drukkerij Letterzetter',
          mail_name: 'Drukkerij Letterzetter',
          mail_from: null,
          is_default: true,
        },
      ]);
    });

    it('is readable by a viewer, for its own company only', async () => {
      const viewer = await createMember(t, stranger.user.company.id, 'viewer');
      const res = await t.request({ method: 'GET', url: '/api/company', token: viewer.token });
      expect(res.statusCode).toBe(200);
      expect(res.json<Company>()).toMatchObject({
        id: stranger.user.company.id,
        name: 'Concurrent BV',
        users_count: 2,
      });
    });
  });

  describe('GET /api/locales', () => {
    it('lists the languages, Dutch first', async () => {
      const res = await t.request({ method: 'GET', url: '/api/locales', token: admin.token });
      expect(res.statusCode).toBe(200);
      const { data } = res.json<{ data: { locale: string; name: string }[] }>();
      expect(data).toEqual(locales);
      expect(data[0]).toEqual({ locale: 'nl', name: 'Nederlands' });
    });
  });
});
