import type { Locator, Page } from '@playwright/test';
import {
  call,
  companyIdOf,
  createSignRequest,
  enableFeatures,
  registerCompany,
  type SignerInput,
  downloadSignable,
  waitUntilSigned,
} from '../support/api.ts';
import { expect, linkFrom, test } from '../support/fixtures.ts';
import { drawOnPad, nextMail, stepTitle } from '../support/signer-page.ts';
import type { SmtpCatcher } from '../../apps/api/test/smtp.ts';

/**
 * The signer's page `/ondertekenen/{token}` (issue 4): a sender sends through the API as the
 * wizard would; the signers follow the links from the mails the test SMTP server catches.
 */

const shots = new URL('../../.tmp/', import.meta.url).pathname;

/**
 * A request in sequence with, on page 1 of its document, a signature marker per signer and a
 * required text field for the first signer; then sent (ready).
 */
function sendSignRequest(
  baseURL: string,
  token: string,
  opts: { subject: string; document: string; signers: SignerInput[]; pages?: number },
) {
  return createSignRequest(baseURL, token, {
    ...opts,
    send: true,
    isSync: true,
    verifications: [1, 5],
    message: 'Beste [[firstname]],\n\nWil je dit document ondertekenen? [[link]]\nGroet, Vera',
    markers: (form) => {
      opts.signers.forEach((_, i) => {
        const marker = {
          x: String(60 + i * 250),
          y: '660',
          width: '180',
          height: '60',
          page: '1',
          type: 'generated',
          value: `signer.${i + 1}.signature`,
        };
        for (const [k, v] of Object.entries(marker)) form.set(`variables[${i}][${k}]`, v);
      });
      const field = { x: '60', y: '560', width: '240', height: '24', page: '1', type: 'text' };
      for (const [k, v] of Object.entries(field)) form.set(`fields[0][${k}]`, v);
      form.set('fields[0][options][rules][0]', 'required');
      form.set('fields[0][options][signer]', '1');
    },
  });
}

/** E-mail code: request it, read it from the mail, type it. */
async function verifyEmail(page: Page, smtp: SmtpCatcher, email: string) {
  await expect(stepTitle(page)).toHaveText('E-mailcode');
  const seen = smtp.mails.length;
  await page.getByRole('button', { name: 'Code versturen' }).click();
  await expect(page.getByText(`De code is verstuurd naar ${email}`)).toBeVisible();
  const mail = await nextMail(smtp, email, seen, /verificatiecode/i);
  const code = /(\d{6})/.exec(mail.subject)?.[1];
  expect(code).toMatch(/^\d{6}$/);

  // A wrong code is refused in place.
  await page.getByRole('textbox', { name: 'Code van 6 cijfers 1' }).click();
  await page.keyboard.type(code === '000000' ? '111111' : '000000');
  await expect(page.getByRole('alert').filter({ hasText: /onjuist|verlopen/ })).toBeVisible();

  await page.getByRole('textbox', { name: 'Code van 6 cijfers 1' }).click();
  await page.keyboard.type(code!);
  await expect(stepTitle(page)).not.toHaveText('E-mailcode');
}

/** Draws a wavy line on the pad with the mouse and saves it. */
async function drawSignature(page: Page, pad: Locator) {
  await expect(stepTitle(page)).toHaveText('Handtekening');
  await drawOnPad(page, pad);
  await expect(stepTitle(page)).not.toHaveText('Handtekening');
  // The drawn image now stands in the signature box on the page.
  await expect(page.getByRole('img', { name: 'Je handtekening', exact: true })).toBeVisible();
}

/** A company that may choose iDIN (a platform admin switches the feature on), and its token. */
async function companyWithIdin(baseURL: string, company: string, name: string) {
  const token = await registerCompany(baseURL, company, name);
  // Extra features from the back office: iDIN, and own styling for the company's logo.
  await enableFeatures(baseURL, await companyIdOf(baseURL, token), [
    'idin_verification',
    'own_styling',
  ]);
  return token;
}

/**
 * iDIN through the test bank: the step sends the browser to the simulator, where the signer
 * sees the attributes to be shared, picks a bank and an outcome, and comes back to the page.
 */
async function idinAtTestBank(page: Page, outcome: 'success' | 'failure', lastName: string) {
  await expect(stepTitle(page)).toHaveText('iDIN');
  await page.getByRole('button', { name: 'Verifiëren met iDIN' }).click();
  await page.waitForURL(/\/api\/identity\/simulator\?/);
  await expect(page.getByRole('heading', { name: 'Identificeren met iDIN' })).toBeVisible();
  await expect(page.getByRole('row', { name: `Achternaam ${lastName}` })).toBeVisible();
  await page.getByRole('radio', { name: 'ING', exact: true }).check();
  await page
    .getByRole('radio', {
      name: outcome === 'success' ? /^Geslaagd/ : /^Mislukt/,
    })
    .check();
  await page.getByRole('button', { name: 'Doorgaan' }).click();
  await page.waitForURL(/\/ondertekenen\//);
}

/** The sender's audit trail of one signer lists `labels` in this order. */
async function expectAuditOrder(page: Page, signer: string, labels: string[]) {
  await page.getByRole('button', { name: `Audit trail ${signer}` }).click();
  const audit = page.getByRole('dialog', { name: `Audit trail van ${signer}` });
  await expect(audit.getByText(labels.at(-1)!).first()).toBeVisible();
  const text = (await audit.innerText()).replace(/\s+/g, ' ');
  let at = -1;
  for (const label of labels) {
    const next = text.indexOf(label, at + 1);
    expect(next, `${label} after position ${at} in: ${text}`).toBeGreaterThan(at);
    at = next;
  }
  await page.keyboard.press('Escape');
  await expect(audit).toBeHidden();
}

test('two signers in sequence: e-mail code, drawn signature and a field; then iDIN; sealed', async ({
  page,
  browser,
  baseURL,
  smtp,
}) => {
  test.setTimeout(90_000);
  const token = await companyWithIdin(baseURL!, 'Notaris Visser', 'Vera Visser');
  // The company's logo (Bedrijfsinstellingen): a PNG, here a screenshot of a coloured block.
  await page.setContent('<div style="width:120px;height:40px;background:#1c7ed6"></div>');
  const logo = await page.screenshot({ clip: { x: 0, y: 0, width: 120, height: 40 } });
  const settings = new FormData();
  settings.set('name', 'Notaris Visser');
  settings.set('sms_name', 'Visser');
  settings.set('logo', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png');
  await call(baseURL!, token, 'POST', '/company', settings);
  const first = `lotte-${Date.now()}@example.nl`;
  const second = `kees-${Date.now()}@example.nl`;
  const id = await sendSignRequest(baseURL!, token, {
    subject: 'Koopakte Dorpsstraat 1',
    document: 'Koopakte',
    signers: [
      { firstname: 'Lotte', lastname: 'de Boer', email: first },
      { firstname: 'Kees', lastname: 'Smit', email: second, verifications: [4, 5] },
    ],
  });

  // An unknown link says so, in Dutch, and offers nothing to do.
  await page.goto('/ondertekenen/dit-is-geen-geldige-link');
  await expect(page.getByRole('heading', { name: 'Deze link is niet geldig' })).toBeVisible();

  // Signer 2 is not invited yet; their turn comes after signer 1.
  const invitation = await smtp.waitForMail(first);
  const link = linkFrom(invitation, '/ondertekenen/');
  expect(smtp.mails.some((m) => m.to.includes(second))).toBe(false);

  // Signer 1 never sends an app session: the signer API is called without Authorization.
  const authorized: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/signing/') && r.headers().authorization) authorized.push(r.url());
  });
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Koopakte Dorpsstraat 1' })).toBeVisible();
  await expect(page.getByText('Notaris Visser').first()).toBeVisible();
  // The company's logo, loaded from its public address (the signer has no session).
  const logoImage = page.locator('header img[src*="/api/logos/"]');
  await expect(logoImage).toBeVisible();
  await page.screenshot({ path: `${shots}signer-top.png` });
  expect(await logoImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByText('Groet, Vera')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Voortgang' })).toContainText('E-mailcode');
  // Pages are placeholders sized from the page list, drawn by pdf.js when near.
  await expect(page.getByRole('region', { name: 'Pagina 1 van 2' })).toBeVisible();
  await expect(page.getByTestId('marker-signature')).toHaveCount(1);

  await verifyEmail(page, smtp, first);
  await drawSignature(page, page.getByRole('img', { name: 'Tekenvak voor je handtekening' }));
  // After a reload the stored drawing is fetched again and still stands in the signature box.
  await page.reload();
  const stored = page.getByRole('img', { name: 'Je handtekening', exact: true });
  await expect(stored).toBeVisible();
  await expect
    .poll(() => stored.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);

  // The required field: enforced before anything is sent.
  await expect(stepTitle(page)).toHaveText('Velden invullen');
  await page.getByRole('button', { name: 'Velden opslaan' }).click();
  await expect(page.getByText('Vul eerst alle verplichte velden in (1).')).toBeVisible();
  await page
    .getByLabel(/^Tekstveld 1 op pagina 1, in te vullen door .+ \(Dit veld is verplicht\)$/)
    .fill('Amsterdam');
  await page.getByRole('button', { name: 'Velden opslaan' }).click();

  await expect(stepTitle(page)).toHaveText('Akkoord');
  await page.screenshot({ path: `${shots}signer-desktop.png`, fullPage: false });
  await page.getByRole('button', { name: 'Akkoord en ondertekenen' }).click();
  await expect(page.getByRole('heading', { name: 'Bedankt, je hebt ondertekend' })).toBeVisible();
  expect(authorized).toEqual([]);

  // Signer 2 is invited now; a phone-sized screen.
  const invitation2 = await smtp.waitForMail(second);
  const link2 = linkFrom(invitation2, '/ondertekenen/');
  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    locale: 'nl-NL',
  });
  const p2 = await phone.newPage();
  await p2.goto(link2);
  await expect(p2.getByRole('heading', { name: 'Koopakte Dorpsstraat 1' })).toBeVisible();
  await expect(p2.getByRole('region', { name: 'Pagina 1 van 2' }).locator('canvas')).toBeVisible();
  await p2.waitForTimeout(500);
  await p2.screenshot({ path: `${shots}signer-phone.png` });

  // The language switcher: the same page in English, and back.
  await p2.getByRole('combobox', { name: 'Taal' }).selectOption('en');
  await expect(p2.getByRole('button', { name: 'Verify with iDIN' })).toBeVisible();
  await p2.getByRole('combobox', { name: 'Language' }).selectOption('nl');

  // iDIN through the test bank; back on the page verified, with what the bank shared.
  await idinAtTestBank(p2, 'success', 'Smit');
  await expect(p2.getByText('Je identiteit is bevestigd met iDIN.')).toBeVisible();
  await expect(p2.getByRole('table', { name: 'Gedeelde gegevens' })).toContainText('Smit');
  await drawSignature(p2, p2.getByRole('img', { name: 'Tekenvak voor je handtekening' }));
  await expect(stepTitle(p2)).toHaveText('Akkoord');
  await p2.screenshot({ path: `${shots}signer-phone-approve.png` });
  await p2.getByRole('button', { name: 'Akkoord en ondertekenen' }).click();
  await expect(
    p2.getByRole('heading', {
      name: /De documenten zijn ondertekend|Bedankt, je hebt ondertekend/,
    }),
  ).toBeVisible();

  await phone.close();

  // The sender: sealed ('Getekend'), the signed PDF and the receipt, the audit trail in order.
  const detail = await waitUntilSigned(baseURL!, token, id);
  const signedBytes = await downloadSignable(baseURL!, token, detail.signables[0]!.id);
  expect(signedBytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(signedBytes.toString('latin1')).toContain('ETSI.CAdES.detached');
  const receipt = await fetch(`${baseURL}/api/sign-requests/${id}/receipt/download?token=${token}`);
  expect(receipt.status).toBe(200);
  expect(
    Buffer.from(await receipt.arrayBuffer())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  await page.goto('/login');
  await page.evaluate((t) => window.localStorage.setItem('paraaf.token', t), token);
  await page.goto(`/ondertekening/${id}`);
  await expect(page.getByText('Getekend').first()).toBeVisible();
  await expectAuditOrder(page, 'Lotte de Boer', [
    'Verstuurd',
    'Geopend',
    'E-mailverificatie verstuurd',
    'E-mailverificatie geverifieerd',
    'Handtekening verificatie geverifieerd',
    'Document verificatie geverifieerd',
    'Goedgekeurd',
  ]);
  await expectAuditOrder(page, 'Kees Smit', [
    'Verstuurd',
    'Geopend',
    'iDIN verificatie gestart',
    'iDIN verificatie geverifieerd',
    'Handtekening verificatie geverifieerd',
    'Document verificatie geverifieerd',
    'Goedgekeurd',
  ]);
});

test('iDIN fails at the bank, the signer retries and verifies, then declines; the sender sees Geweigerd', async ({
  page,
  baseURL,
  smtp,
}) => {
  const token = await companyWithIdin(baseURL!, 'Verhuur Jansen', 'Joke Jansen');
  const email = `kees-${Date.now()}@example.nl`;
  const id = await createSignRequest(baseURL!, token, {
    subject: 'Huurcontract Kade 4',
    document: 'Huurcontract',
    send: true,
    signers: [{ firstname: 'Kees', lastname: 'Smit', email }],
    verifications: [4, 5],
  });
  const invitation = await smtp.waitForMail(email, /^Huurcontract Kade 4$/, 15_000);
  await page.goto(linkFrom(invitation, '/ondertekenen/'));
  await expect(page.getByRole('heading', { name: 'Huurcontract Kade 4', level: 1 })).toBeVisible();

  // The bank gives an error: the page says so and offers the check again.
  await idinAtTestBank(page, 'failure', 'Smit');
  await expect(
    page.getByRole('alert').filter({ hasText: 'De controle met iDIN is niet gelukt.' }),
  ).toBeVisible();
  await expect(stepTitle(page)).toHaveText('iDIN');
  await idinAtTestBank(page, 'success', 'Smit');
  await expect(page.getByText('Je identiteit is bevestigd met iDIN.')).toBeVisible();
  await expect(stepTitle(page)).toHaveText('Handtekening');
  // The bank's data in the certificate's order, the birth date written the Dutch way.
  const shared = page.getByRole('table', { name: 'Gedeelde gegevens' });
  await expect(shared.locator('th')).toHaveText([
    'Naam',
    'Geboortedatum',
    'Adres',
    'Postcode',
    'Plaats',
    'Land',
  ]);
  await expect(shared.locator('td').nth(1)).toHaveText(/^\d{2}-\d{2}-\d{4}$/);
  await shared.screenshot({ path: `${shots}signer-idin-data.png` });

  // Declined with a reason.
  await page.getByRole('button', { name: 'Weigeren' }).click();
  const modal = page.getByRole('dialog', { name: 'Ondertekening weigeren' });
  await modal.getByRole('button', { name: 'Weigeren' }).click();
  await expect(modal.getByText('Vul een reden in')).toBeVisible();
  await modal.getByLabel(/Reden/).fill('De huurprijs klopt niet.');
  await modal.getByRole('button', { name: 'Weigeren' }).click();
  await expect(
    page.getByRole('heading', { name: 'Deze ondertekening is geweigerd' }),
  ).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('heading', { name: 'Deze ondertekening is geweigerd' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Akkoord en ondertekenen' })).toHaveCount(0);

  // The sender: 'Geweigerd', and the audit trail with the failed and the successful check.
  await page.goto('/login');
  await page.evaluate((t) => window.localStorage.setItem('paraaf.token', t), token);
  await page.goto(`/ondertekening/${id}`);
  await expect(page.getByText('Geweigerd').first()).toBeVisible();
  // The reason is on the detail screen too, not only in the mail.
  const declined = page.getByRole('region', { name: 'Kees Smit' });
  await expect(declined.getByText('Reden van weigering')).toBeVisible();
  await expect(declined.getByText('De huurprijs klopt niet.')).toBeVisible();
  await page.screenshot({ path: `${shots}detail-declined-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await declined.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}detail-declined-phone.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAuditOrder(page, 'Kees Smit', [
    'Verstuurd',
    'Geopend',
    'iDIN verificatie gestart',
    'iDIN verificatie gefaald',
    'iDIN verificatie gestart',
    'iDIN verificatie geverifieerd',
    'Afgekeurd',
  ]);
});

test('a changed address: the old link says it no longer works, the sender reminds from the message, the new address gets a link', async ({
  page,
  baseURL,
  smtp,
}) => {
  const token = await registerCompany(baseURL!, 'Verhuur Bos', 'Bas Bos');
  const oldEmail = `oud-${Date.now()}@example.nl`;
  const newEmail = `nieuw-${Date.now()}@example.nl`;
  const id = await createSignRequest(baseURL!, token, {
    subject: 'Huurcontract Laan 9',
    document: 'Huurcontract',
    send: true,
    signers: [{ firstname: 'Lies', lastname: 'Laan', email: oldEmail }],
  });
  const oldLink = linkFrom(
    await smtp.waitForMail(oldEmail, /^Huurcontract Laan 9$/, 15_000),
    '/ondertekenen/',
  );

  await page.goto('/login');
  await page.evaluate((t) => window.localStorage.setItem('paraaf.token', t), token);
  await page.goto(`/ondertekening/${id}`);
  await page.getByRole('button', { name: 'Bewerken Lies Laan' }).click();
  const modal = page.getByRole('dialog', { name: 'Ondertekenaar bewerken' });
  await modal.getByRole('textbox', { name: 'E-mailadres' }).fill(newEmail);
  await modal.getByRole('button', { name: 'Opslaan' }).click();
  const remindNow = page.getByRole('button', { name: 'Nu een herinnering sturen' });
  await expect(remindNow).toBeVisible();
  await page.screenshot({ path: `${shots}edit-signer-remind-desktop.png` });

  // Nothing went to the new address by itself (seed 000 §2); the old link says so truthfully.
  const signer = await page.context().newPage();
  await signer.goto(oldLink);
  await expect(signer.getByRole('heading', { name: 'Deze link werkt niet meer' })).toBeVisible();
  await expect(
    signer.getByText('Deze link is niet meer geldig. Neem contact op met de afzender.'),
  ).toBeVisible();
  expect(smtp.mails.some((m) => m.to.includes(newEmail))).toBe(false);

  await remindNow.click();
  await expect(page.getByText(/Handmatige herr?inn?ering verstuurd/)).toBeVisible();
  const reminder = await smtp.waitForMail(newEmail, undefined, 15_000);
  await signer.goto(linkFrom(reminder, '/ondertekenen/'));
  await expect(
    signer.getByRole('heading', { name: 'Huurcontract Laan 9', level: 1 }),
  ).toBeVisible();
  await signer.setViewportSize({ width: 390, height: 844 });
  await signer.goto(oldLink);
  await expect(signer.getByRole('heading', { name: 'Deze link werkt niet meer' })).toBeVisible();
  await signer.screenshot({ path: `${shots}old-link-phone.png` });
});
