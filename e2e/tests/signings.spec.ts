import type { Page } from '@playwright/test';
import { call, createSignRequest, registerCompany } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * The sign request list and detail screen (seed 000 §2). Sign requests are made through the API
 * as the wizard would (create, signers, documents, ready); the screens are driven in Chromium.
 */

const shots = new URL('../../.tmp/', import.meta.url).pathname;

/** Logged in as the API session: the web app keeps the token under `paraaf.token`. */
async function useSession(page: Page, token: string) {
  await page.goto('/login');
  await page.evaluate((t) => window.localStorage.setItem('paraaf.token', t), token);
}

const rows = (page: Page) => page.getByRole('table').locator('tbody tr');

test('the list filters by signer name and by status, and keeps its filters over a reload', async ({
  page,
  baseURL,
}) => {
  const token = await registerCompany(baseURL!, 'Notaris Visser', 'Vera Visser');
  const sent = await createSignRequest(baseURL!, token, {
    subject: 'Koopakte',
    document: 'Koopakte woning',
    signers: [{ firstname: 'Sanne', lastname: 'Jansen', email: `sanne-${Date.now()}@example.nl` }],
    send: true,
  });
  const draft = await createSignRequest(baseURL!, token, {
    subject: 'Huurcontract',
    document: 'Huurcontract kantoor',
    signers: [{ firstname: 'Bram', lastname: 'Bakker', email: `bram-${Date.now()}@example.nl` }],
    send: false,
  });

  await useSession(page, token);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Ondertekeningen' })).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  // Newest first (order id,desc), with signers, documents and the state badge.
  await expect(rows(page).first()).toContainText(String(draft));
  await expect(rows(page).first()).toContainText('Bram Bakker');
  await expect(rows(page).first()).toContainText('Aangemaakt');
  await expect(rows(page).nth(1)).toContainText('Sanne Jansen');
  await expect(rows(page).nth(1)).toContainText('Koopakte woning');
  await expect(rows(page).nth(1)).toContainText('Bezig');

  // Signer search: applied after typing stops, kept in the URL.
  await page.getByLabel('Ondertekenaars').fill('Jansen');
  await expect(page).toHaveURL(/[?&]signers=Jansen/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Sanne Jansen');
  await page.reload();
  await expect(page.getByLabel('Ondertekenaars')).toHaveValue('Jansen');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(String(sent));
  // A full name (its words' junction, the server's own search key), and one that only matches
  // the other signer's first name with this one's surname.
  await page.getByLabel('Ondertekenaars').fill('anne jans');
  await expect(page).toHaveURL(/[?&]signers=anne(\+|%20)jans/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(String(sent));
  await page.getByLabel('Ondertekenaars').fill('Bram Jansen');
  await expect(page.getByText('Geen ondertekeningen gevonden met deze filters.')).toBeVisible();

  // Status filter: clear the name, choose 'Aangemaakt'.
  await page.getByLabel('Ondertekenaars').fill('');
  await expect(page).not.toHaveURL(/signers=/);
  await expect(rows(page)).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Aangemaakt' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/[?&]states=1(&|$)/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Bram Bakker');
  await page.reload();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Bram Bakker');
  await expect(page.getByText('Aangemaakt').first()).toBeVisible();
  await page.screenshot({ path: `${shots}signings-list-filters.png`, fullPage: true });

  // A search that finds nothing, then both filters at once.
  await page.getByLabel('Documenten').fill('Koopakte');
  await expect(page).toHaveURL(/signables=Koopakte/);
  await expect(page.getByText('Geen ondertekeningen gevonden met deze filters.')).toBeVisible();

  // The settings menu clears every filter.
  await page.getByRole('button', { name: 'Instellingen' }).click();
  await page.getByRole('menuitem', { name: 'Filters wissen' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByLabel('Documenten')).toHaveValue('');

  // A row opens the detail screen.
  await rows(page).filter({ hasText: 'Sanne Jansen' }).click();
  await expect(page).toHaveURL(new RegExp(`/ondertekening/${sent}$`));
  await expect(page.getByRole('heading', { name: `Koopakte (#${sent})` })).toBeVisible();
});

test('the list names an approver, shows copies muted and a hand-over by its delegate, on a desktop and a phone', async ({
  page,
  baseURL,
}) => {
  const token = await registerCompany(baseURL!, 'Makelaardij Mol', 'Mirjam Mol');
  const stamp = Date.now();
  const id = await createSignRequest(baseURL!, token, {
    subject: 'Koopovereenkomst Kerkstraat 4',
    document: 'Koopovereenkomst',
    signers: [
      { firstname: 'Sanne', lastname: 'Smit', email: `sanne-${stamp}@example.nl` },
      {
        firstname: 'Anna',
        lastname: 'Akkerman',
        email: `anna-${stamp}@example.nl`,
        role: 'approver',
        verifications: [1],
      },
      {
        firstname: 'Cor',
        lastname: 'Claassen',
        email: `cor-${stamp}@example.nl`,
        role: 'cc',
        verifications: [1],
      },
    ],
    send: true,
  });
  const detail = await call<{ signers: { id: number; firstname: string }[] }>(
    baseURL!,
    token,
    'GET',
    `/sign-requests/${id}`,
  );
  // Sanne hands her place over (the sender's 'Vervangen'): Karin is listed in her place.
  await call(baseURL!, token, 'PUT', `/sign-requests/${id}/reassign-signer`, {
    signer_id: detail.signers.find((s) => s.firstname === 'Sanne')!.id,
    firstname: 'Karin',
    lastname: 'Kok',
    email: `karin-${stamp}@example.nl`,
    reason: 'Met vakantie',
  });

  await useSession(page, token);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const row = rows(page).first();
  await expect(row).toContainText('Karin Kok');
  await expect(row).toContainText('Anna Akkerman (goedkeurder)');
  await expect(row.getByText('Kopie: Cor Claassen')).toBeVisible();
  await expect(row).not.toContainText('Sanne');
  await page.screenshot({ path: `${shots}signings-list-roles-desktop.png` });

  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByTestId('sign-request-cards').locator('article').first();
  await expect(
    card.getByText('Ondertekenaars: Karin Kok, Anna Akkerman (goedkeurder)'),
  ).toBeVisible();
  await expect(card.getByText('Kopie: Cor Claassen')).toBeVisible();
  await expect(card).not.toContainText('Sanne');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${shots}signings-list-roles-phone.png` });
});

test('the detail screen shows a signer’s audit trail; cancelling informs the signers', async ({
  page,
  baseURL,
  smtp,
}) => {
  const token = await registerCompany(baseURL!, 'Makelaardij Mol', 'Mark Mol');
  const first = `lotte-${Date.now()}@example.nl`;
  const second = `kees-${Date.now()}@example.nl`;
  const id = await createSignRequest(baseURL!, token, {
    subject: 'Verkoopopdracht',
    document: 'Verkoopopdracht',
    signers: [
      { firstname: 'Lotte', lastname: 'de Boer', email: first },
      { firstname: 'Kees', lastname: 'Smit', email: second },
    ],
    send: true,
  });
  await smtp.waitForMail(first);

  await useSession(page, token);
  await page.goto(`/ondertekening/${id}`);
  await expect(page.getByRole('heading', { name: `Verkoopopdracht (#${id})` })).toBeVisible();
  await expect(page.getByText('Bezig').first()).toBeVisible();
  await expect(page.getByText('Lotte de Boer')).toBeVisible();
  await expect(page.getByText(second)).toBeVisible();
  await expect(page.getByText('Verkoopopdracht').first()).toBeVisible();
  await expect(page.getByText(/2 pagina's/)).toBeVisible();
  await expect(page.getByText('2 credits')).toBeVisible();
  await page.screenshot({ path: `${shots}signing-detail.png`, fullPage: true });

  await page.getByRole('button', { name: 'Audit trail Lotte de Boer' }).click();
  const audit = page.getByRole('dialog', { name: 'Audit trail van Lotte de Boer' });
  await expect(audit.getByText('Verstuurd')).toBeVisible();
  await expect(audit.getByText(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}/).first()).toBeVisible();
  await page.screenshot({ path: `${shots}signing-audit.png` });
  await page.keyboard.press('Escape');
  await expect(audit).toHaveCount(0);

  // The preview shows the document inline, fetched with the token in the query.
  const [pdfResponse] = await Promise.all([
    page.waitForResponse((r) => /\/api\/signables\/\d+\/file\?view=true&token=/.test(r.url())),
    page.getByRole('button', { name: 'Bekijken' }).click(),
  ]);
  expect(pdfResponse.status()).toBe(200);
  expect(pdfResponse.headers()['content-type']).toContain('application/pdf');
  await expect(page.getByRole('dialog', { name: 'Verkoopopdracht' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Annuleren' }).click();
  const confirm = page.getByRole('dialog', { name: 'Ondertekening annuleren' });
  await expect(confirm.getByText(/Alle ondertekenaars worden hierover geïnformeerd/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Ondertekening annuleren' }).click();
  await expect(page.getByText('Ondertekening geannuleerd').first()).toBeVisible();
  await expect(page.getByText('Geannuleerd').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Annuleren' })).toHaveCount(0);

  for (const to of [first, second]) await smtp.waitForMail(to, /annuleer|geannuleerd/i);
});

test('a corrected address gets a manual reminder; a second one is refused as too recent', async ({
  page,
  baseURL,
  smtp,
}) => {
  const token = await registerCompany(baseURL!, 'Installatiebedrijf Kok', 'Karin Kok');
  const wrong = `pieter-${Date.now()}@exampel.nl`;
  const right = `pieter-${Date.now()}@example.nl`;
  const id = await createSignRequest(baseURL!, token, {
    subject: 'Onderhoudscontract',
    document: 'Onderhoudscontract',
    signers: [{ firstname: 'Pieter', lastname: 'Post', email: wrong }],
    send: true,
  });

  await useSession(page, token);
  await page.goto(`/ondertekening/${id}`);

  // Right after the invitation a reminder is too soon: the button waits, and says until when.
  const remindButton = page.getByRole('button', { name: 'Herinnering sturen Pieter Post' });
  await expect(remindButton).toBeDisabled();
  await expect(
    page.getByText(/^Volgende herinnering mogelijk vanaf (\d{2}-\d{2}-\d{4} )?\d{2}:\d{2}$/),
  ).toBeVisible();

  // Correct the address: the modal says the new address is not invited by itself.
  await page.getByRole('button', { name: 'Bewerken Pieter Post' }).click();
  const edit = page.getByRole('dialog', { name: 'Ondertekenaar bewerken' });
  await expect(edit.getByText(/niet automatisch een uitnodiging/)).toBeVisible();
  await edit.getByLabel(/^E-mailadres/).fill(right);
  await edit.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Bewerken geslaagd')).toBeVisible();
  await expect(page.getByText(right)).toBeVisible();

  // Now the reminder goes out to the new address, and a second click is refused.
  await page.getByRole('button', { name: 'Herinnering sturen Pieter Post' }).click();
  await expect(page.getByText('Handmatige herinnering verstuurd').first()).toBeVisible();
  await smtp.waitForMail(right);
  const card = page.getByRole('region', { name: 'Pieter Post' });
  await expect(card.getByTestId('manual-reminders')).toHaveText('1');
  await expect(remindButton).toBeDisabled();
  await expect(
    card.getByText(/^Volgende herinnering mogelijk vanaf (\d{2}-\d{2}-\d{4} )?\d{2}:\d{2}$/),
  ).toBeVisible();

  // The audit trail records both the change and the reminder.
  await page.getByRole('button', { name: 'Audit trail Pieter Post' }).click();
  const audit = page.getByRole('dialog');
  await expect(audit.getByText('Ondertekenaar aangepast')).toBeVisible();
  await expect(audit.getByText('Handmatige herinnering verstuurd')).toBeVisible();
});
