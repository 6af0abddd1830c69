import { test as base, expect, type Page } from '@playwright/test';
import { startDnsServer, type TestDnsServer } from '../../apps/api/test/dns-server.ts';
import { createSamlIdp } from '../../apps/api/test/saml-idp.ts';
import { call, choosePlan, platformAdmin, registerAccount } from '../support/api.ts';
import { startServer, type RunningServer } from '../support/server.ts';

/**
 * Single sign-on in Chromium against the built product and its built-in OpenID provider
 * (/dev/oidc): the company admin configures OpenID Connect in Bedrijfsinstellingen, verifies the
 * company's domain through the DNS server this spec runs (DNS_SERVERS), and a colleague who has
 * no account yet logs in through the provider and lands in the company with the default role.
 * Screenshots go to /work/shots/sso-*.png (SHOTS_DIR to change).
 */

const shots = process.env.SHOTS_DIR ?? '/work/shots';
const adminPassword = 'Eerste-wachtwoord-1';

const test = base.extend<object, { stack: { server: RunningServer; dns: TestDnsServer } }>({
  stack: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use) => {
      const dns = await startDnsServer();
      const server = await startServer({
        DNS_SERVERS: dns.address,
        ADMIN_EMAIL: platformAdmin.email,
        ADMIN_PASSWORD: platformAdmin.password,
      });
      await use({ server, dns });
      await server.stop();
      await dns.close();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ stack }, use) => use(stack.server.baseUrl),
});

async function logIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel(/^E-mailadres/).fill(email);
  await page.getByLabel(/^Wachtwoord/).fill(adminPassword);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

test('an admin configures OIDC; a colleague logs in through it with the default role', async ({
  page,
  browser,
  baseURL,
  stack,
}) => {
  const { email, token } = await registerAccount(baseURL!, 'Zorggroep Noord', 'Ilse Admin');
  const domain = email.slice(email.indexOf('@') + 1);
  // Premium (through the payments simulator): single sign-on and room for more users.
  await choosePlan(baseURL!, token, 3);

  await logIn(page, email);
  await page.goto('/instellingen/bedrijf');
  const section = page.locator('form', { has: page.getByLabel('Uitgever (issuer)') });
  await section.getByLabel('Uitgever (issuer)').fill(`${baseURL}/dev/oidc`);
  await section.getByLabel('Client-ID').fill('paraaf-simulator');
  await section.getByLabel('Client secret').fill('paraaf-simulator-geheim');
  await section.getByLabel('E-maildomeinen van je collega’s').fill(domain);
  await section.getByLabel('E-maildomeinen van je collega’s').press('Enter');
  await section.getByLabel('Rol van nieuwe gebruikers').click();
  await page.getByRole('option', { name: 'Inzage' }).click();
  await section.getByRole('button', { name: 'Single sign-on opslaan' }).click();
  await expect(page.getByText('Gegevens opgeslagen')).toBeVisible();

  // Not verified yet: the TXT record to add is shown; the DNS answers it now.
  const record = await section.locator('code', { hasText: 'paraaf-verificatie=' }).innerText();
  await section.getByRole('button', { name: 'Verifiëren' }).click();
  await expect(section.getByText(/TXT-record .* is niet gevonden/)).toBeVisible();
  stack.dns.setTxt(domain, [record]);
  await section.getByRole('button', { name: 'Verifiëren' }).click();
  await expect(section.getByText('Geverifieerd', { exact: true })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await section.screenshot({ path: `${shots}/sso-settings-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await section.screenshot({ path: `${shots}/sso-settings-phone.png` });

  // A colleague without an account, in a browser of their own.
  const colleague = await browser.newContext({ baseURL });
  const other = await colleague.newPage();
  await other.setViewportSize({ width: 390, height: 844 });
  await other.goto('/login');
  const address = `pieter.de.boer@${domain}`;
  await other.getByLabel(/^E-mailadres/).fill(address);
  await other.screenshot({ path: `${shots}/sso-login-phone.png`, fullPage: true });
  await other.getByRole('button', { name: 'Inloggen met single sign-on' }).click();
  // The simulator's own pages (oidc-provider's development login and consent).
  await other.locator('input[name="login"]').fill(address);
  await other.locator('input[name="password"]').fill('wat-dan-ook');
  await other.getByRole('button', { name: 'Sign-in' }).click();
  await other.getByRole('button', { name: 'Continue' }).click();
  await expect(other).not.toHaveURL(/\/login|\/dev\/oidc/);

  const session = await other.evaluate(() => localStorage.getItem('paraaf.token'));
  const me = await call<{ email: string; roles: { name: string }[]; company: { name: string } }>(
    baseURL!,
    session,
    'GET',
    '/user',
  );
  expect(me).toMatchObject({
    email: address,
    roles: [{ name: 'viewer' }],
    company: { name: 'Zorggroep Noord' },
  });
  await colleague.close();
});

test('an admin chooses SAML, pastes the IdP metadata and finds our SP metadata', async ({
  page,
  baseURL,
}) => {
  const { email, token } = await registerAccount(baseURL!, 'Gemeente Zuid', 'Sanne Admin');
  const domain = email.slice(email.indexOf('@') + 1);
  await choosePlan(baseURL!, token, 3);
  const idp = createSamlIdp();

  await logIn(page, email);
  await page.goto('/instellingen/bedrijf');
  const section = page.locator('form', {
    has: page.getByRole('button', { name: 'Single sign-on opslaan' }),
  });
  await section.getByText('SAML 2.0', { exact: true }).click();
  await expect(section.getByLabel('Uitgever (issuer)')).toHaveCount(0);
  // Not metadata: the Dutch error on the field.
  await section.getByLabel('Of plak de metadata-XML').fill('<geen-metadata/>');
  await section.getByRole('button', { name: 'Single sign-on opslaan' }).click();
  await expect(
    section.getByText('Dit is geen geldige SAML-metadata van een identity provider').first(),
  ).toBeVisible();
  await section.getByLabel('Of plak de metadata-XML').fill(idp.metadata);
  await section.getByLabel('E-maildomeinen van je collega’s').fill(domain);
  await section.getByLabel('E-maildomeinen van je collega’s').press('Enter');
  await section.getByRole('button', { name: 'Single sign-on opslaan' }).click();
  await expect(page.getByText('Gegevens opgeslagen')).toBeVisible();
  await expect(section.getByLabel('Of plak de metadata-XML')).toHaveAttribute(
    'placeholder',
    new RegExp(`Opgeslagen metadata van ${idp.entityId}`),
  );
  const spUrl = await section.locator('code', { hasText: '/api/auth/saml/' }).innerText();
  expect(spUrl).toMatch(/\/api\/auth\/saml\/\d+\/metadata$/);
  const metadata = await page.request.get(spUrl);
  expect(metadata.status()).toBe(200);
  expect(await metadata.text()).toContain(`entityID="${spUrl}"`);

  // After a reload SAML is still the choice.
  await page.reload();
  await expect(section.getByLabel('Metadata-URL van de identity provider')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await section.screenshot({ path: `${shots}/sso-saml-settings-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await section.screenshot({ path: `${shots}/sso-saml-settings-phone.png` });
});
