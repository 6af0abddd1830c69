import { test as base } from '@playwright/test';
import { startSmtpCatcher, type SmtpCatcher } from '../../apps/api/test/smtp.ts';
import { platformAdmin } from './api.ts';
import { startServer, type RunningServer } from './server.ts';

export { linkFrom } from '../../apps/api/test/smtp.ts';

/**
 * One product server per worker, sending its mail over real SMTP to a server in this test
 * process, so tests read the mails a user would get.
 */
export const test = base.extend<
  { smtp: SmtpCatcher; databaseUrl: string | null },
  { stack: { server: RunningServer; smtp: SmtpCatcher } }
>({
  stack: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use) => {
      const smtp = await startSmtpCatcher();
      const server = await startServer({
        SMTP_URL: smtp.url,
        // A platform administrator, to switch company features on (support/api.ts enableFeatures).
        ADMIN_EMAIL: platformAdmin.email,
        ADMIN_PASSWORD: platformAdmin.password,
      });
      await use({ server, smtp });
      await server.stop();
      await smtp.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ stack }, use) => use(stack.server.baseUrl),
  smtp: async ({ stack }, use) => use(stack.smtp),
  databaseUrl: async ({ stack }, use) => use(stack.server.databaseUrl),
});
export { expect } from '@playwright/test';
