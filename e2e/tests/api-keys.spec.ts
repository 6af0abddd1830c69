import type { Page } from '@playwright/test';
import { companyIdOf, createSignRequest, enableFeatures, registerCompany } from '../support/api.ts';
import { createKeyInScreen } from '../support/api-keys.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Issue 16: an admin creates an API key in /instellingen/api, reads the secret from the screen,
 * and the test uses it as an integrator would (fetch, Bearer pk_…) to create and send a sign
 * request, which the list then shows; revoked in the screen, the next call is a 401.
 */

async function useSession(page: Page, token: string) {
  await page.goto('/login');
  await page.evaluate((t) => window.localStorage.setItem('paraaf.token', t), token);
}

test('a key made in the screen creates and sends a sign request, and is dead once revoked', async ({
  page,
  baseURL,
}) => {
  const company = `Verhuur Sleutel ${Date.now()}`;
  const token = await registerCompany(baseURL!, company, 'Sanne Sleutel');
  await enableFeatures(baseURL!, await companyIdOf(baseURL!, token), ['api']);
  await useSession(page, token);

  await page.goto('/');
  await page.getByRole('link', { name: 'API sleutels' }).click();
  await expect(page).toHaveURL(/\/instellingen\/api$/);
  await expect(page.getByText('Er zijn nog geen API-sleutels')).toBeVisible();

  const secret = await createKeyInScreen(page, 'CRM-koppeling', 'Huurcontracten uit het CRM');
  const row = page.getByTestId('api-key-row').filter({ hasText: 'CRM-koppeling' });
  await expect(row).toContainText(secret.slice(0, 11));
  await expect(row).toContainText('Nog niet gebruikt');
  // The secret is nowhere on the screen once the modal closed.
  await expect(page.getByText(secret)).toHaveCount(0);

  // The integrator's side: the key alone, outside the browser.
  const subject = `Huurcontract via API ${Date.now()}`;
  const id = await createSignRequest(baseURL!, secret, {
    subject,
    document: 'Huurcontract Keizersgracht',
    signers: [{ firstname: 'Bram', lastname: 'Bakker', email: `bram-${Date.now()}@example.nl` }],
    send: true,
  });
  await page.goto('/');
  const listed = page
    .getByRole('table')
    .locator('tbody tr')
    .filter({ hasText: String(id) });
  await expect(listed).toContainText('Bram Bakker');
  await expect(listed).toContainText('Bezig');

  await page.goto('/instellingen/api');
  await expect(row).not.toContainText('Nog niet gebruikt');
  await row.getByRole('button', { name: 'API-sleutel CRM-koppeling intrekken' }).click();
  const confirm = page.getByRole('dialog', { name: 'API-sleutel intrekken' });
  await expect(confirm).toContainText('Weet je zeker');
  await confirm.getByRole('button', { name: 'Intrekken' }).click();
  await expect(page.getByText('Er zijn nog geen API-sleutels')).toBeVisible();

  const after = await fetch(`${baseURL}/api/sign-requests/${id}`, {
    headers: { Authorization: `Bearer ${secret}` },
  });
  expect(after.status).toBe(401);
});
