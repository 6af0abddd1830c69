import type { Locator, Page } from '@playwright/test';
import type { SmtpCatcher } from '../../apps/api/test/smtp.ts';
import {
  call,
  companyIdOf,
  contractPdf,
  createSignRequest,
  enableFeatures,
  registerAccount,
  waitUntilSigned,
} from '../support/api.ts';
import { expect, linkFrom, test } from '../support/fixtures.ts';
import { nextMail, stepTitle } from '../support/signer-page.ts';

/**
 * Signing steps, approvers and copies, delegation and signing in person, as a sender and signers
 * meet them: the wizard's steps, the signer's page, the detail screen.
 */

const shots = new URL('../../.tmp/', import.meta.url).pathname;
const password = 'Eerste-wachtwoord-1';

const field = (scope: Page | Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${label}( \\*)?$`));
const signerSection = (page: Page, n: number) =>
  page.getByRole('region', { name: `Ondertekenaar ${n}`, exact: true });

/** A new company through the API, its session put in this browser as the login screen does. */
async function loggedInSender(page: Page, baseURL: string, company: string, name: string) {
  const account = await registerAccount(baseURL, company, name);
  await page.goto('/login');
  await page.evaluate((t) => window.localStorage.setItem('paraaf.token', t), account.token);
  return account;
}

/** E-mail code: request it, read it from the mail, type it. */
async function verifyEmail(page: Page, smtp: SmtpCatcher, email: string) {
  await expect(stepTitle(page)).toHaveText('E-mailcode');
  const seen = smtp.mails.length;
  await page.getByRole('button', { name: 'Code versturen' }).click();
  const mail = await nextMail(smtp, email, seen, /verificatiecode/i);
  const code = /(\d{6})/.exec(mail.subject)![1]!;
  await page.getByRole('textbox', { name: 'Code van 6 cijfers 1' }).click();
  await page.keyboard.type(code);
  await expect(stepTitle(page)).not.toHaveText('E-mailcode');
}

/** Opens a signer's link, verifies by e-mail code, types a signature and signs. */
async function signAt(page: Page, smtp: SmtpCatcher, link: string, email: string) {
  await page.goto(link);
  await verifyEmail(page, smtp, email);
  await expect(stepTitle(page)).toHaveText('Handtekening');
  await page.getByRole('button', { name: 'Liever typen dan tekenen' }).click();
  await page.getByLabel('Typ je naam').fill('Handtekening');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(stepTitle(page)).toHaveText('Akkoord');
  await page.getByRole('button', { name: 'Akkoord en ondertekenen' }).click();
  await expect(
    page.getByRole('heading', {
      name: /Bedankt, je hebt ondertekend|De documenten (worden verzegeld|zijn ondertekend)/,
    }),
  ).toBeVisible();
}

async function fillSigner(
  page: Page,
  n: number,
  s: { firstname: string; lastname: string; email: string },
) {
  const section = signerSection(page, n);
  await field(section, 'Voornaam').fill(s.firstname);
  await field(section, 'Achternaam').fill(s.lastname);
  await field(section, 'E-mailadres').fill(s.email);
}

/**
 * Wizard step 1 with two signers (`who[0]`, `who[1]`), then the template `template` picked on
 * step 2, then back on step 1 to see what it set.
 */
async function wizardWithTemplate(
  page: Page,
  template: string,
  who: [
    { firstname: string; lastname: string; email: string },
    { firstname: string; lastname: string; email: string },
  ],
) {
  await page.goto('/nieuwe-ondertekening');
  await fillSigner(page, 1, who[0]);
  await page.getByRole('button', { name: 'Ondertekenaar toevoegen' }).click();
  await fillSigner(page, 2, who[1]);
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.getByRole('button', { name: 'Document toevoegen vanuit template' }).click();
  await page.getByRole('button', { name: `Toevoegen: ${template}` }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.getByRole('button', { name: 'Vorige' }).click();
}

/** A template of a one-page contract uploaded through the API. */
async function uploadTemplate(baseURL: string, token: string, name: string, title: string) {
  const form = new FormData();
  form.append('name', name);
  const pdf = new Uint8Array(await contractPdf(title, 1));
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), `${title.toLowerCase()}.pdf`);
  await call(baseURL, token, 'POST', '/templates', form);
}

test('wizard: two signers in parallel, then an approver, and a cc; signed through to sealing', async ({
  page,
  browser,
  baseURL,
  smtp,
}) => {
  test.setTimeout(180_000);
  const { token } = await loggedInSender(page, baseURL!, 'Holding Stappen', 'Sanne Stap');
  const stamp = Date.now();
  const anna = { firstname: 'Anna', lastname: 'Directeur', email: `anna-${stamp}@stappen.nl` };
  const bram = { firstname: 'Bram', lastname: 'Directeur', email: `bram-${stamp}@stappen.nl` };
  const jur = { firstname: 'Julia', lastname: 'Jurist', email: `julia-${stamp}@stappen.nl` };
  const acc = { firstname: 'Karel', lastname: 'Accountant', email: `karel-${stamp}@stappen.nl` };

  await page.goto('/nieuwe-ondertekening');
  await fillSigner(page, 1, anna);
  const add = page.getByRole('button', { name: 'Ondertekenaar toevoegen' });
  await add.click();
  await fillSigner(page, 2, bram);
  // Two signers: both in 'Stap 1' (parallel), a drop zone for a new step.
  const step1 = page.getByRole('region', { name: 'Stap 1', exact: true });
  await expect(step1.getByRole('region', { name: /^Ondertekenaar [12]$/ })).toHaveCount(2);

  // The approver: added, made 'Goedkeurder', dragged to a new step.
  await add.click();
  await fillSigner(page, 3, jur);
  await field(signerSection(page, 3), 'Rol').selectOption({ label: 'Goedkeurder' });
  await expect(
    signerSection(page, 3).getByRole('checkbox', { name: 'Handtekening', exact: true }),
  ).toHaveCount(0);
  // Dragged to the drop zone of a new step. The headless Chromium here starts no native drag
  // from the mouse, so the drag's events are dispatched as the browser would send them.
  const dataTransfer = await page.evaluateHandle(() => new DataTransfer());
  const dropZone = page.getByText('Sleep hierheen voor een nieuwe stap');
  await signerSection(page, 3).dispatchEvent('dragstart', { dataTransfer });
  await dropZone.dispatchEvent('dragover', { dataTransfer });
  await dropZone.dispatchEvent('drop', { dataTransfer });
  const step2 = page.getByRole('region', { name: 'Stap 2', exact: true });
  await expect(step2.getByRole('region', { name: 'Ondertekenaar 3' })).toBeVisible();
  await expect(step2.getByText('Begint als stap 1 klaar is')).toBeVisible();

  // The cc: in step 2 through its 'Stap' select (the keyboard way).
  await add.click();
  await fillSigner(page, 4, acc);
  await field(signerSection(page, 4), 'Rol').selectOption({ label: 'Kopie' });
  await field(signerSection(page, 4), 'Stap').selectOption({ label: 'Stap 2' });
  await expect(step2.getByRole('region', { name: 'Ondertekenaar 4' })).toBeVisible();
  // A copy is not invited: no verification, no reminders to set.
  await expect(field(signerSection(page, 4), 'E-mailadres')).toBeVisible();
  await expect(signerSection(page, 4).getByText('Verificatie')).toHaveCount(0);
  await expect(field(signerSection(page, 4), 'Herinnering na \\(dagen\\)')).toHaveCount(0);
  await page.screenshot({ path: `${shots}routing-wizard-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await step2.screenshot({ path: `${shots}routing-wizard-phone.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'statuten.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(await contractPdf('Statutenwijziging')),
  });
  const table = page.getByRole('table', { name: 'Documenten' });
  await expect(table.getByText(/wordt verwerkt/)).toHaveCount(0, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Volgende' }).click();
  const subject = `Statutenwijziging ${stamp}`;
  await field(page, 'Onderwerp').fill(subject);
  // A cc costs no credit: two signers and an approver.
  await expect(page.getByText('Kosten van deze ondertekening: 3 credits')).toBeVisible();
  await page.getByRole('button', { name: 'Verzenden' }).click();
  await expect(page).toHaveURL(/\/ondertekening\/\d+$/, { timeout: 30_000 });
  const id = Number(/(\d+)$/.exec(page.url())![1]);

  // The detail screen shows the steps: step 1 at work, step 2 waiting on it.
  const detailStep1 = page.getByRole('region', { name: 'Stap 1', exact: true });
  const detailStep2 = page.getByRole('region', { name: 'Stap 2', exact: true });
  await expect(detailStep1.getByText('Aan de beurt')).toBeVisible();
  await expect(detailStep2.getByText('Wacht op stap 1')).toBeVisible();
  await expect(detailStep2.getByText('Goedkeurder')).toBeVisible();
  await expect(detailStep2.getByText('Kopie')).toBeVisible();
  const ccCard = detailStep2.getByRole('region', { name: 'Karel Accountant' });
  await expect(ccCard.getByText('E-mailadres')).toBeVisible();
  await expect(ccCard.getByText('Volgende herinnering')).toHaveCount(0);
  await page.screenshot({ path: `${shots}routing-detail-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await detailStep1.screenshot({ path: `${shots}routing-detail-phone.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Step 1: both directors are invited at once; the approver and the cc are not.
  const annaLink = linkFrom(await smtp.waitForMail(anna.email), '/ondertekenen/');
  const bramLink = linkFrom(await smtp.waitForMail(bram.email), '/ondertekenen/');
  expect(smtp.mails.some((m) => m.to.includes(jur.email))).toBe(false);
  expect(smtp.mails.some((m) => m.to.includes(acc.email))).toBe(false);

  const signer = await browser.newContext({ baseURL, locale: 'nl-NL' });
  const sp = await signer.newPage();
  await signAt(sp, smtp, annaLink, anna.email);
  expect(smtp.mails.some((m) => m.to.includes(jur.email))).toBe(false);
  await signAt(sp, smtp, bramLink, bram.email);

  // Step 2: the approver reads, verifies and approves (no signature).
  const julLink = linkFrom(await smtp.waitForMail(jur.email), '/ondertekenen/');
  await sp.goto(julLink);
  await verifyEmail(sp, smtp, jur.email);
  await sp.getByRole('button', { name: 'Goedkeuren' }).click();
  await signer.close();

  await waitUntilSigned(baseURL!, token, id);
  await page.reload();
  await expect(page.getByText('Getekend').first()).toBeVisible();

  // The cc: exactly one mail, with the sealed document attached.
  await expect.poll(() => smtp.mails.filter((m) => m.to.includes(acc.email)).length).toBe(1);
  const ccMail = smtp.mails.find((m) => m.to.includes(acc.email))!;
  expect(ccMail.attachments.length).toBeGreaterThan(0);
  const sealed = ccMail.attachments.find((a) => a.contentType === 'application/pdf')!;
  expect(sealed.content.toString('latin1')).toContain('ETSI.CAdES.detached');
  // A moment later still one (no second mail from a rerun of the sealing job).
  await page.waitForTimeout(1000);
  expect(smtp.mails.filter((m) => m.to.includes(acc.email))).toHaveLength(1);
});

test("delegation from the signer's page: the new signer's link works, the old one is gone", async ({
  page,
  browser,
  baseURL,
  smtp,
}) => {
  test.setTimeout(120_000);
  const account = await registerAccount(baseURL!, 'Delegatie B.V.', 'Dirk Delegatie');
  const stamp = Date.now();
  const old = `oud-${stamp}@delegatie.nl`;
  const fresh = `nieuw-${stamp}@delegatie.nl`;
  const id = await createSignRequest(baseURL!, account.token, {
    subject: `Opdracht ${stamp}`,
    document: 'Opdracht',
    signers: [{ firstname: 'Olga', lastname: 'Oud', email: old, verifications: [1, 5] }],
    allowDelegation: true,
    send: true,
  });
  const oldLink = linkFrom(await smtp.waitForMail(old), '/ondertekenen/');

  const signer = await browser.newContext({ baseURL, locale: 'nl-NL' });
  const sp = await signer.newPage();
  await sp.goto(oldLink);
  await sp.getByRole('button', { name: 'Iemand anders laten tekenen' }).click();
  const dialog = sp.getByRole('dialog', { name: 'Iemand anders laten tekenen' });
  await dialog.getByLabel(/^Voornaam/).fill('Niels');
  await dialog.getByLabel(/^Achternaam/).fill('Nieuw');
  await dialog.getByLabel(/^E-mailadres/).fill(fresh);
  await dialog.getByLabel(/^Reden/).fill('Ik ben op vakantie');
  await sp.screenshot({ path: `${shots}routing-delegate-desktop.png` });
  await sp.setViewportSize({ width: 390, height: 844 });
  await sp.screenshot({ path: `${shots}routing-delegate-phone.png` });
  await sp.setViewportSize({ width: 1280, height: 800 });
  const seen = smtp.mails.length;
  await dialog.getByRole('button', { name: 'Doorgeven' }).click();
  await expect(
    sp.getByText('De ondertekening is doorgegeven. Je kunt deze pagina sluiten.'),
  ).toBeVisible();

  // The sender is told; the new signer has an own invitation that works.
  await nextMail(smtp, account.email, seen);
  const newLink = linkFrom(await nextMail(smtp, fresh, seen), '/ondertekenen/');
  expect(newLink).not.toBe(oldLink);
  await signAt(sp, smtp, newLink, fresh);

  // The old link shows the Dutch page of a link that no longer works.
  await sp.goto(oldLink);
  await expect(sp.getByRole('heading', { name: 'Deze link werkt niet meer' })).toBeVisible();
  await signer.close();

  await waitUntilSigned(baseURL!, account.token, id);
  await page.goto('/login');
  await page.evaluate((t) => window.localStorage.setItem('paraaf.token', t), account.token);
  await page.goto(`/ondertekening/${id}`);
  await expect(page.getByText('Getekend').first()).toBeVisible();
  await expect(page.getByText('Niels Nieuw').first()).toBeVisible();
});

test('in-person signing on one device from the detail screen', async ({ page, baseURL, smtp }) => {
  test.setTimeout(120_000);
  const { token } = await loggedInSender(page, baseURL!, 'Balie B.V.', 'Bert Balie');
  const stamp = Date.now();
  const klant = `klant-${stamp}@voorbeeld.nl`;
  const id = await createSignRequest(baseURL!, token, {
    subject: `Balieformulier ${stamp}`,
    document: 'Formulier',
    signers: [{ firstname: 'Karin', lastname: 'Klant', email: klant, verifications: [1, 5] }],
    send: true,
  });
  await page.goto(`/ondertekening/${id}`);
  await page.getByRole('button', { name: 'Op locatie tekenen Karin Klant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Op locatie tekenen' });
  // A wrong password is refused on its field; the page stays.
  await dialog.getByLabel(/^Je wachtwoord/).fill('niet-mijn-wachtwoord');
  await dialog.getByRole('button', { name: 'Ondertekenpagina openen' }).click();
  await expect(dialog.getByText(/wachtwoord/i).last()).toBeVisible();
  await expect(page).toHaveURL(/\/ondertekening\/\d+$/);
  await dialog.getByLabel(/^Je wachtwoord/).fill(password);
  await dialog.getByRole('button', { name: 'Ondertekenpagina openen' }).click();
  await page.waitForURL(/\/ondertekenen\//);
  // The code still goes to the signer's own mailbox.
  await verifyEmail(page, smtp, klant);
  await expect(stepTitle(page)).toHaveText('Handtekening');
  await page.getByRole('button', { name: 'Liever typen dan tekenen' }).click();
  await page.getByLabel('Typ je naam').fill('Karin Klant');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await page.getByRole('button', { name: 'Akkoord en ondertekenen' }).click();
  await waitUntilSigned(baseURL!, token, id);
});

test("template: steps, roles and the cc's mail set in the template editor, taken over by the wizard; the list says whose turn it is", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { token } = await loggedInSender(page, baseURL!, 'Makelaardij Stap', 'Mees Makelaar');
  await enableFeatures(baseURL!, await companyIdOf(baseURL!, token), ['templates']);
  await uploadTemplate(baseURL!, token, 'Koopakte standaard', 'Koopakte');

  // The template editor: 'Ondertekenaar 2' a cc in step 2 who hears of the sending.
  await page.goto('/templates');
  await page.getByRole('button', { name: 'Bewerken Koopakte standaard' }).click();
  await page.getByRole('button', { name: 'Stappen en rollen' }).click();
  const routing = page.getByRole('dialog', { name: 'Stappen en rollen van de ondertekenaars' });
  await routing.getByRole('button', { name: 'Ondertekenaar toevoegen' }).click();
  await routing.getByLabel('Rol Ondertekenaar 2').selectOption({ label: 'Kopie' });
  await routing.getByLabel('Stap Ondertekenaar 2').selectOption({ label: 'Stap 2' });
  await routing.getByRole('checkbox', { name: 'E-mail bij verzending Ondertekenaar 2' }).check();
  await routing.screenshot({ path: `${shots}routing-template-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}routing-template-phone.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await routing.getByRole('button', { name: 'Klaar' }).click();
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Gegevens opgeslagen')).toBeVisible();

  // The wizard: picking the template makes signer 2 that cc.
  const stamp = Date.now();
  await wizardWithTemplate(page, 'Koopakte standaard', [
    { firstname: 'Koos', lastname: 'Koper', email: `koos-${stamp}@stap.nl` },
    { firstname: 'Nora', lastname: 'Notaris', email: `nora-${stamp}@stap.nl` },
  ]);
  const copy = signerSection(page, 2);
  await expect(field(copy, 'Rol')).toHaveValue('cc');
  await expect(copy.getByRole('checkbox', { name: 'E-mail bij verzending' })).toBeChecked();
  await expect(
    page
      .getByRole('region', { name: 'Stap 2', exact: true })
      .getByRole('region', { name: 'Ondertekenaar 2', exact: true }),
  ).toBeVisible();
  await copy.screenshot({ path: `${shots}routing-cc-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await copy.screenshot({ path: `${shots}routing-cc-phone.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The list: a request in its first of two steps says who it waits on.
  await createSignRequest(baseURL!, token, {
    subject: `Koopakte ${stamp}`,
    document: 'Koopakte',
    signers: [
      {
        firstname: 'Koos',
        lastname: 'Koper',
        email: `koos2-${stamp}@stap.nl`,
        verifications: [1, 5],
      },
      {
        firstname: 'Vera',
        lastname: 'Verkoper',
        email: `vera-${stamp}@stap.nl`,
        verifications: [1, 5],
        routing_order: 2,
      } as Parameters<typeof createSignRequest>[2]['signers'][number],
    ],
    send: true,
  });
  await page.goto('/');
  const table = page.getByRole('table');
  await expect(table.getByText('Stap 1 van 2: wacht op Koos Koper')).toBeVisible();
  await page.screenshot({ path: `${shots}routing-list-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(
    page.getByTestId('sign-request-cards').getByText('Stap 1 van 2: wacht op Koos Koper'),
  ).toBeVisible();
  await page.screenshot({ path: `${shots}routing-list-phone.png` });
});

test("template: a placeholder's verifications (SMS, EU wallet) saved in the template editor, shown again after a reload and prefilled by the wizard", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { token } = await loggedInSender(page, baseURL!, 'Makelaardij Check', 'Mila Makelaar');
  await enableFeatures(baseURL!, await companyIdOf(baseURL!, token), [
    'templates',
    'wallet_verification',
  ]);
  await uploadTemplate(baseURL!, token, 'Huurcontract check', 'Huurcontract');

  const openRouting = async () => {
    await page.getByRole('button', { name: 'Bewerken Huurcontract check' }).click();
    await page.getByRole('button', { name: 'Stappen en rollen' }).click();
    return page.getByRole('dialog', { name: 'Stappen en rollen van de ondertekenaars' });
  };
  const verificationsOf = (scope: Locator, n: number) =>
    scope
      .getByRole('region', { name: `Ondertekenaar ${n}`, exact: true })
      .getByRole('group', { name: /^Verificatie/ });

  // 'Ondertekenaar 1' by SMS code, 'Ondertekenaar 2' with the EU wallet and its nationality.
  await page.goto('/templates');
  let routing = await openRouting();
  await expect(verificationsOf(routing, 1).getByRole('checkbox')).toHaveCount(5);
  await verificationsOf(routing, 1).getByRole('checkbox', { name: 'SMS' }).check();
  await routing.getByRole('button', { name: 'Ondertekenaar toevoegen' }).click();
  await verificationsOf(routing, 2).getByRole('checkbox', { name: 'EU-wallet' }).check();
  const walletData = routing
    .getByRole('region', { name: 'Ondertekenaar 2', exact: true })
    .getByRole('group', { name: /^EU-wallet gegevens/ });
  await walletData.getByRole('checkbox', { name: 'Nationaliteit' }).check();
  await routing.screenshot({ path: `${shots}template-verifications-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}template-verifications-phone.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await routing.getByRole('button', { name: 'Klaar' }).click();
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Gegevens opgeslagen')).toBeVisible();

  // After a reload the editor shows what was stored.
  await page.reload();
  routing = await openRouting();
  await expect(verificationsOf(routing, 1).getByRole('checkbox', { name: 'SMS' })).toBeChecked();
  await expect(
    verificationsOf(routing, 2).getByRole('checkbox', { name: 'EU-wallet' }),
  ).toBeChecked();
  await expect(
    routing
      .getByRole('region', { name: 'Ondertekenaar 2', exact: true })
      .getByRole('checkbox', { name: 'Nationaliteit' }),
  ).toBeChecked();

  // The wizard: picking the template sets both signers' verifications.
  const stamp = Date.now();
  await wizardWithTemplate(page, 'Huurcontract check', [
    { firstname: 'Hein', lastname: 'Huurder', email: `hein-${stamp}@check.nl` },
    { firstname: 'Vera', lastname: 'Verhuurder', email: `vera-${stamp}@check.nl` },
  ]);
  const tenant = signerSection(page, 1);
  await expect(tenant.getByRole('checkbox', { name: 'SMS' })).toBeChecked();
  await expect(field(tenant, 'Mobiel nummer')).toBeVisible();
  const landlord = signerSection(page, 2);
  await expect(landlord.getByRole('checkbox', { name: 'EU-wallet' })).toBeChecked();
  await expect(landlord.getByRole('checkbox', { name: 'Nationaliteit' })).toBeChecked();
  await expect(landlord.getByRole('checkbox', { name: 'SMS' })).not.toBeChecked();
  await landlord.screenshot({ path: `${shots}template-verifications-wizard-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await landlord.screenshot({ path: `${shots}template-verifications-wizard-phone.png` });
});
