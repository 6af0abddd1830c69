import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Creates an API key as the logged-in admin does in /instellingen/api and returns its secret,
 * read from the screen (shown once, with the warning); the modal is closed afterwards.
 */
export async function createKeyInScreen(
  page: Page,
  name: string,
  description = '',
): Promise<string> {
  await page.goto('/instellingen/api');
  await page.getByRole('button', { name: 'Nieuwe API-sleutel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuwe API-sleutel' });
  await dialog.getByLabel('Naam').fill(name);
  if (description) await dialog.getByLabel('Omschrijving').fill(description);
  await dialog.getByRole('button', { name: 'Aanmaken' }).click();
  const secretField = page.getByTestId('api-key-secret');
  await expect(secretField).toBeVisible();
  await expect(page.getByText(/niet meer getoond/)).toBeVisible();
  const secret = await secretField.inputValue();
  expect(secret).toMatch(/^pk_[A-Za-z0-9_-]{43}$/);
  await page.getByRole('button', { name: 'Klaar' }).click();
  return secret;
}
