import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { call, registerCompany } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Issue 14, end to end in Chromium against the built product with its payments simulator (the
 * Mollie test-mode stand-in): a new company on the free plan buys credits at the checkout,
 * returns to the thank-you page and finds its paid invoice; a cancelled checkout changes
 * nothing; the company upgrades to standard with a mandate payment, sees Templates appear,
 * schedules a downgrade and cancels it. Every screen is photographed for a person to look at.
 */

const shots = '/work/shots/';
mkdirSync(shots, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${shots}billing-${name}.png`, fullPage: true });

/** Logged in as the API session: the web app keeps the token under `paraaf.token`. */
async function useSession(page: Page, token: string) {
  await page.goto('/login');
  await page.evaluate((t) => window.localStorage.setItem('paraaf.token', t), token);
}

/** Chooses an outcome on the simulator's checkout page, a button per Mollie status. */
async function checkout(page: Page, outcome: 'paid' | 'failed' | 'canceled' | 'expired') {
  await expect(page).toHaveURL(/\/dev\/payments\/checkout\/tr_/);
  await page.getByRole('button', { name: outcome, exact: true }).click();
  await expect(page).toHaveURL(/\/instellingen\/credits\/gekocht\?betaling=/);
}

const topCredits = (page: Page) =>
  page.getByRole('navigation', { name: 'Hoofdmenu' }).getByText(/^Credits: \d+$/);
const sideMenu = (page: Page) => page.getByRole('navigation', { name: 'Instellingen' });
const plan = (page: Page, name: string) => page.getByRole('article', { name });

test('buying credits at the checkout, a paid invoice; a cancelled checkout changes nothing', async ({
  page,
  baseURL,
  smtp,
}) => {
  test.setTimeout(120_000);
  const token = await registerCompany(baseURL!, 'Bloemist Kopen', 'Bea Kopen');
  const { email } = await call<{ email: string }>(baseURL!, token, 'GET', '/user');
  await useSession(page, token);

  await page.goto('/instellingen/credits');
  await expect(
    page.getByRole('heading', { name: 'Credits & Abonnementen', level: 1 }),
  ).toBeVisible();
  await expect(topCredits(page)).toHaveText('Credits: 10');
  const amount = page.getByRole('textbox', { name: /Aantal credits/ });
  await amount.fill('50');
  // The free plan: € 1,50 a credit; 50 credits € 75,00 + 21% VAT € 15,75 = € 90,75.
  const buy = page.getByRole('table', { name: 'Credits kopen' });
  await expect(buy).toContainText('€ 1,50');
  await expect(page.getByTestId('total-excl')).toHaveText('€ 75,00');
  await expect(page.getByTestId('vat')).toHaveText('€ 15,75');
  await expect(page.getByTestId('total-incl')).toHaveText('€ 90,75');
  await expect(plan(page, 'Gratis')).toContainText('Huidig abonnement');
  await shot(page, 'credits');

  await page.getByRole('button', { name: 'Credits kopen' }).click();
  await expect(page).toHaveURL(/\/dev\/payments\/checkout\/tr_/);
  await shot(page, 'checkout');
  await checkout(page, 'paid');
  await expect(page.getByText('Bedankt! 50 credits zijn toegevoegd.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nieuwe ondertekening starten' })).toHaveAttribute(
    'href',
    '/nieuwe-ondertekening',
  );
  await expect(topCredits(page)).toHaveText('Credits: 60');
  await shot(page, 'bought');

  // The history shows the payment; the invoice is paid and lists the amounts with 21% VAT.
  await page.goto('/instellingen/credits');
  const history = page.getByRole('region', { name: 'Betalingen', exact: true });
  await expect(history.getByRole('row').filter({ hasText: '€ 90,75' })).toContainText('Betaald');

  await page.goto('/instellingen/facturen');
  await expect(page.getByRole('heading', { name: 'Facturen', level: 1 })).toBeVisible();
  const invoiceRow = page.getByRole('row').filter({ hasText: '€ 90,75' });
  await expect(invoiceRow).toContainText('Betaald');
  await shot(page, 'invoices');
  const downloading = page.waitForEvent('download');
  await invoiceRow.getByRole('link').or(invoiceRow.getByRole('button')).first().click();
  const download = await downloading;
  const file = join(mkdtempSync(join(tmpdir(), 'paraaf-invoice-')), 'factuur.pdf');
  await download.saveAs(file);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toMatch(/Factuur/);
  expect(text).toMatch(/Credits/);
  expect(text).toMatch(/50/);
  expect(text).toContain('€ 1,50');
  expect(text).toContain('€ 75,00');
  expect(text).toMatch(/BTW 21%/i);
  expect(text).toContain('€ 15,75');
  expect(text).toContain('€ 90,75');
  // The same invoice came by mail to the admin, as a PDF.
  const mail = await smtp.waitForMail(email, /^Factuur /);
  expect(mail.attachments.map((a) => a.contentType)).toContain('application/pdf');

  // A second purchase cancelled at the checkout: nothing booked, the history says so.
  await page.goto('/instellingen/credits');
  await page.getByRole('textbox', { name: /Aantal credits/ }).fill('20');
  await page.getByRole('button', { name: 'Credits kopen' }).click();
  await checkout(page, 'canceled');
  await expect(page.getByText('De betaling is geannuleerd')).toBeVisible();
  await expect(page.getByText(/Er is niets afgeschreven/)).toBeVisible();
  await shot(page, 'canceled');
  await page.getByRole('link', { name: 'Terug naar Credits & Abonnementen' }).click();
  await expect(topCredits(page)).toHaveText('Credits: 60');
  await expect(
    page
      .getByRole('region', { name: 'Betalingen', exact: true })
      .getByRole('row')
      .filter({ hasText: '€ 36,30' }),
  ).toContainText('Geannuleerd');
  await page.goto('/instellingen/facturen');
  await expect(page.getByRole('row').filter({ hasText: '€ 36,30' })).toHaveCount(0);
});

test('upgrading to standard with a mandate payment, then a downgrade scheduled and cancelled', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const token = await registerCompany(baseURL!, 'Bakkerij Abonnee', 'Bas Abonnee');
  await useSession(page, token);
  await page.goto('/instellingen/credits');
  await expect(sideMenu(page).getByRole('link', { name: 'Templates', exact: true })).toHaveCount(0);

  const standard = plan(page, 'Standaard');
  await standard.getByRole('button', { name: 'Kies dit abonnement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Overstappen naar Standaard' });
  await expect(dialog).toContainText('De wijziging gaat vandaag');
  await expect(dialog).toContainText('€ 59,29 incl. btw');
  await shot(page, 'upgrade');
  await dialog.getByRole('button', { name: 'Bevestigen' }).click();
  await checkout(page, 'paid');
  await expect(page.getByText(/Bedankt! De betaling voor .* is gelukt\./)).toBeVisible();
  await shot(page, 'upgraded');

  // Standard now: its features in the menu, its 50 monthly credits, a payment date, a mandate.
  await page.goto('/instellingen/credits');
  await expect(plan(page, 'Standaard')).toContainText('Huidig abonnement');
  await expect(sideMenu(page).getByRole('link', { name: 'Templates', exact: true })).toBeVisible();
  await expect(topCredits(page)).toHaveText('Credits: 60');
  const payment = page.getByRole('region', { name: 'Betaling', exact: true });
  await expect(payment).toContainText('Ingesteld');
  await expect(payment).not.toContainText('nvt');

  // A downgrade to free starts at the end of the period; cancelling it keeps standard.
  await plan(page, 'Gratis').getByRole('button', { name: 'Kies dit abonnement' }).click();
  const down = page.getByRole('dialog', { name: 'Overstappen naar Gratis' });
  await expect(down).toContainText(/De wijziging gaat in op \d\d-\d\d-\d{4}/);
  await down.getByRole('button', { name: 'Bevestigen' }).click();
  const pending = page.getByRole('region', { name: 'Geplande wijziging' });
  await expect(pending).toContainText(/Je abonnement wordt Gratis per \d\d-\d\d-\d{4}\./);
  await expect(plan(page, 'Gratis')).toContainText(/Gaat in op/);
  await shot(page, 'downgrade-scheduled');
  await pending.getByRole('button', { name: 'Wijziging annuleren' }).click();
  await expect(pending).toHaveCount(0);
  await page.reload();
  await expect(plan(page, 'Standaard')).toContainText('Huidig abonnement');
  await expect(page.getByRole('region', { name: 'Geplande wijziging' })).toHaveCount(0);
  await expect(sideMenu(page).getByRole('link', { name: 'Templates', exact: true })).toBeVisible();
  await shot(page, 'standard');
});
