import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailTemplateMessages,
  inputMessages,
  messages,
  type EmailTemplateDto,
  type EmailTemplatePreview,
} from '@paraaf/contract';
import { companies, emailTemplates, signRequests } from '../../db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import {
  createDraftSignRequest,
  createMember,
  errorsOf,
  PLAN,
  registerCompanyOnPlan,
} from '../../../test/factories.ts';

/** Issue 17 'E-mail templates': saving, sanitising, using, resetting and previewing. */
describe('POST /api/email-templates, DELETE /api/email-templates/{name}/{locale}, preview', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const save = (token: string | undefined, payload: object) =>
    t.request({ method: 'POST', url: '/api/email-templates', token, payload });
  const preview = (token: string | undefined, payload: object) =>
    t.request({ method: 'POST', url: '/api/email-templates/preview', token, payload });
  const reset = (token: string | undefined, name: string, locale: string) =>
    t.request({ method: 'DELETE', url: `/api/email-templates/${name}/${locale}`, token });
  const list = async (token: string) =>
    (await t.request({ method: 'GET', url: '/api/email-templates', token })).json<{
      data: EmailTemplateDto[];
    }>().data;

  const invitation = {
    name: 'sign_request_to_signer',
    locale: 'nl',
    subject: 'Tekenen voor [[company]]: [[subject]]',
    template:
      '<p>Hallo [[firstname]], <strong>eigen tekst</strong>.</p><p>[[content]]</p><p>[[link]]</p>',
  };

  /** A company on a plan with own e-mail templates and credits to send with. */
  async function admin() {
    const session = await registerCompanyOnPlan(t, PLAN.standard);
    await t.db
      .update(companies)
      .set({ credits: 100 })
      .where(eq(companies.id, session.user.company.id));
    return session;
  }

  it('needs a session, the company admin and the email_templates feature', async () => {
    const a = await admin();
    const user = await createMember(t, a.user.company.id, 'user');
    const viewer = await createMember(t, a.user.company.id, 'viewer');
    const free = await registerCompany(t); // the free plan has no own e-mail templates
    for (const call of [
      (token?: string) => save(token, invitation),
      (token?: string) => preview(token, invitation),
      (token?: string) => reset(token, 'sign_request_to_signer', 'nl'),
    ]) {
      expect((await call(undefined)).statusCode).toBe(401);
      expect((await call(user.token)).statusCode).toBe(403);
      expect((await call(viewer.token)).statusCode).toBe(403);
      const missing = await call(free.token);
      expect(missing.statusCode).toBe(403);
      expect(missing.json<{ message: string }>().message).toBe(
        'Deze functie hoort niet bij je abonnement',
      );
    }
    expect(
      await t.db
        .select()
        .from(emailTemplates)
        .where(eq(emailTemplates.companyId, free.user.company.id)),
    ).toEqual([]);
  });

  it('answers 422 with Dutch messages per field', async () => {
    const { token } = await admin();
    const empty = await save(token, { ...invitation, subject: '  ', template: '<p></p>' });
    expect(empty.statusCode).toBe(422);
    expect(errorsOf(empty)).toEqual({
      subject: [messages.required],
      template: [messages.required],
    });
    const missing = await save(token, { name: 'sign_request_to_signer', locale: 'nl' });
    expect(errorsOf(missing)).toEqual({
      subject: [messages.required],
      template: [messages.required],
    });
    const long = await save(token, {
      ...invitation,
      subject: 'x'.repeat(256),
      template: `<p>${'x'.repeat(50_000)}</p>`,
    });
    expect(errorsOf(long)).toEqual({
      subject: [messages.maxLength],
      template: [messages.maxLength],
    });
    const unknown = await save(token, { ...invitation, name: 'welkom', locale: 'es' });
    expect(errorsOf(unknown)).toEqual({
      name: [inputMessages.choice],
      locale: [inputMessages.choice],
    });
    const dutchOnly = await save(token, {
      ...invitation,
      name: 'signables_to_sign_request',
      locale: 'en',
    });
    expect(errorsOf(dutchOnly)).toEqual({ locale: [emailTemplateMessages.dutchOnly] });
    // Nothing but unsafe markup is no body either.
    const onlyScript = await save(token, { ...invitation, template: '<script>alert(1)</script>' });
    expect(errorsOf(onlyScript)).toEqual({ template: [messages.required] });
    const notJson = await save(token, [1, 2]);
    expect(notJson.statusCode).toBe(422);
    expect(await list(token)).toEqual(
      (await t.request({ method: 'GET', url: '/api/email-templates/default', token })).json<{
        data: EmailTemplateDto[];
      }>().data,
    );
  });

  it("keeps one version per mail and language; another company's id is a 404", async () => {
    const a = await admin();
    const b = await admin();
    const first = await save(a.token, invitation);
    expect(first.statusCode).toBe(200);
    const saved = first.json<EmailTemplateDto>();
    expect(saved).toMatchObject({ ...invitation, label: 'Uitnodiging aan ondertekenaar' });
    expect(saved.id).toEqual(expect.any(Number));
    const again = await save(a.token, { ...invitation, id: saved.id, subject: 'Nieuw' });
    expect(again.json<EmailTemplateDto>()).toMatchObject({ id: saved.id, subject: 'Nieuw' });
    // Without an id the same (name, locale) is updated too, never a second row.
    await save(a.token, { ...invitation, subject: 'Derde' });
    const rows = await t.db
      .select()
      .from(emailTemplates)
      .where(eq(emailTemplates.companyId, a.user.company.id));
    expect(rows.map((r) => [r.id, r.subject])).toEqual([[saved.id, 'Derde']]);

    expect((await save(b.token, { ...invitation, id: saved.id })).statusCode).toBe(404);
    expect((await save(a.token, { ...invitation, locale: 'en', id: saved.id })).statusCode).toBe(
      404,
    );
    const [row] = await t.db.select().from(emailTemplates).where(eq(emailTemplates.id, saved.id!));
    expect(row!.subject).toBe('Derde');
    expect(
      (await list(b.token)).find((d) => d.name === invitation.name && d.locale === 'nl')!.id,
    ).toBeNull();
  });

  it('stores only safe HTML: scripts, handlers, javascript:/data: links, iframes and styles go', async () => {
    const { token } = await admin();
    const res = await save(token, {
      ...invitation,
      template:
        '<p onclick="steal()">Beste [[firstname]],</p><script>alert(1)</script>' +
        '<img src="x" onerror="alert(2)"><iframe src="https://evil.test"></iframe>' +
        '<style>p { color: red }</style>' +
        '<p><a href="javascript:alert(3)">weg</a> <a href="data:text/html,hoi">ook weg</a> ' +
        '<a href="https://paraaf.test/hulp">hulp</a> <a href="[[link]]">Tekenen</a></p>' +
        '<ul><li><em>blijft</em></li></ul><p>[[content]]</p>',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(emailTemplates)
      .where(eq(emailTemplates.id, res.json<EmailTemplateDto>().id!));
    for (const html of [row!.template, res.json<EmailTemplateDto>().template]) {
      expect(html).not.toMatch(
        /script|onclick|onerror|steal|alert|javascript:|data:|iframe|evil|<style|<img/i,
      );
      expect(html).toContain('<p>Beste [[firstname]],</p>');
      expect(html).toContain('<a href="https://paraaf.test/hulp">hulp</a>');
      expect(html).toContain('<a href="[[link]]">Tekenen</a>');
      expect(html).toContain('<ul><li><em>blijft</em></li></ul>');
      expect(html).toContain('<p>[[content]]</p>');
    }
  });

  it('uses the saved version in the next invitation in that language only, and the default after a reset', async () => {
    const a = await admin();
    const companyId = a.user.company.id;
    expect((await save(a.token, invitation)).statusCode).toBe(200);
    const { request, signers } = await createDraftSignRequest(t, companyId, {
      userId: a.user.id,
      subject: 'Huurcontract',
      message: 'Graag je handtekening.',
      signers: [{ locale: 'nl' }, { locale: 'en' }],
    });
    const ready = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${request.id}/ready`,
      token: a.token,
    });
    expect(ready.statusCode).toBe(200);
    const [nl, en] = signers;
    const dutch = await t.smtp.waitForMail(nl!.email, /Huurcontract/);
    expect(dutch.subject).toMatch(/^Tekenen voor .+: Huurcontract$/);
    expect(dutch.html).toContain(`Hallo ${nl!.firstname}, <strong>eigen tekst</strong>.`);
    expect(dutch.html).toMatch(/href="[^"]*\/ondertekenen\/[^"]+"/);
    const english = await t.smtp.waitForMail(en!.email, /Huurcontract/);
    expect(english.subject).toBe('Huurcontract');
    expect(english.html).not.toContain('eigen tekst');
    expect(english.html).toContain('You can sign the documents until');

    const back = await reset(a.token, 'sign_request_to_signer', 'nl');
    expect(back.statusCode).toBe(200);
    expect(back.json<EmailTemplateDto>()).toMatchObject({ id: null, subject: '[[subject]]' });
    expect(
      await t.db.select().from(emailTemplates).where(eq(emailTemplates.companyId, companyId)),
    ).toEqual([]);
    const next = await createDraftSignRequest(t, companyId, {
      userId: a.user.id,
      subject: 'Tweede contract',
      signers: [{ locale: 'nl' }],
    });
    await t.request({
      method: 'POST',
      url: `/api/sign-requests/${next.request.id}/ready`,
      token: a.token,
    });
    const plain = await t.smtp.waitForMail(next.signers[0]!.email, /Tweede contract/);
    expect(plain.subject).toBe('Tweede contract');
    expect(plain.html).not.toContain('eigen tekst');
    expect(plain.html).toContain('Je kunt de documenten ondertekenen tot');
    // Unknown names and languages are no resource.
    expect((await reset(a.token, 'welkom', 'nl')).statusCode).toBe(404);
    expect((await reset(a.token, 'signables_to_sign_request', 'en')).statusCode).toBe(404);
  });

  it("a saved template without [[link]] still yields a mail with the signer's link", async () => {
    const a = await admin();
    await save(a.token, { ...invitation, template: '<p>Geen knop hier, [[firstname]].</p>' });
    const { request, signers } = await createDraftSignRequest(t, a.user.company.id, {
      subject: 'Zonder knop',
      message: 'Hallo',
    });
    await t.request({
      method: 'POST',
      url: `/api/sign-requests/${request.id}/ready`,
      token: a.token,
    });
    const mail = await t.smtp.waitForMail(signers[0]!.email, /Zonder knop/);
    expect(mail.html).toContain('Geen knop hier');
    const links = [...mail.html.matchAll(/href="([^"]*\/ondertekenen\/[^"]+)"/g)];
    expect(links).toHaveLength(1);
    const token = /\/ondertekenen\/([^/?#"]+)/.exec(links[0]![1]!)![1]!;
    expect((await t.request({ method: 'GET', url: `/api/signing/${token}` })).statusCode).toBe(200);
  });

  it('sanitises the wizard per-request invitation texts with the same function', async () => {
    const a = await admin();
    const res = await t.request({
      method: 'POST',
      url: '/api/sign-requests',
      token: a.token,
      payload: {
        expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        subject: 'Contract',
        message: 'Graag tekenen [[link]]',
        email_templates: {
          nl: {
            subject: 'Eigen',
            template: '<p onmouseover="x()">Hoi</p><script>x()</script>[[link]]',
          },
          en: { subject: 'Own', template: '<iframe></iframe>' },
        },
      },
    });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ 'email_templates.en.template': [messages.required] });
    const ok = await t.request({
      method: 'POST',
      url: '/api/sign-requests',
      token: a.token,
      payload: {
        expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        subject: 'Contract',
        message: 'Graag tekenen [[link]]',
        email_templates: {
          nl: {
            subject: 'Eigen',
            template: '<p onmouseover="x()">Hoi</p><script>x()</script>[[link]]',
          },
        },
      },
    });
    expect(ok.statusCode).toBe(201);
    const [row] = await t.db
      .select()
      .from(signRequests)
      .where(eq(signRequests.id, ok.json<{ id: number }>().id));
    expect(row!.emailTemplates).toEqual({
      nl: { subject: 'Eigen', template: '<p>Hoi</p>[[link]]' },
    });
  });

  it('previews the mail as the signer receives it: frame, sample values, link button, sanitised', async () => {
    const a = await admin();
    const res = await preview(a.token, {
      name: 'sign_request_to_signer',
      locale: 'nl',
      subject: 'Tekenen: [[subject]] voor [[firstname]]',
      template:
        '<p>Hallo [[firstname]] [[lastname]]</p><script>alert(1)</script><p>Tot [[expires_at]]</p>',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<EmailTemplatePreview>();
    expect(body.subject).toBe('Tekenen: Overeenkomst 2026 voor Jan');
    expect(body.html).toMatch(/^<!doctype html>/);
    expect(body.html).toContain('<p>Hallo Jan Jansen</p>');
    expect(body.html).not.toMatch(/script|alert|\[\[/);
    // No [[link]] in the body: the button is added, as in a real invitation.
    expect(body.html.match(/href="[^"]*\/ondertekenen\/voorbeeld"/g)).toHaveLength(1);
    expect(body.html).toContain('Documenten bekijken en ondertekenen');
    // The frame: the company's name and the note who sent it.
    expect(body.html).toContain(a.user.company.name);
    expect(body.html).toContain(`${a.user.name} (`);
    // Nothing was saved.
    expect(
      await t.db
        .select()
        .from(emailTemplates)
        .where(eq(emailTemplates.companyId, a.user.company.id)),
    ).toEqual([]);

    const code = await preview(a.token, {
      name: 'verification_code',
      locale: 'de',
      subject: 'Code [[code]]',
      template: '<p>Ihr Code: [[code]]</p>',
    });
    expect(code.json<EmailTemplatePreview>()).toMatchObject({ subject: 'Code 12345' });
    expect(code.json<EmailTemplatePreview>().html).not.toContain('/ondertekenen/');
    expect(code.json<EmailTemplatePreview>().html).toContain('lang="de"');

    const bad = await preview(a.token, { ...invitation, subject: '', template: '' });
    expect(errorsOf(bad)).toEqual({ subject: [messages.required], template: [messages.required] });
  });
});
