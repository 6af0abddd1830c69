/** Helpers for specs that follow a signer from the mail to the signer's page. */
import type { Page } from '@playwright/test';
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
