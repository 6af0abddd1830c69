import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { SmtpCatcher } from '../../apps/api/test/smtp.ts';
import {
  companyIdOf,
  contractPdf,
  downloadSignable,
  enableFeatures,
  registerCompany,
  waitUntilSigned,
} from '../support/api.ts';
import { expect, linkFrom, test } from '../support/fixtures.ts';
import { drawOnPad, nextMail, stepTitle } from '../support/signer-page.ts';
import { imagesPerPage, signatureReport, wordsOnPage } from '../support/poppler.ts';

/**
 * Issue 5 end to end: markers placed in the editor 'Formuliermarkers instellen' (in the wizard,
 * and through a saved template) are filled on the signer's page and land in the sealed PDF at
 * the same spot, checked with poppler.
 */

const shots = new URL('../../.tmp/', import.meta.url).pathname;
// Made in the worker (the runner also loads this file, to list the tests).
let work = '';
test.beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'paraaf-markers-'));
});
test.afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A contract PDF of `pages` A4 pages written to a temp file, as a user would pick it. */
async function pdfFile(name: string, pages: number): Promise<string> {
  const path = join(work, name);
  writeFileSync(path, await contractPdf(name.replace(/\.pdf$/, ''), pages));
  return path;
}

/** The sender's browser, logged in with the session token of a company made through the API. */
async function loginAs(page: Page, token: string) {
  await page.goto('/login');
  await page.evaluate((t) => window.localStorage.setItem('paraaf.token', t), token);
}

const field = (scope: Page | Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${label}( \\*)?$`));
const next = (page: Page) => page.getByRole('button', { name: 'Volgende' });

/** Step 1 of the wizard: signer 1 with the given verification boxes ticked (Handtekening is). */
async function fillFirstSigner(
  page: Page,
  signer: { firstname: string; lastname: string; email: string },
  extra: string[],
) {
  await page.goto('/nieuwe-ondertekening');
  const section = page.getByRole('region', { name: 'Ondertekenaar 1', exact: true });
  await field(section, 'Voornaam').fill(signer.firstname);
  await field(section, 'Achternaam').fill(signer.lastname);
  await field(section, 'E-mailadres').fill(signer.email);
  await expect(section.getByRole('checkbox', { name: 'Handtekening' })).toBeChecked();
  for (const label of extra) await section.getByRole('checkbox', { name: label }).check();
  await next(page).click();
}

/** Step 3 with its defaults, Verzenden; returns the new request's id from the detail URL. */
async function sendFromWizard(page: Page): Promise<number> {
  await next(page).click();
  await page.getByRole('button', { name: 'Verzenden' }).click();
  await expect(page).toHaveURL(/\/ondertekening\/\d+$/, { timeout: 30_000 });
  return Number(/\/ondertekening\/(\d+)$/.exec(page.url())![1]);
}

const editorOf = (page: Page) => page.getByRole('dialog', { name: 'Formuliermarkers instellen' });

/** Page n of the editor, scrolled to the top of the view, with its canvas drawn. */
async function editorPage(editor: Locator, n: number, count: number) {
  const target = editor.getByRole('group', { name: `Pagina ${n} van ${count}` });
  await target.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await expect(target.locator('canvas')).toBeVisible();
  return target;
}

/** Drags a palette item onto a page, dropped with its centre at (x, y) PDF points. */
async function dragFromPalette(
  editor: Locator,
  item: string,
  target: Locator,
  at: { x: number; y: number },
) {
  const box = (await target.boundingBox())!;
  const scale = box.width / 595;
  await editor
    .getByRole('complementary', { name: 'Markers' })
    .getByRole('button', { name: item, exact: true })
    .dragTo(target, { targetPosition: { x: at.x * scale, y: at.y * scale } });
}

/** A marker box's rectangle in PDF points relative to its page, read from the screen. */
async function rectOnPage(marker: Locator, page: Locator) {
  const m = (await marker.boundingBox())!;
  const p = (await page.boundingBox())!;
  const scale = p.width / 595;
  return {
    x: (m.x - p.x) / scale,
    y: (m.y - p.y) / scale,
    width: m.width / scale,
    height: m.height / scale,
  };
}

/** 'Paraaf toevoegen op pagina's' → Alle → Toevoegen, for the palette's first signer. */
async function paraphsOnAllPages(page: Page, editor: Locator, count: number) {
  await editor.getByRole('button', { name: "Paraaf toevoegen op pagina's" }).click();
  const modal = page.getByRole('dialog', { name: "Paraaf toevoegen op pagina's" });
  await modal.getByText('Alle', { exact: true }).click();
  await expect(modal.getByText(`${count} pagina's: 1, 2, 3`)).toBeVisible();
  await modal.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(modal).toBeHidden();
  for (let n = 1; n <= count; n++) {
    await expect(
      editor.getByRole('button', { name: new RegExp(`^Paraaf .+, pagina ${n}$`) }),
    ).toHaveCount(1);
  }
}

/**
 * Places, on page 2 of a 3-page document: a signature marker and a required text input field
 * for signer 1 (dragged from the palette), and paraphs on every page. Returns the field's
 * rectangle as the screen shows it, in points.
 */
async function placeMarkers(page: Page, signerName: string, screenshot?: string) {
  const editor = editorOf(page);
  await expect(editor).toBeVisible();
  const page2 = await editorPage(editor, 2, 3);
  await expect(editor.getByTestId('marker-editor-page')).toHaveText('Pagina 2 van 3');

  await dragFromPalette(editor, 'Handtekening', page2, { x: 200, y: 360 });
  const signature = editor.getByRole('button', {
    name: `Handtekening ${signerName}, pagina 2`,
    exact: true, // not the found field's 'Overnemen: …' and 'Afwijzen: …'
  });
  await expect(signature).toBeVisible();

  const palette = editor.getByRole('complementary', { name: 'Markers' });
  await expect(palette.getByRole('switch', { name: 'Verplicht' })).toBeChecked();
  await dragFromPalette(editor, 'Invoerveld tekst', page2, { x: 200, y: 220 });
  const inputField = editor.getByRole('button', {
    name: `Invoerveld tekst ${signerName}, pagina 2`,
    exact: true,
  });
  await expect(inputField).toBeVisible();
  // Selected on drop: the properties show it required for this signer.
  const properties = editor.getByRole('complementary', { name: 'Eigenschappen' });
  await expect(properties.getByText(`Invoerveld tekst ${signerName}`)).toBeVisible();
  await expect(properties.getByRole('switch', { name: 'Verplicht' })).toBeChecked();

  // Moved a little with the mouse, the way a user nudges it into place.
  const box = (await inputField.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 30, box.y + box.height / 2 + 20, { steps: 8 });
  await page.mouse.up();
  const fieldRect = await rectOnPage(inputField, page2);
  expect(fieldRect.x).toBeGreaterThan(125 + 20);

  await paraphsOnAllPages(page, editor, 3);
  await expect(editor.getByText('5 markers')).toBeVisible();
  if (screenshot) {
    // Zoomed out so page 2 shows whole: its paraph, signature and field.
    await editor.getByRole('button', { name: 'Uitzoomen' }).click();
    await editor.getByRole('button', { name: 'Uitzoomen' }).click();
    await page2.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await expect(page2.locator('canvas')).toBeVisible();
    await page.mouse.move(640, 10);
    await page.screenshot({ path: screenshot });
  }
  await editor.getByRole('button', { name: 'Opslaan', exact: true }).click();
  return fieldRect;
}

/** Draws a wavy line on a pad and saves it. */
async function draw(page: Page, padName: string) {
  await drawOnPad(page, page.getByRole('img', { name: padName }));
}

/** The signer follows the mail's link and goes through every step to 'Akkoord'. */
async function signAsSigner(page: Page, smtp: SmtpCatcher, email: string, value: string) {
  const invitation = await smtp.waitForMail(email, undefined, 20_000);
  await page.goto(linkFrom(invitation, '/ondertekenen/'));
  for (let guard = 0; guard < 8; guard++) {
    await expect(stepTitle(page)).toHaveText(
      /^(E-mailcode|Handtekening|Paraaf|Velden invullen|Akkoord)$/,
    );
    const step = await stepTitle(page).innerText();
    if (step === 'Akkoord') break;
    if (step === 'E-mailcode') {
      const seen = smtp.mails.length;
      await page.getByRole('button', { name: 'Code versturen' }).click();
      const mail = await nextMail(smtp, email, seen, /verificatiecode/i);
      const code = /(\d{6})/.exec(mail.subject)![1]!;
      await page.getByRole('textbox', { name: 'Code van 6 cijfers 1' }).click();
      await page.keyboard.type(code);
      // The sixth digit sends the code; the next step follows.
      await expect(stepTitle(page)).not.toHaveText('E-mailcode');
    } else if (step === 'Handtekening') {
      await draw(page, 'Tekenvak voor je handtekening');
    } else if (step === 'Paraaf') {
      await draw(page, 'Tekenvak voor je paraaf');
    } else {
      await page
        .getByLabel(/^Tekstveld 1 op pagina 2, in te vullen door .+ \(Dit veld is verplicht\)$/)
        .fill(value);
      await page.getByRole('button', { name: 'Velden opslaan' }).click();
    }
    await expect(stepTitle(page)).not.toHaveText(step);
  }
  await expect(stepTitle(page)).toHaveText('Akkoord');
  await page.getByRole('button', { name: 'Akkoord en ondertekenen' }).click();
  await expect(
    page.getByRole('heading', {
      name: /De documenten zijn ondertekend|Bedankt, je hebt ondertekend/,
    }),
  ).toBeVisible();
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  page: number;
}

/**
 * Waits until the request is sealed (state 5), downloads the signed PDF as the sender and
 * checks it with poppler: the value inside the field's rectangle on page 2, an image on every
 * page (paraphs) and a second one on page 2 (signature), a valid signature.
 */
async function checkSealed(
  baseURL: string,
  token: string,
  id: number,
  value: string,
  fieldOnScreen: Omit<Box, 'page'> | null,
) {
  const detail = await waitUntilSigned<{
    signables: { id: number; config: { variables: Box[]; fields: Box[] } }[];
  }>(baseURL, token, id);
  const signable = detail.signables[0]!;
  const stored = signable.config.fields[0]!;
  expect(stored.page).toBe(2);
  if (fieldOnScreen) {
    // What the editor showed is what was stored.
    for (const k of ['x', 'y', 'width', 'height'] as const) {
      expect(Math.abs(Number(stored[k]) - fieldOnScreen[k]), k).toBeLessThan(1.5);
    }
  }

  const file = join(work, `sealed-${id}.pdf`);
  writeFileSync(file, await downloadSignable(baseURL, token, signable.id));

  const tolerance = 3;
  const words = wordsOnPage(file, 2);
  const code = value.split(' ').at(-1)!;
  const word = words.find((w) => w.text === code);
  expect(word, `${code} on page 2 in ${JSON.stringify(words)}`).toBeDefined();
  const [x, y, w, h] = [stored.x, stored.y, stored.width, stored.height].map(Number) as [
    number,
    number,
    number,
    number,
  ];
  expect(word!.xMin).toBeGreaterThanOrEqual(x - tolerance);
  expect(word!.xMax).toBeLessThanOrEqual(x + w + tolerance);
  expect(word!.yMin).toBeGreaterThanOrEqual(y - tolerance);
  expect(word!.yMax).toBeLessThanOrEqual(y + h + tolerance);
  // Not on the other pages.
  for (const p of [1, 3]) expect(wordsOnPage(file, p).some((v) => v.text === code)).toBe(false);

  const images = imagesPerPage(file);
  expect(images.get(1) ?? 0).toBeGreaterThanOrEqual(1);
  expect(images.get(2) ?? 0).toBeGreaterThanOrEqual(2);
  expect(images.get(3) ?? 0).toBeGreaterThanOrEqual(1);

  expect(signatureReport(file)).toContain('Signature is Valid.');
}

test('wizard: markers on a 3-page PDF, the signer fills and signs, the sealed PDF has them', async ({
  page,
  baseURL,
  smtp,
}) => {
  const token = await registerCompany(baseURL!, 'Makelaardij Bakker', 'Sanne Bakker');
  const signer = {
    firstname: 'Lotte',
    lastname: 'de Vries',
    email: `lotte-${Date.now()}@example.nl`,
  };
  await loginAs(page, token);
  await fillFirstSigner(page, signer, ['E-mail', 'Paraaf']);

  await page.locator('input[type="file"]').setInputFiles(await pdfFile('koopakte.pdf', 3));
  const table = page.getByRole('table', { name: 'Documenten' });
  await expect(table.getByText('3 pagina’s')).toBeVisible({ timeout: 30_000 });
  await table.getByRole('button', { name: 'Markers instellen voor koopakte.pdf' }).click();

  const fieldRect = await placeMarkers(page, 'Lotte de Vries', `${shots}marker-editor.png`);
  await expect(editorOf(page)).toBeHidden();
  await expect(
    table.getByRole('button', { name: 'Markers instellen voor koopakte.pdf' }),
  ).toContainText('5');
  const id = await sendFromWizard(page);

  const value = 'Kenmerk PX-4471';
  await signAsSigner(page, smtp, signer.email, value);
  await checkSealed(baseURL!, token, id, value, fieldRect);
});

test('template: saved on /templates, picked in the wizard, signed; the sealed PDF has its markers', async ({
  page,
  baseURL,
  smtp,
}) => {
  const token = await registerCompany(baseURL!, 'Verhuur Mulder', 'Henk Mulder');
  await enableFeatures(baseURL!, await companyIdOf(baseURL!, token), ['templates']);
  await loginAs(page, token);

  // The template: upload, markers for placeholder 'Ondertekenaar 1', a name, Opslaan.
  await page.goto('/templates');
  await expect(page.getByText('Je hebt nog geen templates')).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles(await pdfFile('huurcontract.pdf', 3));
  const editor = editorOf(page);
  await expect(editor).toBeVisible({ timeout: 30_000 });
  await editor.getByLabel(/^Template naam/).fill('Huurcontract standaard');
  const fieldRect = await placeMarkers(page, 'Ondertekenaar 1');
  await expect(editor).toBeHidden();
  const list = page.getByRole('table', { name: 'Templates' });
  await expect(
    list.getByRole('cell', { name: 'Huurcontract standaard', exact: true }),
  ).toBeVisible();

  // The wizard: the template's document with its markers, signer 1 in place of 'Ondertekenaar 1'.
  const signer = { firstname: 'Kees', lastname: 'Smit', email: `kees-${Date.now()}@example.nl` };
  await fillFirstSigner(page, signer, ['Paraaf']);
  await page.getByRole('button', { name: 'Document toevoegen vanuit template' }).click();
  const picker = page.getByRole('dialog', { name: 'Document toevoegen vanuit template' });
  await picker.getByRole('button', { name: 'Toevoegen: Huurcontract standaard' }).click();
  await expect(picker).toBeHidden();
  const table = page.getByRole('table', { name: 'Documenten' });
  const markersButton = table.getByRole('button', { name: /^Markers instellen voor / });
  await expect(markersButton).toContainText('5');
  // The markers now name the request's signer.
  await markersButton.click();
  await expect(
    editorOf(page).getByRole('button', { name: 'Handtekening Kees Smit, pagina 2', exact: true }),
  ).toBeVisible();
  await editorOf(page).getByRole('button', { name: 'Annuleren' }).click();
  await expect(editorOf(page)).toBeHidden();
  const id = await sendFromWizard(page);

  const value = 'Kenmerk TX-9082';
  await signAsSigner(page, smtp, signer.email, value);
  await checkSealed(baseURL!, token, id, value, fieldRect);
});
