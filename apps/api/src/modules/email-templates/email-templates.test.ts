import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailTemplateDto } from '@paraaf/contract';
import { emailTemplates } from '../../db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { PLAN, registerCompanyOnPlan, setPlan } from '../../../test/factories.ts';
import { createMember } from '../../../test/factories.ts';

const names = [
  'sign_request_to_signer',
  'reminder_to_signer',
  'sign_request_cancelled',
  'sign_request_declined',
  'signables_to_sign_request',
  'verification_code',
];

describe('GET /api/email-templates and /api/email-templates/default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (token: string | undefined, url: string) => t.request({ method: 'GET', url, token });

  it('needs a session and is forbidden for a viewer', async () => {
    const admin = await registerCompany(t);
    const viewer = await createMember(t, admin.user.company.id, 'viewer');
    for (const url of ['/api/email-templates', '/api/email-templates/default']) {
      expect((await get(undefined, url)).statusCode).toBe(401);
      expect((await get(viewer.token, url)).statusCode).toBe(403);
    }
  });

  it('gives a default for every mail in nl, en, de and fr (signed documents: Dutch only)', async () => {
    const admin = await registerCompany(t);
    const res = await get(admin.token, '/api/email-templates/default');
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: EmailTemplateDto[] }>().data;
    for (const name of names) {
      const locales = data
        .filter((d) => d.name === name)
        .map((d) => d.locale)
        .sort();
      expect(locales).toEqual(
        name === 'signables_to_sign_request' ? ['nl'] : ['de', 'en', 'fr', 'nl'],
      );
    }
    for (const d of data) {
      expect(d.label).toBeTruthy();
      expect(d.subject).toBeTruthy();
      expect(d.id).toBeNull();
      // Every merge field the template uses is announced.
      for (const field of d.template.match(/\[\[[a-z_]+\]\]/g) ?? [])
        expect(d.merge_fields).toContain(field);
    }
    const invitationNl = data.find(
      (d) => d.name === 'sign_request_to_signer' && d.locale === 'nl',
    )!;
    expect(invitationNl.label).toBe('Uitnodiging aan ondertekenaar');
    expect(invitationNl.template).toContain('[[content]]');
    expect(invitationNl.template).toContain('[[link]]');
    // The texts differ per language.
    const subjects = data.filter((d) => d.name === 'reminder_to_signer').map((d) => d.subject);
    expect(new Set(subjects).size).toBe(4);
  });

  it("lays the company's own versions over the defaults, and only its own", async () => {
    // Own e-mail templates are a plan feature (standard and up).
    const admin = await registerCompanyOnPlan(t, PLAN.standard);
    const other = await registerCompanyOnPlan(t, PLAN.standard);
    const [own] = await t.db
      .insert(emailTemplates)
      .values({
        companyId: admin.user.company.id,
        name: 'reminder_to_signer',
        locale: 'en',
        subject: 'Friendly nudge',
        template: '<p>[[link]]</p>',
      })
      .returning();
    const mine = (await get(admin.token, '/api/email-templates')).json<{
      data: EmailTemplateDto[];
    }>().data;
    const defaults = (await get(admin.token, '/api/email-templates/default')).json<{
      data: EmailTemplateDto[];
    }>().data;
    expect(mine).toHaveLength(defaults.length);
    expect(mine.find((d) => d.name === 'reminder_to_signer' && d.locale === 'en')).toMatchObject({
      id: own!.id,
      subject: 'Friendly nudge',
      template: '<p>[[link]]</p>',
      label: 'Herinnering aan ondertekenaar',
    });
    const theirs = (await get(other.token, '/api/email-templates')).json<{
      data: EmailTemplateDto[];
    }>().data;
    expect(theirs).toEqual(defaults);

    // A downgrade hides the own versions (the row stays); an upgrade brings them back.
    await setPlan(t, admin.user.company.id, PLAN.free);
    const hidden = (await get(admin.token, '/api/email-templates')).json<{
      data: EmailTemplateDto[];
    }>().data;
    expect(hidden).toEqual(defaults);
    await setPlan(t, admin.user.company.id, PLAN.premium);
    const back = (await get(admin.token, '/api/email-templates')).json<{
      data: EmailTemplateDto[];
    }>().data;
    expect(back.find((d) => d.id === own!.id)?.subject).toBe('Friendly nudge');
  });
});
