import { expect, type Page } from '@playwright/test';
import { platformAdmin } from './api.ts';

/** Logs the platform administrator (support/api.ts) in through the login screen. */
export async function logInAsPlatformAdmin(page: Page) {
  await page.goto('/login');
  await page.getByLabel(/^E-mailadres/).fill(platformAdmin.email);
  await page.getByLabel(/^Wachtwoord/).fill(platformAdmin.password);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  // A platform administrator lands in the back office.
  await expect(page).toHaveURL(/\/all-users$/);
}
