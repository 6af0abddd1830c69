import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  createSignRequest,
  downloadSignable,
  registerCompany,
  waitUntilSigned,
} from '../support/api.ts';
import { imagesPerPage } from '../support/poppler.ts';
import { expect, linkFrom, test } from '../support/fixtures.ts';
import { drawOnPad, stepTitle } from '../support/signer-page.ts';

/**
 * Every type of signer field, filled in on a phone (390×844) and sealed: the sealed PDF shows the
 * values where their fields are (dates and numbers in Dutch), the chosen options, and the
 * attachment as a page after the document with its SHA-256 on the audit certificate.
 */

const shots = new URL('../../.tmp/', import.meta.url).pathname;

type FieldSpec = { type: string; y: number; height?: number; options?: Record<string, string> };

const FIELDS: FieldSpec[] = [
  { type: 'text', y: 60, options: { name: 'iban', pattern: 'iban', 'rules][0': 'required' } },
  { type: 'date', y: 100, options: { name: 'ingang' } },
  { type: 'number', y: 140, options: { name: 'prijs', decimals: '2' } },
  { type: 'number', y: 180, options: { name: 'aantal', decimals: '0' } },
  {
    type: 'formula',
    y: 220,
    options: { name: 'totaal', formula: 'prijs * aantal', decimals: '2' },
  },
  { type: 'dropdown', y: 260, options: { 'choices][0': 'Basis', 'choices][1': 'Plus' } },
  { type: 'radio', y: 300, height: 40, options: { 'choices][0': 'Maand', 'choices][1': 'Jaar' } },
  {
    type: 'checkbox_group',
    y: 350,
    height: 54,
    options: { 'choices][0': 'Post', 'choices][1': 'Mail', 'choices][2': 'Sms', maxChoices: '2' },
  },
  { type: 'email', y: 415 },
  { type: 'phone', y: 455 },
  { type: 'initials', y: 495 },
  { type: 'label', y: 535, options: { text: 'Lees de algemene voorwaarden' } },
  { type: 'checkbox', y: 575, options: { name: 'huisdier' } },
  {
    type: 'text',
    y: 600,
    options: {
      name: 'soort',
      'condition][field': 'huisdier',
      'condition][op': 'checked',
      'condition][effect': 'show',
      'rules][0': 'required',
    },
  },
  { type: 'attachment', y: 640, options: { 'rules][0': 'required' } },
];

async function drawSignature(page: Page) {
  await expect(stepTitle(page)).toHaveText('Handtekening');
  await drawOnPad(page, page.getByRole('img', { name: 'Tekenvak voor je handtekening' }));
  await expect(stepTitle(page)).not.toHaveText('Handtekening');
}

const field = (page: Page, kind: string, n?: number) =>
  page.getByLabel(new RegExp(`^${kind} ${n ?? '\\d+'} op pagina 1, in te vullen door`));

test('each field type filled on a phone and sealed with its values and the attachment', async ({
  browser,
  baseURL,
  smtp,
}) => {
  test.setTimeout(120_000);
  const token = await registerCompany(baseURL!, 'Verhuur Jansen', 'Joke Jansen');
  const email = `piet-${Date.now()}@example.nl`;
  const id = await createSignRequest(baseURL!, token, {
    subject: 'Huurovereenkomst met velden',
    document: 'Huurovereenkomst',
    pages: 1,
    send: true,
    verifications: [5],
    signers: [{ firstname: 'Piet', lastname: 'Jansen', email }],
    markers: (form) => {
      const signature = {
        x: '330',
        y: '700',
        width: '180',
        height: '60',
        page: '1',
        type: 'generated',
        value: 'signer.1.signature',
      };
      for (const [k, v] of Object.entries(signature)) form.set(`variables[0][${k}]`, v);
      FIELDS.forEach((f, i) => {
        const p = `fields[${i}]`;
        const small = f.type === 'checkbox';
        form.set(`${p}[x]`, '60');
        form.set(`${p}[y]`, String(f.y));
        form.set(`${p}[width]`, small ? '14' : '230');
        form.set(`${p}[height]`, small ? '14' : String(f.height ?? 30));
        form.set(`${p}[page]`, '1');
        form.set(`${p}[type]`, f.type);
        form.set(`${p}[options][signer]`, '1');
        for (const [k, v] of Object.entries(f.options ?? {})) form.set(`${p}[options][${k}]`, v);
      });
    },
  });

  const link = linkFrom(await smtp.waitForMail(email), '/ondertekenen/');
  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    locale: 'nl-NL',
  });
  const page = await phone.newPage();
  // The ID copy: a small PNG made here (a screenshot of a coloured block).
  await page.setContent('<div style="width:200px;height:120px;background:#2f9e44"></div>');
  const png = await page.screenshot({ clip: { x: 0, y: 0, width: 200, height: 120 } });

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Huurovereenkomst met velden' })).toBeVisible();
  await drawSignature(page);
  await expect(stepTitle(page)).toHaveText('Velden invullen');

  // The field shown only when the pet box is ticked is not there yet.
  await expect(field(page, 'Tekstveld')).toHaveCount(1);
  await field(page, 'Tekstveld').fill('NL00 BANK 0000 0000 00');
  await page.getByRole('button', { name: 'Velden opslaan' }).click();
  await expect(page.getByText(/Vul eerst alle verplichte velden in/)).toBeVisible();
  await field(page, 'Tekstveld').fill('nl91 abna 0417 1643 00');
  await field(page, 'Datumveld').fill('2026-02-28');
  await field(page, 'Getalveld', 3).fill('1234,5');
  await field(page, 'Getalveld', 4).fill('2');
  // The formula is computed as the signer types, in Dutch.
  await expect(page.getByTestId('field-formula')).toHaveText('2.469,00');
  await field(page, 'Keuzelijst').selectOption('Plus');
  await field(page, 'Keuzerondjes').getByRole('radio', { name: 'Jaar' }).check();
  const group = field(page, 'Aankruisvakken');
  await group.getByRole('checkbox', { name: 'Post' }).check();
  await group.getByRole('checkbox', { name: 'Sms' }).check();
  await field(page, 'E-mailveld').fill('piet@example.nl');
  await field(page, 'Telefoonveld').fill('06 1234 5678');
  await field(page, 'Initialenveld').fill('P.J.');
  await expect(page.getByTestId('field-label')).toHaveText('Lees de algemene voorwaarden');
  await field(page, 'Aankruisvak').check();
  await field(page, 'Tekstveld', 14).fill('Kat');
  await page
    .getByTestId('attachment-input-14')
    .setInputFiles({ name: 'identiteitsbewijs.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('identiteitsbewijs.png')).toBeVisible();
  // The groups' options are finger-sized where the page leaves room (side by side, or grown
  // into the free space below), on a phone and on a desktop.
  const radios = field(page, 'Keuzerondjes');
  await radios.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}field-types-groups-phone.png` });
  const minTarget = async (groups: ReturnType<Page['getByTestId']>) =>
    Math.min(
      ...(await groups
        .locator('label')
        .evaluateAll((labels) => labels.map((l) => l.getBoundingClientRect().height))),
    );
  const allGroups = page.getByTestId(/^choices-/);
  // On the phone the radio options sit side by side in their low box; the checkbox group has
  // only 11 pt free below it there, so its rows keep to the box (full width to tap).
  expect(await minTarget(radios)).toBeGreaterThanOrEqual(24);
  await page.setViewportSize({ width: 1280, height: 800 });
  await radios.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}field-types-groups-desktop.png` });
  expect(await minTarget(allGroups)).toBeGreaterThanOrEqual(24);
  await page.setViewportSize({ width: 390, height: 844 });
  await field(page, 'Tekstveld', 14).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}field-types-phone.png` });
  await page.getByRole('button', { name: 'Velden opslaan' }).click();

  await expect(stepTitle(page)).toHaveText('Akkoord');
  await page.getByRole('button', { name: 'Akkoord en ondertekenen' }).click();
  await expect(
    page.getByRole('heading', {
      name: /De documenten zijn ondertekend|Bedankt, je hebt ondertekend/,
    }),
  ).toBeVisible();
  await phone.close();

  const detail = await waitUntilSigned(baseURL!, token, id);
  const sealed = await downloadSignable(baseURL!, token, detail.signables[0]!.id);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-field-types-'));
  const file = path.join(dir, 'sealed.pdf');
  fs.writeFileSync(file, sealed);
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  const flat = text.replace(/\s+/g, ' ');
  for (const shown of [
    'NL91 ABNA 0417 1643 00',
    '28-02-2026',
    '1.234,50',
    '2.469,00',
    'Plus',
    'Jaar',
    'Post Mail Sms',
    'piet@example.nl',
    '0612345678',
    'P.J.',
    'Lees de algemene voorwaarden',
    'Kat',
    'Bijlage: identiteitsbewijs.png',
    'Bijlagen van ondertekenaars',
    createHash('sha256').update(png).digest('hex'),
  ]) {
    expect(flat, shown).toContain(shown);
  }
  // Page 1 is the document, page 2 the attachment (the image as a page), then the certificate.
  const pages = text.split('\f');
  expect(pages[0]).toContain('Huurovereenkomst');
  expect(pages[1]!.trim()).toBe('');
  expect(imagesPerPage(file).get(2)).toBe(1);
  expect(pages.slice(2).join(' ')).toContain('Auditcertificaat');
  fs.rmSync(dir, { recursive: true, force: true });
});
