import fs from 'node:fs';
import { expect, test } from '../support/fixtures.ts';
import { call, companyIdOf, contractPdf, enableFeatures, registerCompany } from '../support/api.ts';

/**
 * Bulk send: a CSV with mistakes is checked against a template, its errors read by row and
 * column; the fixed file is sent, the progress bar reaches 100 % (also after a reload), and the
 * result downloads with a row per signer.
 */
const header = 'signer1_firstname;signer1_lastname;signer1_email;Functie';
const rows = (bad: boolean) =>
  [
    'Kees;de Vries;kees@bulk-e2e.nl;Bakker',
    bad ? 'Anna;Smit;anna-zonder-apenstaartje;Kok' : 'Anna;Smit;anna@bulk-e2e.nl;Kok',
    bad ? ';Jansen;piet@bulk-e2e.nl;Schilder' : 'Piet;Jansen;piet@bulk-e2e.nl;Schilder',
    'Fatima;El Amrani;fatima@bulk-e2e.nl;"=cmd|\' /C calc\'!A0"',
  ].join('\r\n');
const csv = (bad: boolean) => ({
  name: bad ? 'personeel-fouten.csv' : 'personeel.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(`\uFEFF${header}\r\n${rows(bad)}\r\n`),
});

test('upload a CSV with errors, fix it, send it, watch it reach 100 % and download the result', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const token = await registerCompany(baseURL!, `Bulk ${Date.now()} BV`, 'Bea Bulk');
  await enableFeatures(baseURL!, await companyIdOf(baseURL!, token), ['templates', 'bulk_send']);
  const form = new FormData();
  form.append('name', 'Arbeidsvoorwaarden 2027');
  for (const [k, v] of Object.entries({
    'variables[0][x]': '72',
    'variables[0][y]': '100',
    'variables[0][width]': '150',
    'variables[0][height]': '30',
    'variables[0][page]': '1',
    'variables[0][type]': 'text',
    'variables[0][value]': 'Medewerker',
    'variables[0][options][label]': 'Functie',
    'variables[1][x]': '72',
    'variables[1][y]': '600',
    'variables[1][width]': '150',
    'variables[1][height]': '40',
    'variables[1][page]': '1',
    'variables[1][type]': 'generated',
    'variables[1][value]': 'signer.1.signature',
  }))
    form.append(k, v);
  const pdf = new Uint8Array(await contractPdf('Arbeidsvoorwaarden', 1));
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'voorwaarden.pdf');
  await call(baseURL!, token, 'POST', '/templates', form);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await page.evaluate((t) => window.localStorage.setItem('paraaf.token', t), token);
  await page.goto('/');
  await page.getByRole('link', { name: 'Bulkverzending' }).click();
  await expect(page.getByRole('heading', { name: 'Bulkverzending', level: 1 })).toBeVisible();

  await page.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: 'Arbeidsvoorwaarden 2027' }).click();
  const exampleDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Voorbeeldbestand downloaden' }).click();
  const example = await exampleDownload;
  const exampleText = fs.readFileSync(await example.path(), 'utf8');
  expect(exampleText).toContain('signer1_firstname;signer1_lastname;signer1_email');
  expect(exampleText).toContain('Functie');

  // The file with two mistakes: every error by row and column, nothing charged yet.
  await page.locator('input[type="file"]').setInputFiles(csv(true));
  await page.getByRole('button', { name: 'Bestand controleren' }).click();
  await expect(page).toHaveURL(/\/bulkverzending\/\d+$/);
  const errors = page.getByRole('table', { name: '2 fouten gevonden' });
  await expect(errors.getByRole('row', { name: /^2 signer1_email / })).toBeVisible();
  await expect(errors.getByRole('row', { name: /^3 signer1_firstname / })).toBeVisible();
  await expect(page.getByText('2 van de 4 rijen zijn in orde. Kosten: 2 credits.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('bulk-errors-1280.png'), fullPage: true });

  // Fixed: another file for the same template.
  await page.getByRole('link', { name: 'Ander bestand kiezen' }).click();
  await expect(page.getByRole('combobox', { name: 'Template' })).toHaveValue(
    'Arbeidsvoorwaarden 2027',
  );
  await page.locator('input[type="file"]').setInputFiles(csv(false));
  await page.getByRole('button', { name: 'Bestand controleren' }).click();
  await expect(page.getByText('4 van de 4 rijen zijn in orde. Kosten: 4 credits.')).toBeVisible();
  await expect(
    page.getByRole('cell', { name: 'Fatima El Amrani <fatima@bulk-e2e.nl>' }),
  ).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('bulk-preview-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: '4 ondertekeningen versturen' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  // The progress survives a reload: it is the batch's, read from the server.
  await page.reload();
  await expect(page.getByText('4 van 4 verstuurd (100 %)')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('De bulkverzending is klaar.')).toBeVisible();
  await expect(page.getByText('4 ondertekeningen verstuurd, 0 niet.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('bulk-done-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('bulk-done-390.png'), fullPage: true });

  const resultDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Resultaat downloaden' }).click();
  const result = fs.readFileSync(await (await resultDownload).path(), 'utf8');
  const lines = result
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe(`rij;status;ondertekening;fout;${header}`);
  expect(lines.slice(1).map((l) => l.split(';')[1])).toEqual([
    'Verstuurd',
    'Verstuurd',
    'Verstuurd',
    'Verstuurd',
  ]);
  // The formula-like cell is text in the result: a leading apostrophe.
  expect(lines[4]).toContain(`"'=cmd|' /C calc'!A0"`);

  // Each request links back to its batch, and the list shows the batch's requests.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page
    .getByRole('link', { name: 'Ondertekeningen van deze bulkverzending bekijken' })
    .click();
  await expect(page).toHaveURL(/\?bulk=\d+$/);
  await expect(
    page.getByText('fatima@bulk-e2e.nl').or(page.getByText('Fatima El Amrani')).first(),
  ).toBeVisible();
});
