import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { platformAdmin } from '../support/api.ts';
import { logInAsPlatformAdmin } from '../support/login.ts';
import { startServer, type RunningServer } from '../support/server.ts';

/**
 * Issue 15, Office 365 admin consent in Chromium against the built-in Microsoft simulator: a
 * platform administrator clicks the side-menu link, approves on the simulated consent page and
 * lands on the result screen; with MAIL_TRANSPORT=graph the product's mail then goes out through
 * the simulated Graph sendMail. Screenshots go to /work/shots/o365-*.png (SHOTS_DIR to change).
 */

const shots = process.env.SHOTS_DIR ?? '/work/shots';

const test = base.extend<object, { server: RunningServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use) => {
      const server = await startServer({
        ADMIN_EMAIL: platformAdmin.email,
        ADMIN_PASSWORD: platformAdmin.password,
        MAIL_TRANSPORT: 'graph',
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => use(server.baseUrl),
});

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${shots}/o365-${name}.png`, fullPage: true });
}

/** axe-core on the page as it stands: no serious or critical violation (as accessibility.spec.ts). */
async function expectAccessible(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect.soft(serious, `axe on "${screen}"`).toEqual([]);
}

interface GraphMessages {
  data: {
    sender: string;
    message: { subject: string; toRecipients: { emailAddress: { address: string } }[] };
  }[];
}

test('a platform admin gives Office 365 consent; mail then goes through Graph', async ({
  page,
  request,
}) => {
  await logInAsPlatformAdmin(page);
  const menu = page.getByRole('navigation', { name: 'Instellingen' });
  await menu.getByRole('button', { name: 'Office365 toestemming' }).click();

  // Microsoft's consent page (the simulator in embedded mode).
  await expect(page.getByRole('heading', { name: 'Toestemming geven' })).toBeVisible();
  await expect(page).toHaveURL(/\/dev\/microsoft\/login\/organizations\/v2\.0\/adminconsent\?/);
  await expect(page.getByText('Mail.Send')).toBeVisible();
  await expectAccessible(page, 'simulated consent page');
  await shot(page, 'consent-page');
  await page.getByRole('button', { name: 'Accepteren' }).click();

  // Back in Paraaf: the result screen says it worked.
  await expect(page).toHaveURL(/\/office365-toestemming\?.*admin_consent=True/);
  await expect(page.getByRole('heading', { name: 'Office365 toestemming' })).toBeVisible();
  await expect(page.getByText('Toestemming gegeven')).toBeVisible();
  // The organisation by its name (Graph's displayName in the simulator), not its tenant id.
  await expect(
    page.getByText(
      'Paraaf mag nu mail versturen via Microsoft 365 van de organisatie Voorbeeld B.V. (Microsoft 365-simulator).',
    ),
  ).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Office365 toestemming' })).toHaveAttribute(
    'data-active',
    'true',
  );
  await expectAccessible(page, 'consent result');
  await shot(page, 'result');

  // Reloading the answer uses the state a second time: refused.
  await page.reload();
  await expect(page.getByText('Toestemming niet gelukt')).toBeVisible();
  await expect(page.getByText(/verlopen of al gebruikt/)).toBeVisible();

  // The product's own mail (here a password reminder) now leaves through Graph.
  const email = platformAdmin.email;
  const reminder = await request.post('/api/auth/password-reminder', { data: { email } });
  expect(reminder.status()).toBe(200);
  await expect
    .poll(
      async () => {
        const res = await request.get('/dev/microsoft/messages');
        const { data } = (await res.json()) as GraphMessages;
        return data.some(
          (m) =>
            m.message.subject.includes('Wachtwoord') &&
            m.message.toRecipients.some((r) => r.emailAddress.address === email),
        );
      },
      { timeout: 20_000 },
    )
    .toBe(true);
});

test('denying at Microsoft shows the failure on the result screen', async ({ page }) => {
  await logInAsPlatformAdmin(page);
  await page
    .getByRole('navigation', { name: 'Instellingen' })
    .getByRole('button', { name: 'Office365 toestemming' })
    .click();
  await expect(page.getByRole('heading', { name: 'Toestemming geven' })).toBeVisible();
  await page.getByRole('button', { name: 'Annuleren' }).click();
  await expect(page).toHaveURL(/\/office365-toestemming\?.*error=access_denied/);
  await expect(page.getByText('Toestemming niet gelukt')).toBeVisible();
  await expect(
    page.getByText('De beheerder van Microsoft 365 heeft geen toestemming gegeven.'),
  ).toBeVisible();
  await expectAccessible(page, 'consent denied');
  await shot(page, 'denied');
});
