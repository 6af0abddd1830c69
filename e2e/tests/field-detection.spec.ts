import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { shownPage } from '../../apps/api/test/pdf-pixels.ts';
import { twoColumnContract } from '../../apps/api/test/fixtures/detection-pdfs.ts';
import type { SmtpCatcher } from '../../apps/api/test/smtp.ts';
import type { DetectedMarker, SignRequestDetail } from '@paraaf/contract';
import { call, downloadSignable, registerCompany, waitUntilSigned } from '../support/api.ts';
import { expect, linkFrom, test } from '../support/fixtures.ts';
import { wordsOnPage } from '../support/poppler.ts';
import { drawOnPad, nextMail, stepTitle } from '../support/signer-page.ts';

/**
 * Field detection end to end: a two-column 'Opdrachtgever / Opdrachtnemer' contract goes through
 * the wizard without markers. The editor offers the found fields, step 3 says where each
 * signature will go, and the sealed PDF has each signature on its own party's line (pixels of
 * the page by pdftoppm) and each name on its party's name line (pdftotext -bbox), while the
 * foot of the page, where the old fallback put both, stays empty.
 */

const shots = new URL('../../.tmp/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });

const field = (scope: Page | Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${label}( \\*)?$`));

async function fillSigner(page: Page, n: number, first: string, last: string, email: string) {
  const section = page.getByRole('region', { name: `Ondertekenaar ${n}`, exact: true });
  await field(section, 'Voornaam').fill(first);
  await field(section, 'Achternaam').fill(last);
  await field(section, 'E-mailadres').fill(email);
  const signature = section.getByRole('checkbox', { name: 'Handtekening', exact: true });
  if (!(await signature.isChecked())) await signature.check();
}

/**
 * A new company's sender in the wizard: Anna Ambt and Piet Jansen as signers (both sign), the
 * two-column contract uploaded on step 2 and converted.
 */
async function wizardWithContract(page: Page, baseURL: string, family: string) {
  const token = await registerCompany(baseURL, `Bouwbedrijf ${family}`, `Sanne ${family}`);
  await page.goto('/login');
  await page.evaluate((t) => window.localStorage.setItem('paraaf.token', t), token);
  const stamp = Date.now();
  const anna = `anna-${stamp}@example.nl`;
  const piet = `piet-${stamp}@example.nl`;

  await page.goto('/nieuwe-ondertekening');
  await fillSigner(page, 1, 'Anna', 'Ambt', anna);
  await page.getByRole('button', { name: 'Ondertekenaar toevoegen' }).click();
  await fillSigner(page, 2, 'Piet', 'Jansen', piet);
  await page.getByRole('button', { name: 'Volgende' }).click();

  const contract = await twoColumnContract();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'overeenkomst.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(contract.bytes),
  });
  const table = page.getByRole('table', { name: 'Documenten' });
  await expect(table.getByText('3 pagina’s')).toBeVisible({ timeout: 30_000 });
  return { token, anna, piet, contract, table };
}

/** The signer follows the mail's link, draws a signature and approves. */
async function sign(page: Page, smtp: SmtpCatcher, email: string) {
  const invitation = await smtp.waitForMail(email, undefined, 20_000);
  await page.goto(linkFrom(invitation, '/ondertekenen/'));
  await expect(stepTitle(page)).toHaveText(/^(E-mailcode|Handtekening)$/);
  if ((await stepTitle(page).innerText()) === 'E-mailcode') {
    const seen = smtp.mails.length;
    await page.getByRole('button', { name: 'Code versturen' }).click();
    const mail = await nextMail(smtp, email, seen, /verificatiecode/i);
    await page.getByRole('textbox', { name: 'Code van 6 cijfers 1' }).click();
    await page.keyboard.type(/(\d{6})/.exec(mail.subject)![1]!);
  }
  await expect(stepTitle(page)).toHaveText('Handtekening');
  await drawOnPad(page, page.getByRole('img', { name: 'Tekenvak voor je handtekening' }));
  await expect(stepTitle(page)).toHaveText('Akkoord');
  await page.getByRole('button', { name: 'Akkoord en ondertekenen' }).click();
  await expect(
    page.getByRole('heading', {
      name: /De documenten zijn ondertekend|Bedankt, je hebt ondertekend/,
    }),
  ).toBeVisible();
}

test('a two-column contract sent without markers seals each signature on its own party line', async ({
  page,
  browser,
  baseURL,
  smtp,
}) => {
  test.setTimeout(180_000);
  const { token, anna, piet, contract, table } = await wizardWithContract(
    page,
    baseURL!,
    'Akkerman',
  );

  // The editor offers what was found, dashed, per signer; nothing is taken over here.
  await table.getByRole('button', { name: 'Markers instellen voor overeenkomst.pdf' }).click();
  const editor = page.getByRole('dialog', { name: 'Formuliermarkers instellen' });
  await expect(editor.getByRole('button', { name: 'Gevonden velden overnemen' })).toBeVisible();
  const page3 = editor.getByRole('group', { name: 'Pagina 3 van 3' });
  await page3.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await expect(page3.locator('canvas')).toBeVisible();
  await expect(
    page3.getByRole('group', { name: 'Gevonden veld: Handtekening Piet Jansen, pagina 3' }),
  ).toBeVisible();
  await expect(page3.getByTestId('marker-suggestion')).toHaveCount(6);
  await page.screenshot({ path: `${shots}detected-suggestions.png` });
  await editor.getByRole('button', { name: 'Annuleren' }).click();
  await expect(editor).toBeHidden();

  // Step 3 says where each signature goes.
  await page.getByRole('button', { name: 'Volgende' }).click();
  const warning = page.getByTestId('auto-signature-warning');
  await expect(warning).toContainText(
    'Paraaf plaatst de handtekening van Anna Ambt bij "Opdrachtgever – Handtekening" op pagina 3',
  );
  await expect(warning).toContainText(
    'Paraaf plaatst de handtekening van Piet Jansen bij "Opdrachtnemer – Handtekening" op pagina 3',
  );
  await page.setViewportSize({ width: 1280, height: 800 });
  await warning.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}detected-step3-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await warning.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}detected-step3-phone.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Verzenden' }).click();
  await expect(page).toHaveURL(/\/ondertekening\/\d+$/, { timeout: 30_000 });
  const id = Number(/\/ondertekening\/(\d+)$/.exec(page.url())![1]);

  for (const email of [anna, piet]) {
    const context = await browser.newContext();
    await sign(await context.newPage(), smtp, email);
    await context.close();
  }

  const detail = await waitUntilSigned(baseURL!, token, id);
  const sealed = await downloadSignable(baseURL!, token, detail.signables[0]!.id);
  const before = shownPage(contract.bytes, 3);
  const after = shownPage(sealed, 3);
  const box = (value: string) => contract.expected.find((e) => e.value === value)!;
  // Ink on each party's signature line: the page got darker there.
  for (const value of ['signer.1.signature', 'signer.2.signature']) {
    const b = box(value);
    expect(after.mean(b), value).toBeLessThan(before.mean(b) - 3);
  }
  // Nothing at the foot of the page, where both signatures used to go.
  const foot = { x: 36, y: 841.89 - 36 - 62, width: 312, height: 62 };
  expect(Math.abs(after.mean(foot) - before.mean(foot))).toBeLessThan(0.5);

  // Each name on its party's name line.
  const file = join(mkdtempSync(join(tmpdir(), 'paraaf-detect-')), 'sealed.pdf');
  writeFileSync(file, sealed);
  writeFileSync(`${shots}detected-sealed.pdf`, sealed);
  const words = wordsOnPage(file, 3);
  for (const [name, value] of [
    ['Ambt', 'signer.1.name'],
    ['Jansen', 'signer.2.name'],
  ] as const) {
    const b = box(value);
    const word = words.find((w) => w.text === name);
    expect(word, `${name} in ${JSON.stringify(words)}`).toBeDefined();
    expect(word!.xMin).toBeGreaterThanOrEqual(b.x - 20);
    expect(word!.xMax).toBeLessThanOrEqual(b.x + b.width + 20);
    expect(word!.yMin).toBeGreaterThanOrEqual(b.y - 20);
    expect(word!.yMax).toBeLessThanOrEqual(b.y + b.height + 20);
  }
});

test('a turned-down suggestion stays turned down when the editor opens again, and is not placed', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { token, contract, table } = await wizardWithContract(page, baseURL!, 'Vermeulen');

  const openEditor = async () => {
    await table.getByRole('button', { name: 'Markers instellen voor overeenkomst.pdf' }).click();
    const editor = page.getByRole('dialog', { name: 'Formuliermarkers instellen' });
    const page3 = editor.getByRole('group', { name: 'Pagina 3 van 3' });
    await page3.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await expect(page3.locator('canvas')).toBeVisible();
    return { editor, page3 };
  };
  const first = await openEditor();
  await expect(first.page3.getByTestId('marker-suggestion')).toHaveCount(6);
  await first.editor
    .getByRole('button', { name: 'Afwijzen: Handtekening Piet Jansen, pagina 3' })
    .click();
  await expect(first.page3.getByTestId('marker-suggestion')).toHaveCount(5);
  await first.editor.getByRole('button', { name: 'Opslaan' }).click();
  await expect(first.editor).toBeHidden();

  // Opened again: the turned-down line is not offered, the other five are.
  const again = await openEditor();
  await expect(again.page3.getByTestId('marker-suggestion')).toHaveCount(5);
  await expect(
    again.page3.getByRole('group', { name: 'Gevonden veld: Handtekening Piet Jansen, pagina 3' }),
  ).toHaveCount(0);
  await again.editor.getByRole('button', { name: 'Annuleren' }).click();
  await expect(again.editor).toBeHidden();

  // Step 3: Anna's signature goes to her line, Piet's to the foot of the last page.
  await page.getByRole('button', { name: 'Volgende' }).click();
  const warning = page.getByTestId('auto-signature-warning');
  await expect(warning).toContainText(
    'Paraaf plaatst de handtekening van Anna Ambt bij "Opdrachtgever – Handtekening" op pagina 3',
  );
  await expect(warning).toContainText(
    'Er staat nog geen handtekeningveld voor Piet Jansen; Paraaf plaatst het onderaan de laatste pagina',
  );
  await page.getByRole('button', { name: 'Verzenden' }).click();
  await expect(page).toHaveURL(/\/ondertekening\/\d+$/, { timeout: 30_000 });
  const id = Number(/\/ondertekening\/(\d+)$/.exec(page.url())![1]);

  // The server keeps the refusal with the found markers and sent without it.
  const detail = await call<SignRequestDetail>(baseURL!, token, 'GET', `/sign-requests/${id}`);
  const signableId = detail.signables[0]!.id;
  const found = await call<{ data: DetectedMarker[] }>(
    baseURL!,
    token,
    'GET',
    `/signables/${signableId}/detected-markers`,
  );
  expect(found.data.filter((m) => m.rejected).map((m) => m.value)).toEqual(['signer.2.signature']);
  const variables = detail.signables[0]!.config.variables as { value: string; y: number }[];
  const line = contract.expected.find((e) => e.value === 'signer.2.signature')!;
  const placed = variables.filter((v) => v.value === 'signer.2.signature');
  expect(placed).toHaveLength(1);
  expect(Math.abs(placed[0]!.y - line.y)).toBeGreaterThan(20);
});
