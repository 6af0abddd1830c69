import { defineConfig } from '@playwright/test';
import { chromiumArgs, findChromium } from '../scripts/chromium.mjs';

export default defineConfig({
  testDir: './tests',
  outputDir: '../.tmp/e2e-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: findChromium() ?? undefined, args: chromiumArgs },
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    viewport: { width: 1280, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
});
