import type { Page } from '@playwright/test';
import {
  call,
  companyIdOf,
  contractPdf,
  createSignRequest,
  enableFeatures,
  platformAdmin,
  registerCompany,
} from '../support/api.ts';
import { expect, linkFrom, test } from '../support/fixtures.ts';
import { stepTitle } from '../support/signer-page.ts';

/**
 * Issue 11.4: every screen works under the Content-Security-Policy the server sends. A
 * violation shows as a `securitypolicyviolation` event or a console error naming the policy;
 * both are collected from the first page load on and must stay empty.
 */

/** Collects CSP violations of every document the page loads. */
async function watchPolicy(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content[ -]Security[ -]Policy/i.test(message.text()))
      violations.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    if (/Content[ -]Security[ -]Policy/i.test(error.message))
      violations.push(`${page.url()}: ${error.message}`);
  });
  // pdf.js's worker: its own console and its own violation events.
  page.on('worker', (worker) => {
    worker.on('console', (message) => {
      if (/Content[ -]Security[ -]Policy/i.test(message.text()))
        violations.push(`worker ${worker.url()}: ${message.text()}`);
    });
    worker
      .evaluate(() => {
        self.addEventListener('securitypolicyviolation', (event) => {
          console.error(`Content Security Policy: ${event.violatedDirective} ${event.blockedURI}`);
        });
      })
      .catch(() => undefined); // a worker that ended before this ran had nothing to report
  });
  await page.exposeFunction('reportPolicyViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation: (t: string) => void })
        .reportPolicyViolation;
      report(`${location.pathname}: ${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  return violations;
}

/** Opens a screen and waits for its heading (or any visible text given). */
async function visit(page: Page, path: string, shows: RegExp | string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: shows }).first()).toBeVisible();
}

const next = (page: Page) => page.getByRole('button', { name: 'Volgende' });

test('every screen runs under the Content-Security-Policy without a violation', async ({
  page,
  baseURL,
  smtp,
}) => {
  test.setTimeout(180_000);
  const violations = await watchPolicy(page);

  // The headers themselves, on the SPA.
  const response = await page.goto('/login');
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('no-referrer');

  // Guest screens.
  await expect(page.getByRole('button', { name: 'Inloggen', exact: true })).toBeVisible();
  await visit(page, '/register', /Registreren|Account aanmaken/);
  await page.goto('/wachtwoord-vergeten');
  await expect(page.getByRole('button').first()).toBeVisible();
  await page.goto('/wachtwoord-instellen/onbekend-token');
  await expect(page.getByRole('button').first()).toBeVisible();
  await page.goto('/activeren/onbekend-token');
  await expect(page.locator('#root')).not.toBeEmpty();
  await page.goto('/verifieren');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'contract.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(await contractPdf('Ongetekend')),
  });
  await expect(page.getByRole('alert').or(page.getByRole('status')).first()).toBeVisible({
    timeout: 20_000,
  });

  // The sender, logged in with a session made through the API; templates switched on.
  const token = await registerCompany(baseURL!, 'Kantoor Jansen', 'Jan Jansen');
  await enableFeatures(baseURL!, await companyIdOf(baseURL!, token), [
    'templates',
    'email_templates',
    'api',
  ]);
  await page.evaluate((t) => window.localStorage.setItem('paraaf.token', t), token);

  // Guest routes send a logged-in user to the list (seed 001 §2, issue 11.7).
  for (const path of ['/login', '/register', '/wachtwoord-vergeten', '/wachtwoord-instellen/x']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }

  for (const path of [
    '/instellingen/account',
    '/instellingen/account/wachtwoord-veranderen',
    '/instellingen/bedrijf',
    '/instellingen/emailtemplates',
    '/instellingen/gebruikers',
    '/instellingen/facturen',
    '/instellingen/api',
    '/contact',
    '/templates',
    '/instellingen/credits',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('main')).not.toBeEmpty();
    await expect(page.getByRole('heading').first()).toBeVisible();
  }
  // Credits & Abonnementen with its plan cards, and the page the checkout returns to.
  await page.goto('/instellingen/credits');
  await expect(page.getByRole('heading', { name: 'Premium', exact: true })).toBeVisible();
  await page.goto('/instellingen/credits/gekocht?betaling=onbekend');
  await expect(page.getByText('Deze betaling is niet gevonden.')).toBeVisible();

  // The wizard: a signer, a document picked (its preview is a blob: frame), the marker editor.
  await page.goto('/nieuwe-ondertekening');
  const signer = page.getByRole('region', { name: 'Ondertekenaar 1', exact: true });
  await signer.getByLabel(/^Voornaam( \*)?$/).fill('Lotte');
  await signer.getByLabel(/^Achternaam( \*)?$/).fill('de Vries');
  await signer.getByLabel(/^E-mailadres( \*)?$/).fill(`lotte-${Date.now()}@example.nl`);
  await next(page).click();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'koopakte.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(await contractPdf('Koopakte', 2)),
  });
  const table = page.getByRole('table', { name: 'Documenten' });
  await expect(table.getByText('2 pagina’s')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Bekijken koopakte.pdf' }).click();
  const preview = page.getByRole('dialog', { name: 'Voorbeeld: koopakte.pdf' });
  await expect(preview.locator('iframe')).toHaveAttribute('src', /^blob:/);
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);
  await table.getByRole('button', { name: 'Markers instellen voor koopakte.pdf' }).click();
  const editor = page.getByRole('dialog', { name: 'Formuliermarkers instellen' });
  await expect(editor.getByRole('group', { name: 'Pagina 1 van 2' }).locator('canvas')).toBeVisible(
    { timeout: 30_000 },
  );
  await editor.getByRole('button', { name: 'Annuleren' }).click();
  await expect(editor).toBeHidden();

  // A request sent through the API; the signer's page renders it with pdf.js and takes a
  // drawn signature.
  const email = `kees-${Date.now()}@example.nl`;
  const id = await createSignRequest(baseURL!, token, {
    subject: 'Huurcontract Kerkstraat 2',
    document: 'Huurcontract',
    signers: [{ firstname: 'Kees', lastname: 'Smit', email }],
    verifications: [5],
    send: true,
    markers: (form) => {
      const marker = { x: '60', y: '660', width: '180', height: '60', page: '1' };
      for (const [k, v] of Object.entries(marker)) form.set(`variables[0][${k}]`, v);
      form.set('variables[0][type]', 'generated');
      form.set('variables[0][value]', 'signer.1.signature');
    },
  });
  const link = linkFrom(await smtp.waitForMail(email), '/ondertekenen/');
  const signerPage = await page.context().newPage();
  const signerViolations = await watchPolicy(signerPage);
  const signing = await signerPage.goto(link);
  expect(signing!.headers()['referrer-policy']).toBe('no-referrer');
  await expect(
    signerPage.getByRole('region', { name: 'Pagina 1 van 2' }).locator('canvas'),
  ).toBeVisible({ timeout: 30_000 });
  await expect(stepTitle(signerPage)).toHaveText('Handtekening');
  const pad = signerPage.getByRole('img', { name: 'Tekenvak voor je handtekening' });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await signerPage.mouse.move(box.x + 20, box.y + box.height / 2);
  await signerPage.mouse.down();
  for (let i = 1; i <= 10; i++)
    await signerPage.mouse.move(box.x + 20 + i * 20, box.y + box.height / 2 + (i % 2) * 20);
  await signerPage.mouse.up();
  await signerPage.getByRole('button', { name: 'Opslaan' }).click();
  await expect(signerPage.getByRole('img', { name: 'Je handtekening', exact: true })).toBeVisible();
  await expect(stepTitle(signerPage)).toHaveText('Akkoord');
  await signerPage.getByRole('button', { name: 'Akkoord en ondertekenen' }).click();
  await expect(
    signerPage.getByRole('heading', {
      name: /De documenten zijn ondertekend|Bedankt, je hebt ondertekend/,
    }),
  ).toBeVisible();
  await signerPage.close();

  // The list, then the detail with the document previewed in a frame of our own origin.
  await page.goto('/');
  await expect(page.getByRole('cell', { name: 'Kees Smit' })).toBeVisible();
  await page.goto(`/ondertekening/${id}`);
  await expect(page.getByText('Huurcontract Kerkstraat 2').first()).toBeVisible();
  await page.getByRole('button', { name: 'Bekijken' }).first().click();
  await expect(page.getByRole('dialog').locator('iframe')).toBeVisible();
  await page.keyboard.press('Escape');

  // The session still works after all of this (no request was blocked).
  expect((await call<{ id: number }>(baseURL!, token, 'GET', '/company')).id).toBeGreaterThan(0);
  expect([...violations, ...signerViolations]).toEqual([]);
});

test('a page of ours cannot be framed by another site', async ({ page, baseURL }) => {
  const violations = await watchPolicy(page);
  await page.setContent(`<iframe src="${baseURL}/login" width="600" height="400"></iframe>`);
  await expect.poll(() => violations.join('\n')).toMatch(/frame-ancestors/);
  // The login form never renders inside the frame.
  await expect(
    page.frameLocator('iframe').getByRole('button', { name: 'Inloggen', exact: true }),
  ).toHaveCount(0);
});

test('the back-office screens run under the Content-Security-Policy', async ({ page, baseURL }) => {
  const violations = await watchPolicy(page);
  await registerCompany(baseURL!, 'Bakkerij Beleid', 'Bea Beleid');
  const { token } = await call<{ token: string }>(baseURL!, null, 'POST', '/auth/login', {
    email: platformAdmin.email,
    password: platformAdmin.password,
  });
  await page.goto('/login');
  await page.evaluate((t) => window.localStorage.setItem('paraaf.token', t), token);

  await visit(page, '/all-users?search=beleid', 'Alle gebruikers');
  await page.getByRole('button', { name: 'Inloggen als Bea Beleid' }).click();
  await expect(page.getByText('Ingelogd als Bea Beleid')).toBeVisible();
  await page.getByRole('button', { name: 'Terug naar je eigen account' }).click();
  await expect(page).toHaveURL(/\/all-users$/);

  await visit(page, '/all-payment-plans', 'Aangepaste abonnementen');
  await page.getByRole('button', { name: 'Nieuw aangepast abonnement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Abonnement aanmaken/bewerken' });
  await dialog.getByLabel(/^Beschikbaar voor/).click();
  await expect(page.getByRole('option', { name: 'Bakkerij Beleid' })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(violations).toEqual([]);
});

test('the invoice screens of the back office run under the Content-Security-Policy', async ({
  page,
  baseURL,
}) => {
  const violations = await watchPolicy(page);
  await registerCompany(baseURL!, 'Drukkerij Beleid', 'Dirk Beleid');
  const { token } = await call<{ token: string }>(baseURL!, null, 'POST', '/auth/login', {
    email: platformAdmin.email,
    password: platformAdmin.password,
  });
  await page.goto('/login');
  await page.evaluate((t) => window.localStorage.setItem('paraaf.token', t), token);

  await visit(page, '/all-users?search=dirk%20beleid', 'Alle gebruikers');
  await page.getByRole('button', { name: 'Credits toevoegen en factuur versturen' }).click();
  const add = page.getByRole('dialog', { name: 'Credits toevoegen en factuur versturen' });
  await add.getByLabel(/^Aantal credits/).fill('3');
  await add.getByLabel(/^Prijs per credit/).fill('1');
  await add.getByRole('button', { name: 'Credits toevoegen' }).click();
  await expect(page.getByText('Credits toegevoegd en factuur opgestuurd')).toBeVisible();

  await visit(page, '/all-invoices?search=Drukkerij%20Beleid', 'Alle facturen');
  await page
    .getByRole('button', { name: /bewerken/ })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: /^Factuur .* bewerken$/ })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(violations).toEqual([]);
});

test('the webhook messages screen runs under the Content-Security-Policy', async ({
  page,
  baseURL,
}) => {
  const violations = await watchPolicy(page);
  const token = await registerCompany(baseURL!, 'Haak Beleid', 'Hein Beleid');
  await enableFeatures(baseURL!, await companyIdOf(baseURL!, token), ['webhooks']);
  const form = new FormData();
  form.set('name', 'Haak Beleid');
  form.set('sms_name', 'HaakB');
  form.set('webhook_url', 'http://127.0.0.1:9/dicht');
  await call(baseURL!, token, 'POST', '/company', form);
  await createSignRequest(baseURL!, token, {
    subject: 'Webhook beleid',
    document: 'Contract',
    signers: [{ firstname: 'Sem', lastname: 'Beleid', email: `sem-${Date.now()}@example.nl` }],
    send: true,
  });
  await page.goto('/login');
  await page.evaluate((t) => window.localStorage.setItem('paraaf.token', t), token);
  await visit(page, '/instellingen/webhooks', 'Webhook berichten');
  await expect(page.getByTestId('webhook-row')).toHaveCount(1);
  await page.getByRole('button', { name: /^Antwoorden van bericht/ }).click();
  await expect(page.getByRole('dialog', { name: /^Antwoorden op bericht/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Toon' }).click();
  await expect(page.getByTestId('webhook-secret')).toHaveText(/^whsec_/);
  expect(violations).toEqual([]);
});

test('the API reference page (/api/docs) runs under the Content-Security-Policy', async ({
  page,
}) => {
  const violations = await watchPolicy(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('requestfailed', (request) => errors.push(`failed: ${request.url()}`));
  await page.goto('/api/docs');
  // Swagger UI renders the document it fetched from its own route: title and operations.
  await expect(page.getByRole('heading', { name: /Paraaf API/ })).toBeVisible();
  await expect(
    // Swagger UI renders the operations near the viewport: one of the first tag's.
    page.locator('.opblock-summary-path', { hasText: '/api/auth/register' }).first(),
  ).toBeVisible();
  const login = page.locator('.opblock', { hasText: 'POST/api/auth/login' }).first();
  await login.locator('.opblock-summary').click();
  await expect(login.locator('.opblock-body')).toBeVisible();
  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
});
