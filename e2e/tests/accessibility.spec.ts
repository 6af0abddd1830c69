import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { downloadSignable, waitUntilSigned } from '../support/api.ts';
import { imagesPerPage, signatureReport } from '../support/poppler.ts';
import {
  lastMailId,
  linkIn,
  mailTo,
  register,
  sendInLanguage,
  screenWalks,
  settled,
  test,
  type Walk,
} from '../support/screen-walk.ts';
import { sideScroll } from '../support/side-scroll.ts';
import { stepTitle } from '../support/signer-page.ts';

/**
 * Issue 11 point 8: every screen, sender side and signer side (in nl, en, de and fr), passes
 * axe-core with no serious or critical violation; a signer places a signature with the keyboard
 * only. The screens are those of the shared walk (support/screen-walk.ts).
 */

const shots = '/tmp/a11y-shots/';
mkdirSync(shots, { recursive: true });

/** The shared walk at desktop size, judged by axe-core and photographed into `shots`. */
const axeWalk = (page: Page, baseURL: string): Walk => ({
  page,
  baseURL,
  check: (screen) => expectAccessible(page, screen),
  shot: async (name, fullPage) => {
    await page.screenshot({ path: `${shots}${name}.png`, fullPage });
  },
  size: 'desktop',
});

for (const { title, timeout, walk } of screenWalks) {
  test(title, async ({ page, baseURL }) => {
    if (timeout) test.setTimeout(timeout);
    await walk(axeWalk(page, baseURL!));
  });
}

/**
 * axe-core on the whole page as it stands; every serious or critical violation is reported
 * (softly, so one run lists every screen's problems) with the screen's name and the nodes.
 */
async function expectAccessible(page: Page, screen: string) {
  await settled(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} — ${n.failureSummary}`),
    }));
  expect.soft(serious, `axe on "${screen}"`).toEqual([]);
}

/** The accessible name (or text) of the focused element. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '';
    const labelled = el.getAttribute('aria-labelledby');
    const byId = labelled ? document.getElementById(labelled)?.textContent : null;
    return (el.getAttribute('aria-label') ?? byId ?? el.textContent ?? '').trim();
  });

/**
 * Presses Tab until the focused element is named `name`, as a keyboard user would, and checks
 * that the element shows where the focus is (an outline or a ring).
 */
async function tabTo(page: Page, name: string) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    if ((await focusedName(page)) === name) {
      const ring = await page.evaluate(() => {
        const style = getComputedStyle(document.activeElement!);
        return { outline: `${style.outlineStyle} ${style.outlineWidth}`, shadow: style.boxShadow };
      });
      expect(
        ring.outline !== 'none 0px' || ring.shadow !== 'none',
        `a visible focus on "${name}": ${JSON.stringify(ring)}`,
      ).toBe(true);
      return;
    }
  }
  throw new Error(`"${name}" not reached with Tab (last: "${await focusedName(page)}")`);
}

test('a signer signs with the keyboard only: typed name, approve; the sealed PDF verifies', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { token } = await register(baseURL!, 'Verhuur Toetsenbord', 'Joke Jansen');
  const email = `kees-keyboard-${Date.now()}@example.nl`;
  const before = await lastMailId(baseURL!);
  const id = await sendInLanguage(baseURL!, token, 'nl', email, [5]);
  const invitation = await mailTo(baseURL!, email, /Huurcontract/, before);
  // The handwriting font and the preview image load under the Content-Security-Policy.
  const blocked: string[] = [];
  page.on('console', (m) => {
    if (/Content.Security.Policy/i.test(m.text())) blocked.push(m.text());
  });
  await page.goto(linkIn(invitation.text, '/ondertekenen/'));
  await expect(stepTitle(page)).toHaveText('Handtekening');

  await tabTo(page, 'Liever typen dan tekenen');
  await page.keyboard.press('Enter');
  // The name field takes the focus; the hint speaks of typing, not of a mouse.
  await expect(page.getByLabel('Typ je naam')).toBeFocused();
  await expect(page.getByText(/muis/)).toHaveCount(0);
  await page.keyboard.type('Kees Smit');
  await expect(page.getByRole('img', { name: 'Voorbeeld van je handtekening' })).toBeVisible();
  await page.screenshot({ path: `${shots}typed-signature.png` });
  expect(
    await page.evaluate(() => document.fonts.check('26px "Dancing Script"', 'Kees Smit')),
  ).toBe(true);
  expect(blocked).toEqual([]);
  await tabTo(page, 'Opslaan');
  await page.keyboard.press('Enter');
  await expect(stepTitle(page)).toHaveText('Akkoord');
  await expect(stepTitle(page)).toBeFocused();
  await expect(page.getByRole('img', { name: 'Je handtekening', exact: true })).toBeVisible();

  // Focus stays inside the decline dialog, and Escape gives it back.
  await tabTo(page, 'Weigeren');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Ondertekening weigeren' });
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Weigeren' })).toBeFocused();

  await tabTo(page, 'Akkoord en ondertekenen');
  await page.keyboard.press('Enter');
  await expect(
    page
      .getByRole('heading', { name: 'Bedankt, je hebt ondertekend' })
      .or(page.getByRole('heading', { name: 'De documenten zijn ondertekend' })),
  ).toBeVisible();

  const detail = await waitUntilSigned(baseURL!, token, id);
  const signed = await downloadSignable(baseURL!, token, detail.signables[0]!.id);
  const file = join(mkdtempSync(join(tmpdir(), 'paraaf-a11y-')), 'ondertekend.pdf');
  writeFileSync(file, signed);
  expect(signatureReport(file)).toContain('Signature is Valid.');
  // The typed signature stands on the document's page, where the marker is.
  expect(imagesPerPage(file).get(1) ?? 0).toBeGreaterThanOrEqual(1);
});

test('a signer verifies the e-mail code, fills every field, signs and approves with the keyboard only', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { token } = await register(baseURL!, 'Verhuur Alleen Toetsen', 'Toos Toets');
  const email = `kees-keys-${Date.now()}@example.nl`;
  const before = await lastMailId(baseURL!);
  // E-mail code, drawn signature, and a required text field on page 1.
  const id = await sendInLanguage(baseURL!, token, 'nl', email, [1, 5]);
  const invitation = await mailTo(baseURL!, email, /Huurcontract/, before);
  await page.goto(linkIn(invitation.text, '/ondertekenen/'));

  await expect(stepTitle(page)).toHaveText('E-mailcode');
  const mailSeen = await lastMailId(baseURL!);
  await tabTo(page, 'Code versturen');
  await page.keyboard.press('Enter');
  const code = /(\d{6})/.exec((await mailTo(baseURL!, email, /\d{6}/, mailSeen)).subject)![1]!;
  await tabTo(page, 'Code van 6 cijfers 1');
  // The sixth digit sends the code.
  await page.keyboard.type(code);
  await expect(stepTitle(page)).toHaveText('Handtekening');

  await tabTo(page, 'Liever typen dan tekenen');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Typ je naam')).toBeFocused();
  await page.keyboard.type('Kees Smit');
  await tabTo(page, 'Opslaan');
  await page.keyboard.press('Enter');
  await expect(stepTitle(page)).toHaveText('Velden invullen');

  // 'Volgende veld' takes the keyboard to every field still to fill in.
  const field = 'Tekstveld 1 op pagina 1, in te vullen door Kees Smit (Dit veld is verplicht)';
  await tabTo(page, 'Volgende veld');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel(field, { exact: true })).toBeFocused();
  await page.keyboard.type('Utrecht');
  await expect(page.getByTestId('fields-left')).toHaveText('Alles ingevuld');
  await tabTo(page, 'Velden opslaan');
  await page.keyboard.press('Enter');
  await expect(stepTitle(page)).toHaveText('Akkoord');

  await tabTo(page, 'Akkoord en ondertekenen');
  await page.keyboard.press('Enter');
  await expect(
    page
      .getByRole('heading', { name: 'Bedankt, je hebt ondertekend' })
      .or(page.getByRole('heading', { name: 'De documenten zijn ondertekend' })),
  ).toBeVisible();
  const detail = await waitUntilSigned(baseURL!, token, id);
  const signed = await downloadSignable(baseURL!, token, detail.signables[0]!.id);
  const file = join(mkdtempSync(join(tmpdir(), 'paraaf-keys-')), 'ondertekend.pdf');
  writeFileSync(file, signed);
  expect(signatureReport(file)).toContain('Signature is Valid.');
  expect(execFileSync('pdftotext', [file, '-']).toString()).toContain('Utrecht');
});

test('the accessibility statement at /toegankelijkheid: linked from the signer page, WCAG 2.2 AA, what is tested, known limits, contact; axe finds nothing serious', async ({
  page,
  baseURL,
}) => {
  const { token } = await register(baseURL!, 'Verhuur Verklaring', 'Vera Verklaring');
  const email = `vera-${Date.now()}@example.nl`;
  const before = await lastMailId(baseURL!);
  await sendInLanguage(baseURL!, token, 'nl', email, [5]);
  const invitation = await mailTo(baseURL!, email, /Huurcontract/, before);
  await page.goto(linkIn(invitation.text, '/ondertekenen/'));
  await expect(stepTitle(page)).toHaveText('Handtekening');

  // The signer page's footer links to it.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Toegankelijkheid' }).click();
  await expect(page).toHaveURL(/\/toegankelijkheid$/);
  await expect(
    page.getByRole('heading', { name: 'Toegankelijkheidsverklaring', level: 1 }),
  ).toBeVisible();
  await expect(page.getByText(/\(WCAG\) 2\.2 op niveau AA/)).toBeVisible();
  for (const section of ['Wat we beloven', 'Wat we testen', 'Bekende beperkingen', 'Contact'])
    await expect(page.getByRole('heading', { name: section, level: 2 })).toBeVisible();
  const limits = page
    .getByRole('heading', { name: 'Bekende beperkingen' })
    .locator('xpath=following-sibling::ul[1]')
    .getByRole('listitem');
  expect(await limits.count()).toBeGreaterThanOrEqual(3);
  await expect(page.getByRole('link', { name: 'toegankelijkheid@paraaf.nl' })).toHaveAttribute(
    'href',
    'mailto:toegankelijkheid@paraaf.nl',
  );
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('nl');
  await expectAccessible(page, 'accessibility statement');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'accessibility statement, phone');
  expect(await sideScroll(page)).toBeNull();
  await page.screenshot({ path: `${shots}statement-phone.png`, fullPage: true });
});
