import type { Page } from '@playwright/test';
import { call, createSignRequest, registerCompany } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * The GDPR retention period (issue 17): set in Bedrijfsinstellingen, it moves the purge date the
 * detail screen of a sent request shows ('Wordt verwijderd op').
 */

/** Logged in as the API session: the web app keeps the token under `paraaf.token`. */
async function useSession(page: Page, token: string) {
  await page.goto('/login');
  await page.evaluate((t) => window.localStorage.setItem('paraaf.token', t), token);
}

/** A date as the screens write it: dd-mm-yyyy in Dutch time. */
function dutchDate(iso: string): string {
  const parts = new Intl.DateTimeFormat('nl-NL', {
    timeZone: 'Europe/Amsterdam',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('day')}-${part('month')}-${part('year')}`;
}

test('a retention period set in Bedrijfsinstellingen shows as the purge date of a sent request', async ({
  page,
  baseURL,
}) => {
  const token = await registerCompany(baseURL!, `Archief Bewaar ${Date.now()}`, 'Bea Bewaar');
  const id = await createSignRequest(baseURL!, token, {
    subject: 'Arbeidsovereenkomst',
    document: 'Arbeidsovereenkomst',
    signers: [{ firstname: 'Kees', lastname: 'Kort', email: `kees-${Date.now()}@example.nl` }],
    send: true,
  });
  const before = await call<{ expires_at: string; estimated_gdpr_purge_at: string }>(
    baseURL!,
    token,
    'GET',
    `/sign-requests/${id}`,
  );
  const day = 24 * 3600 * 1000;
  expect(Date.parse(before.estimated_gdpr_purge_at)).toBe(Date.parse(before.expires_at) + 30 * day);

  await useSession(page, token);
  await page.goto('/instellingen/bedrijf');
  const retention = page.getByLabel(/Bewaartermijn \(dagen\)/);
  await expect(retention).toHaveValue('30');
  await retention.fill('45');
  await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect(page.getByText('Je wijzigingen zijn opgeslagen')).toBeVisible();

  const expected = new Date(Date.parse(before.expires_at) + 45 * day).toISOString();
  await page.goto(`/ondertekening/${id}`);
  const item = page.getByText('Wordt verwijderd op').locator('..');
  await expect(item).toContainText(dutchDate(expected));
  await expect(page.getByText(dutchDate(before.estimated_gdpr_purge_at))).toHaveCount(0);
});
