import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import { call, contractPdf, registerCompany } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * The marker editor's signer field types: a palette entry per type, and the properties panel
 * that gives a field its name, options, formula and condition; saved with the document.
 */

const shots = new URL('../../.tmp/', import.meta.url).pathname;

async function dragFromPalette(editor: Locator, item: string, target: Locator, y: number) {
  const box = (await target.boundingBox())!;
  const scale = box.width / 595;
  await editor
    .getByRole('complementary', { name: 'Markers' })
    .getByRole('button', { name: item, exact: true })
    .dragTo(target, { targetPosition: { x: 200 * scale, y: y * scale } });
}

test('editor: a checkbox, a dropdown shown when it is ticked, a computed number; saved and sent', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const token = await registerCompany(baseURL!, 'Verhuur Smit', 'Sara Smit');
  await page.goto('/login');
  await page.evaluate((t) => window.localStorage.setItem('paraaf.token', t), token);
  await page.goto('/nieuwe-ondertekening');
  const section = page.getByRole('region', { name: 'Ondertekenaar 1', exact: true });
  await section.getByLabel(/^Voornaam( \*)?$/).fill('Piet');
  await section.getByLabel(/^Achternaam( \*)?$/).fill('Smit');
  await section.getByLabel(/^E-mailadres( \*)?$/).fill(`piet-${Date.now()}@example.nl`);
  await page.getByRole('button', { name: 'Volgende' }).click();

  const work = mkdtempSync(join(tmpdir(), 'paraaf-field-editor-'));
  const file = join(work, 'huur.pdf');
  writeFileSync(file, await contractPdf('huur', 1));
  await page.locator('input[type="file"]').setInputFiles(file);
  const table = page.getByRole('table', { name: 'Documenten' });
  await expect(table.getByText('1 pagina')).toBeVisible({ timeout: 30_000 });
  await table.getByRole('button', { name: 'Markers instellen voor huur.pdf' }).click();

  const editor = page.getByRole('dialog', { name: 'Formuliermarkers instellen' });
  const page1 = editor.getByRole('group', { name: 'Pagina 1 van 1' });
  await expect(page1.locator('canvas')).toBeVisible();
  const properties = editor.getByRole('complementary', { name: 'Eigenschappen' });
  const nameInput = properties.getByLabel('Naam (voor voorwaarden en formules)');

  await dragFromPalette(editor, 'Invoerveld vinkje', page1, 120);
  await nameInput.fill('akkoord');

  await dragFromPalette(editor, 'Keuzelijst', page1, 200);
  await nameInput.fill('pakket');
  await properties.getByLabel('Opties (één per regel)').fill('Basis\nPlus\nPremium');
  await properties.getByRole('combobox', { name: 'Voorwaarde' }).click();
  await page.getByRole('option', { name: 'Als veld akkoord' }).click();
  await properties.getByRole('combobox', { name: 'Soort voorwaarde' }).click();
  await page.getByRole('option', { name: 'is aangevinkt' }).click();

  await dragFromPalette(editor, 'Invoerveld getal', page1, 280);
  await nameInput.fill('prijs');
  await dragFromPalette(editor, 'Berekend getal', page1, 360);
  const formula = properties.getByRole('textbox', { name: 'Formule', exact: true });
  await formula.fill('prijs *');
  await expect(properties.getByText('Deze formule klopt niet')).toBeVisible();
  await formula.fill('prijs * 1,21'.replace(',', '.'));
  await expect(properties.getByText('Deze formule klopt niet')).toBeHidden();
  await page.screenshot({ path: `${shots}field-editor-desktop.png` });
  await editor.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect(editor).toBeHidden();

  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.getByRole('button', { name: 'Verzenden' }).click();
  await expect(page).toHaveURL(/\/ondertekening\/\d+$/, { timeout: 30_000 });
  const id = Number(/\/ondertekening\/(\d+)$/.exec(page.url())![1]);
  const detail = await call<{
    signables: { config: { fields: { type: string; options: Record<string, unknown> }[] } }[];
  }>(baseURL!, token, 'GET', `/sign-requests/${id}`);
  const fields = detail.signables[0]!.config.fields;
  expect(fields.map((f) => f.type).sort()).toEqual(['checkbox', 'dropdown', 'formula', 'number']);
  expect(fields.find((f) => f.type === 'dropdown')!.options).toMatchObject({
    name: 'pakket',
    choices: ['Basis', 'Plus', 'Premium'],
    condition: { field: 'akkoord', op: 'checked', effect: 'show' },
  });
  expect(fields.find((f) => f.type === 'formula')!.options).toMatchObject({
    formula: 'prijs * 1.21',
    decimals: 2,
  });
  rmSync(work, { recursive: true, force: true });
});
