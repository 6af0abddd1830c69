/** Helpers for specs that follow a signer from the mail to the signer's page. */
import type { Locator, Page } from '@playwright/test';
import type { SmtpCatcher } from '../../apps/api/test/smtp.ts';

/** The next mail to `to` after the first `seen` mails caught (optionally with this subject). */
export async function nextMail(smtp: SmtpCatcher, to: string, seen: number, subject?: RegExp) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = smtp.mails
      .slice(seen)
      .find((m) => m.to.includes(to) && (!subject || subject.test(m.subject)));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no new mail to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The title of the step the signer's page shows. */
export const stepTitle = (page: Page) => page.locator('#step-title');

/** Draws a wavy line across a drawing pad with the mouse and saves it ('Opslaan'). */
export async function drawOnPad(page: Page, pad: Locator) {
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 20; i++) {
    await page.mouse.move(
      box.x + 20 + i * ((box.width - 40) / 20),
      box.y + box.height / 2 + Math.sin(i / 2) * 30,
      { steps: 2 },
    );
  }
  await page.mouse.up();
  await page.getByRole('button', { name: 'Opslaan' }).click();
}
