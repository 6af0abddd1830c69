import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { cutOffButtons } from '../support/cut-off.ts';
import { sideScroll } from '../support/side-scroll.ts';
import { phone, screenWalks, settled, test, type Walk } from '../support/screen-walk.ts';

/**
 * No screen scrolls sideways on a 390×844 phone: the shared walk of every screen
 * (support/screen-walk.ts — logged out, the company's screens and settings, the signer page in
 * four languages, the back office) at phone size, each screen judged by
 * `document.documentElement.scrollWidth <= clientWidth`. A failure names the elements that stick
 * out past the right edge. On the wizard no button's label is cut off either. Every screen is
 * photographed (/tmp/phone-shots/).
 */

const shots = '/tmp/phone-shots/';
mkdirSync(shots, { recursive: true });
test.use({ viewport: phone });

let screensChecked = 0;
test.afterAll(() => {
  console.log(`phone layout: ${screensChecked} screens checked at ${phone.width} px`);
});

/** The page as it stands does not scroll sideways; else which elements stick out. */
async function expectNoSideScroll(page: Page, screen: string) {
  await settled(page);
  screensChecked += 1;
  expect.soft(await sideScroll(page), `sideways scroll on "${screen}"`).toBeNull();
  if (screen.startsWith('wizard'))
    expect.soft(await cutOffButtons(page), `buttons cut off on "${screen}"`).toEqual([]);
}

/** The shared walk on a phone, judged by the sideways scroll and photographed into `shots`. */
const phoneWalk = (page: Page, baseURL: string): Walk => ({
  page,
  baseURL,
  check: (screen) => expectNoSideScroll(page, screen),
  shot: async (name, fullPage) => {
    await page.screenshot({ path: `${shots}${name}.png`, fullPage });
  },
  size: 'phone',
});

for (const { title, timeout, walk } of screenWalks) {
  test(title, async ({ page, baseURL }) => {
    if (timeout) test.setTimeout(timeout);
    await walk(phoneWalk(page, baseURL!));
  });
}
