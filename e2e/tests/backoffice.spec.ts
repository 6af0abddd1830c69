import { test as base, expect, type Page } from '@playwright/test';
import { call, platformAdmin, registerCompany } from '../support/api.ts';
import { startServer, type RunningServer } from '../support/server.ts';

/**
 * Issue 15 in Chromium, as a platform administrator: find a user by name (the search survives a
 * reload), log in as that user and come back, create a custom subscription for the company.
 * Screenshots of each screen go to /work/shots/backoffice-*.png (SHOTS_DIR to change).
 */

const shots = process.env.SHOTS_DIR ?? '/work/shots';

const test = base.extend<object, { server: RunningServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use) => {
      const server = await startServer({
        ADMIN_EMAIL: platformAdmin.email,
        ADMIN_PASSWORD: platformAdmin.password,
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => use(server.baseUrl),
});

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${shots}/backoffice-${name}.png`, fullPage: true });
}

test('a platform admin finds a user, acts as the user and back, makes a custom plan offered to that company', async ({
  page,
  browser,
  baseURL,
}) => {
  const bakery = await registerCompany(baseURL!, 'Bakkerij Zoet', 'Marieke Zoetelief');
  const garage = await registerCompany(baseURL!, 'Garage Snel', 'Sven Snel');

  // The administrator logs in through the login screen.
  await page.goto('/login');
  await page.getByLabel(/^E-mailadres/).fill(platformAdmin.email);
  await page.getByLabel(/^Wachtwoord/).fill(platformAdmin.password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/$/);
  const menu = page.getByRole('navigation', { name: 'Instellingen' });
  await menu.getByRole('link', { name: 'Alle gebruikers' }).click();
  await expect(page).toHaveURL(/\/all-users$/);
  await expect(page.getByRole('heading', { name: 'Alle gebruikers' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(3);

  // Find the user by name (Enter), and the filter survives a reload.
  const search = page.getByRole('textbox', { name: 'Zoek op gebruikersnaam' });
  await search.fill('zoetelief');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/all-users\?search=zoetelief$/);
  const card = page.getByRole('article').filter({ hasText: 'Marieke Zoetelief' });
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card).toContainText('Bakkerij Zoet');
  await expect(card).toContainText('nvt');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Zoek op gebruikersnaam' })).toHaveValue(
    'zoetelief',
  );
  await expect(page.getByRole('article')).toHaveCount(1);
  await shot(page, 'all-users');

  // A search without a match shows the seed's empty text; the button searches too.
  await search.fill('niemand');
  await page.getByRole('button', { name: 'Zoeken' }).click();
  await expect(page.getByText('Er zijn nog geen gebruikers')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('article')).toHaveCount(1);

  // Log in as the user: the bar says so; going back returns to the administrator's own session.
  await card.getByRole('button', { name: 'Inloggen als Marieke Zoetelief' }).click();
  const bar = page.getByRole('region', { name: 'Ingelogd als andere gebruiker' });
  await expect(bar).toContainText('Ingelogd als Marieke Zoetelief');
  await expect(page).toHaveURL(/\/$/);
  await expect(menu.getByRole('link', { name: 'Alle gebruikers' })).toHaveCount(0);
  await shot(page, 'impersonating');
  const userToken = await page.evaluate(() => window.localStorage.getItem('paraaf.token'));
  await bar.getByRole('button', { name: 'Terug naar je eigen account' }).click();
  await expect(page).toHaveURL(/\/all-users$/);
  await expect(bar).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Alle gebruikers' })).toBeVisible();
  // The impersonation session is over on the server too.
  const res = await fetch(`${baseURL}/api/user`, {
    headers: { Authorization: `Bearer ${userToken}` },
  });
  expect(res.status).toBe(401);

  // A custom subscription for the bakery.
  await menu.getByRole('link', { name: 'Aangepaste abonnementen' }).click();
  await expect(page).toHaveURL(/\/all-payment-plans$/);
  await expect(page.getByText('Er zijn nog geen aangepaste abonnementen')).toBeVisible();
  await shot(page, 'all-payment-plans-empty');
  await page.getByRole('button', { name: 'Nieuw aangepast abonnement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Abonnement aanmaken/bewerken' });
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog.getByText('Dit veld is verplicht').first()).toBeVisible();
  await dialog.getByLabel(/^Naam/).fill('Maatwerk Bakkerij');
  await dialog.getByLabel(/^Beschikbaar voor/).click();
  await page.getByRole('option', { name: 'Bakkerij Zoet' }).click();
  await dialog.getByLabel(/^Naam/).click();
  const fields: [RegExp, string][] = [
    [/^Prijs per maand \(ex btw\)/, '39.50'],
    [/^Prijs per prepaid credit \(ex btw\)/, '0.75'],
    [/^Credits per maand/, '60'],
    [/^Prijs per SMS/, '0.15'],
    [/^Credits per SMS/, '1'],
    [/^Prijs per iDIN transactie/, '0'],
    [/^Credits per iDIN transactie/, '0'],
  ];
  for (const [label, value] of fields) await dialog.getByLabel(label).fill(value);
  await shot(page, 'custom-plan-modal');
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog).toHaveCount(0);
  const plan = page.getByRole('article').filter({ hasText: 'Maatwerk Bakkerij' });
  await expect(plan).toContainText('39,50');
  await expect(plan).toContainText('1 credit en € 0,15');
  await expect(plan).toContainText('gratis');
  await expect(plan).toContainText('Bakkerij Zoet');
  await page.reload();
  await expect(plan).toBeVisible();
  await shot(page, 'all-payment-plans');

  // What the server stored: a custom month plan for the bakery only.
  const adminToken = await page.evaluate(() => window.localStorage.getItem('paraaf.token'));
  const stored = await call<{
    payment_plans: { data: { type: string; available_for_companies: { name: string }[] }[] };
  }>(baseURL!, adminToken, 'GET', '/all-payment-plans');
  expect(stored.payment_plans.data).toEqual([
    expect.objectContaining({
      type: 'month',
      available_for_companies: [expect.objectContaining({ name: 'Bakkerij Zoet' })],
    }),
  ]);

  // The bakery's admin sees it offered on the credits screen; the garage's does not.
  for (const [token, offered] of [
    [bakery, true],
    [garage, false],
  ] as const) {
    const context = await browser.newContext({ baseURL });
    const own = await context.newPage();
    await own.goto('/login');
    await own.evaluate((t) => window.localStorage.setItem('paraaf.token', t), token);
    await own.goto('/instellingen/credits');
    await expect(own.getByRole('heading', { name: 'standard' })).toBeVisible();
    await expect(own.getByRole('heading', { name: 'Maatwerk Bakkerij' })).toHaveCount(
      offered ? 1 : 0,
    );
    if (offered) await shot(own, 'credits-custom-plan');
    await context.close();
  }
});
