import { test as base, expect, type Page } from '@playwright/test';
import { companyIdOf, enableFeatures, platformAdmin, registerCompany } from '../support/api.ts';
import { startServer, type RunningServer } from '../support/server.ts';

/**
 * A server without LibreOffice (SOFFICE_PATH names no program): the wizard's documents step and
 * the Templates screen offer PDF and images only, say why, and refuse a dropped Word file
 * without sending it; at 1280×800 and on a 390×844 phone. Screenshots go to .tmp/.
 */

const shots = new URL('../../.tmp/', import.meta.url).pathname;
const unavailable = 'Word-bestanden kunnen hier niet worden omgezet; upload een PDF of afbeelding';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const test = base.extend<object, { server: RunningServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use) => {
      const server = await startServer({
        SOFFICE_PATH: '/nonexistent/libreoffice/soffice',
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

/** The dropzone's file input takes PDF and images, nothing of Word. */
async function expectPdfAndImagesOnly(page: Page) {
  const accept = await page.locator('input[type="file"]').getAttribute('accept');
  expect(accept?.split(',').sort()).toEqual(
    ['.jpeg', '.jpg', '.pdf', '.png', 'application/pdf', 'image/jpeg', 'image/png'].sort(),
  );
}

async function dropWordFile(page: Page) {
  await page.locator('input[type="file"]').setInputFiles({
    name: 'huurcontract.docx',
    mimeType: DOCX,
    buffer: Buffer.from('PK\u0003\u0004 geen echte docx'),
  });
}

for (const size of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`without LibreOffice the dropzones offer PDF and images only (${size.name})`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const token = await registerCompany(baseURL!, 'Woonstichting Zonder Word', 'Wim Woord');
    await enableFeatures(baseURL!, await companyIdOf(baseURL!, token), ['templates']);
    await page.goto('/login');
    await page.evaluate((t) => localStorage.setItem('paraaf.token', t), token);
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/upload-file')) uploads.push(r.url());
    });

    // The wizard: a signer, then the documents step.
    await page.goto('/nieuwe-ondertekening');
    const signer = page.getByRole('region', { name: 'Ondertekenaar 1', exact: true });
    await signer.getByLabel(/^Voornaam/).fill('Sanne');
    await signer.getByLabel(/^Achternaam/).fill('Bakker');
    await signer.getByLabel(/^E-mailadres/).fill('sanne@voorbeeld.nl');
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(
      page.getByText('PDF, PNG of JPEG; meerdere bestanden tegelijk mogelijk'),
    ).toBeVisible();
    await expect(page.getByText(unavailable)).toBeVisible();
    await expectPdfAndImagesOnly(page);
    await page.screenshot({ path: `${shots}word-wizard-${size.name}.png`, fullPage: true });
    await dropWordFile(page);
    await expect(
      page.getByText('Het bestandstype van 1 of meerdere bestanden is niet toegestaan.'),
    ).toBeVisible();

    // The Templates screen.
    await page.goto('/templates');
    await expect(page.getByText('PDF, PNG of JPEG', { exact: true })).toBeVisible();
    await expect(page.getByText(unavailable)).toBeVisible();
    await expectPdfAndImagesOnly(page);
    await page.screenshot({ path: `${shots}word-templates-${size.name}.png`, fullPage: true });
    await dropWordFile(page);
    await expect(
      page.getByText('Het bestandstype van 1 of meerdere bestanden is niet toegestaan.'),
    ).toBeVisible();
    expect(uploads).toEqual([]);
  });
}
