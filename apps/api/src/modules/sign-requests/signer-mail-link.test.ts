import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, emailTemplates, signers, signRequests } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import type { CaughtMail } from '../../../test/smtp.ts';
import { createDraftSignRequest, PLAN, registerCompanyOnPlan } from '../../../test/factories.ts';

/**
 * Issue 11.1: whatever the e-mail template and the sender's message hold, every invitation and
 * reminder carries the signer's link exactly once, and the link opens the signing page.
 */
const templates = {
  'zonder mergevelden': '<p>Graag tekenen.</p>',
  'alleen [[content]]': '<p>Beste [[firstname]],</p><p>[[content]]</p>',
  'alleen [[link]]': 'Graag tekenen: [[link]]',
  '[[content]] en [[link]]': '<p>[[content]]</p><p>[[link]]</p>',
} as const;
const messages = {
  'zonder mergevelden': 'Hierbij het contract.',
  'alleen [[content]]': 'Hierbij het contract. [[content]]',
  'alleen [[link]]': 'Hierbij het contract: [[link]]',
  '[[content]] en [[link]]': '[[content]] Hierbij het contract: [[link]] en nog eens [[link]]',
} as const;

const combinations = Object.entries(templates).flatMap(([templateName, template]) =>
  Object.entries(messages).map(([messageName, message]) => ({
    name: `sjabloon ${templateName}, bericht ${messageName}`,
    template,
    message,
  })),
);

describe('the signing link in every invitation and reminder', () => {
  let t: TestApp;
  let token: string;
  let companyId: number;
  beforeAll(async () => {
    t = await createTestApp();
    // The company's own reminder text needs the email_templates feature (standard and up).
    const admin = await registerCompanyOnPlan(t, PLAN.standard);
    token = admin.token;
    companyId = admin.user.company.id;
    await t.db.update(companies).set({ credits: 1000 }).where(eq(companies.id, companyId));
  });
  afterAll(() => t.close());

  /** The signer's link, asserted to appear exactly once in the HTML and the text of the mail. */
  function onlyLink(mail: CaughtMail): string {
    const links = [...mail.html.matchAll(/href="([^"]*\/ondertekenen\/[^"]*)"/g)].map((m) => m[1]);
    expect(links, mail.html).toHaveLength(1);
    const link = links[0]!.replaceAll('&amp;', '&');
    const inText = mail.text.split(link).length - 1;
    expect(inText, mail.text).toBe(1);
    expect(mail.text).not.toContain('[[');
    expect(mail.html).not.toContain('[[');
    return link;
  }

  async function opens(link: string): Promise<number> {
    const signingToken = /\/ondertekenen\/([^/?#]+)$/.exec(link)![1]!;
    const res = await t.request({ method: 'GET', url: `/api/signing/${signingToken}` });
    return res.statusCode;
  }

  it.each(combinations)('$name', async ({ template, message }) => {
    // The company's own reminder text has the same shape as the request's invitation text.
    await t.db.delete(emailTemplates).where(eq(emailTemplates.companyId, companyId));
    await t.db.insert(emailTemplates).values({
      companyId,
      name: 'reminder_to_signer',
      locale: 'nl',
      subject: 'Herinnering',
      template,
    });
    const { request, signers: rows } = await createDraftSignRequest(t, companyId, {
      subject: 'Uitnodiging',
      message,
    });
    await t.db
      .update(signRequests)
      .set({ emailTemplates: { nl: { subject: 'Uitnodiging', template } } })
      .where(eq(signRequests.id, request.id));
    const signer = rows[0]!;

    const ready = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${request.id}/ready`,
      token,
    });
    expect(ready.statusCode).toBe(200);
    const invitation = await t.smtp.waitForMail(signer.email, /^Uitnodiging$/);
    const invitationLink = onlyLink(invitation);
    expect(await opens(invitationLink)).toBe(200);

    // Past the manual reminder's cooldown.
    await t.db
      .update(signers)
      .set({ invitedAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(signers.id, signer.id));
    const remind = await t.request({
      method: 'PUT',
      url: `/api/sign-requests/${signer.id}/send-manual-reminder`,
      token,
    });
    expect(remind.statusCode).toBe(200);
    const reminder = await t.smtp.waitForMail(signer.email, /^Herinnering$/);
    const reminderLink = onlyLink(reminder);
    expect(reminderLink).not.toBe(invitationLink);
    expect(await opens(reminderLink)).toBe(200);
    // The reminder's link is added beside the invitation's (signer_links).
    expect(await opens(invitationLink)).toBe(200);
  });
});
