import type { Page } from '@playwright/test';
import { call, companyIdOf, createSignRequest, enableFeatures } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Departments (issue 17): the company's mail sender name is edited in Bedrijfsinstellingen and
 * is the From name of the next request's mails; with the feature, departments are added there.
 */

const password = 'Eerste-wachtwoord-1';

async function register(page: Page, company: string, name: string) {
  const email = `${name.split(' ')[0]!.toLowerCase()}-${Date.now()}@${company.replace(/\W/g, '').toLowerCase()}.nl`;
  await page.goto('/register');
  await page.getByLabel(/^Bedrijfsnaam/).fill(company);
  await page.getByLabel(/^Naam/).fill(name);
  await page.getByLabel(/^E-mailadres/).fill(email);
  await page.getByLabel(/^Wachtwoord/).fill(password);
  await page.getByLabel(/^Herhaal wachtwoord/).fill(password);
  await page.getByLabel(/algemene voorwaarden/).check();
  await page.getByRole('button', { name: 'Registreren' }).click();
  await expect(page).toHaveURL(/\/nieuwe-ondertekening\?register=success$/);
  return email;
}

test('the mail sender name set in Bedrijfsinstellingen is the From name of the next invitation', async ({
  page,
  smtp,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const company = `Makelaardij Zonneveld ${stamp}`;
  const email = await register(page, company, 'Petra Zonneveld');
  const fromName = `Zonneveld Verhuur ${stamp}`;

  await page.goto('/instellingen/bedrijf');
  const mailName = page.getByLabel(/^Afzendernaam e-mails/);
  await expect(mailName).toHaveValue(company);
  await mailName.fill(fromName);
  await page.getByRole('button', { name: 'Afzender opslaan' }).click();
  await expect(page.getByText('Je wijzigingen zijn opgeslagen')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/^Afzendernaam e-mails/)).toHaveValue(fromName);
  // The free plan has no departments feature: a line to the plans instead of the list.
  await expect(page.getByRole('link', { name: 'Abonnement wijzigen' })).toBeVisible();

  const { token } = await call<{ token: string }>(baseURL!, null, 'POST', '/auth/login', {
    email,
    password,
  });
  const signer = `koper-${stamp}@voorbeeld.nl`;
  await createSignRequest(baseURL!, token, {
    subject: `Huurcontract ${stamp}`,
    document: 'Huurcontract',
    signers: [{ firstname: 'Koen', lastname: 'Koper', email: signer }],
    send: true,
  });
  const invitation = await smtp.waitForMail(signer, undefined, 20_000);
  expect(invitation.from).toContain(fromName);

  // With the feature: departments are added on the same screen (and listed by the API).
  await enableFeatures(baseURL!, await companyIdOf(baseURL!, token), ['departments']);
  await page.reload();
  await page.getByRole('button', { name: 'Afdeling toevoegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Afdeling toevoegen' });
  await dialog.getByLabel(/^Naam/).fill('Afdeling Verkoop');
  await dialog.getByLabel(/^Afzendernaam/).fill(`Zonneveld Verkoop ${stamp}`);
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: 'Afdeling Verkoop' });
  await expect(row).toContainText(`Zonneveld Verkoop ${stamp}`);
  const departments = await call<{ data: { name: string }[] }>(
    baseURL!,
    token,
    'GET',
    '/departments',
  );
  expect(departments.data.map((d) => d.name)).toEqual([company, 'Afdeling Verkoop']);
});
