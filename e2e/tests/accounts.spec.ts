import type { Locator, Page } from '@playwright/test';
import { choosePlan } from '../support/api.ts';
import { expect, linkFrom, test } from '../support/fixtures.ts';

const password = 'Eerste-wachtwoord-1';

/** A form field by its exact Dutch label; Mantine appends ' *' to required labels. */
const field = (scope: Page | Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${label}( \\*)?$`));
const newPassword = 'Tweede-wachtwoord-2';

async function login(page: Page, email: string, pass: string) {
  await page.goto('/login');
  await field(page, 'E-mailadres').fill(email);
  await field(page, 'Wachtwoord').fill(pass);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
}

async function logout(page: Page) {
  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function register(page: Page, company: string, name: string, email: string) {
  await page.goto('/register');
  await field(page, 'Bedrijfsnaam').fill(company);
  await field(page, 'Naam').fill(name);
  await field(page, 'E-mailadres').fill(email);
  await field(page, 'Wachtwoord').fill(password);
  await field(page, 'Herhaal wachtwoord').fill(password);
  await page.getByLabel(/algemene voorwaarden/).check();
  await page.getByRole('button', { name: 'Registreren' }).click();
  await expect(page).toHaveURL(/\/nieuwe-ondertekening\?register=success$/);
}

test('register, two-step login with the mailed code, change password, log out', async ({
  page,
  smtp,
}) => {
  const email = `jan-${Date.now()}@bakkerij.nl`;
  await register(page, 'Bakkerij de Vries', 'Jan de Vries', email);
  await expect(page.getByText('Credits: 10')).toBeVisible();
  await logout(page);

  // A wrong password is refused with the seed's message.
  await login(page, email, 'niet-het-wachtwoord');
  await expect(
    page.getByText(
      'Het inloggen is helaas niet gelukt, Controleer je gegevens en probeer het opnieuw',
    ),
  ).toBeVisible();

  await login(page, email, password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/instellingen/account');
  await page.getByRole('switch', { name: /^Tweestapsverificatie/ }).check();
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Je wijzigingen zijn opgeslagen')).toBeVisible();
  await logout(page);

  await login(page, email, password);
  const codeMail = await smtp.waitForMail(email, /inlogcode/);
  const code = /\b(\d{5})\b/.exec(codeMail.text)?.[1];
  expect(code).toBeDefined();
  // A wrong code first: the boxes are cleared and the seed's message shows.
  const wrong = code === '00000' ? '11111' : '00000';
  await page.getByLabel('Cijfer 1 van de code').click();
  await page.keyboard.type(wrong);
  await expect(page.getByText('De opgegeven code is onjuist, probeer het opnieuw')).toBeVisible();
  await page.getByLabel('Cijfer 1 van de code').click();
  await page.keyboard.type(code!);
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/instellingen/account/wachtwoord-veranderen');
  await field(page, 'Huidig wachtwoord').fill(password);
  await field(page, 'Nieuw wachtwoord').fill(newPassword);
  await field(page, 'Herhaal wachtwoord').fill(newPassword);
  await page.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
  await expect(page.getByRole('link', { name: /account/i }).first()).toBeVisible();
  await logout(page);

  // The old password no longer works; the new one does (with a fresh code).
  await login(page, email, password);
  await expect(
    page.getByText(
      'Het inloggen is helaas niet gelukt, Controleer je gegevens en probeer het opnieuw',
    ),
  ).toBeVisible();
});

test('password reminder, reset through the mailed link, log in', async ({ page, smtp }) => {
  const email = `els-${Date.now()}@kapper.nl`;
  await register(page, 'Kapsalon Els', 'Els Jansen', email);
  await logout(page);

  await page.goto('/wachtwoord-vergeten');
  await field(page, 'E-mailadres').fill(email);
  await page.getByRole('button', { name: 'Aanvraag versturen' }).click();
  await expect(
    page.getByText(
      'Er is een wachtwoord herstel email verstuurd, klik op de link in de mail om je wachtwoord te herstellen.',
    ),
  ).toBeVisible();

  const mail = await smtp.waitForMail(email, /Wachtwoord herstellen/);
  const link = linkFrom(mail, '/wachtwoord-instellen/');
  await page.goto(new URL(link).pathname);
  await field(page, 'E-mailadres').fill(email);
  await field(page, 'Nieuw wachtwoord').fill(newPassword);
  await field(page, 'Herhaal wachtwoord').fill(newPassword);
  await page.getByRole('button', { name: 'Wachtwoord instellen' }).click();
  await page
    .getByRole('link', { name: /inloggen/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/login$/);

  await login(page, email, newPassword);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Kapsalon Els').first()).toBeVisible();
});

test('invite a viewer, activate through the mailed link, the viewer sees only a viewer menu', async ({
  page,
  smtp,
  baseURL,
}) => {
  const adminEmail = `piet-${Date.now()}@garage.nl`;
  const viewerEmail = `inzage-${Date.now()}@garage.nl`;
  await register(page, 'Garage Piet', 'Piet Smit', adminEmail);
  // A second user needs a standard or premium plan (seed 001 §6).
  const token = await page.evaluate(() => window.localStorage.getItem('paraaf.token'));
  await choosePlan(baseURL!, token!, 2);

  await page.goto('/instellingen/gebruikers');
  await expect(page.getByRole('heading', { name: 'Gebruikers' })).toBeVisible();
  await page.getByRole('button', { name: 'Uitnodigen' }).first().click();
  const dialog = page.getByRole('dialog');
  await field(dialog, 'Naam').fill('Ineke Inzage');
  await field(dialog, 'E-mailadres').fill(viewerEmail);
  await field(dialog, 'Rol').selectOption({ label: 'Inzage' });
  await dialog.getByRole('button', { name: 'Uitnodigen' }).click();
  await expect(page.getByRole('cell', { name: viewerEmail })).toBeVisible();
  await logout(page);

  const mail = await smtp.waitForMail(viewerEmail, /Uitnodiging/);
  await page.goto(new URL(linkFrom(mail, '/activeren/')).pathname);
  await expect(page.getByRole('button', { name: 'Uitloggen' })).toHaveCount(0);
  await field(page, 'Wachtwoord').fill(password);
  const repeat = field(page, 'Herhaal wachtwoord');
  if (await repeat.count()) await repeat.fill(password);
  await page.getByRole('button', { name: 'Activeren' }).click();
  await expect(page).toHaveURL(/\/$/);

  // A viewer may change nothing: no new signing, no users, no company settings.
  await expect(page.getByRole('link', { name: 'Account instellingen' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nieuwe ondertekening' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Gebruikers' })).toHaveCount(0);
  await page.screenshot({ path: '../.tmp/viewer-home.png', fullPage: true });

  // The link works once: activating again shows the seed's text.
  await logout(page);
  await page.goto(new URL(linkFrom(mail, '/activeren/')).pathname);
  await expect(page.getByText('Jouw account is al geactiveerd')).toBeVisible();
});
