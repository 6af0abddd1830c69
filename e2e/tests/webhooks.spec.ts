import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { companyIdOf, createSignRequest, enableFeatures, registerCompany } from '../support/api.ts';
import { createKeyInScreen } from '../support/api-keys.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Issue 16, end to end in Chromium against the built product: the company admin sets a webhook
 * URL in Bedrijfsinstellingen, creates an API key in its screen, an integration creates and sends
 * a request with that key, and
 * the messages appear on 'Webhook berichten' with their badges; the responses modal shows each
 * attempt and 'Opnieuw versturen' delivers the message again (same webhook-id) to the receiver
 * this spec runs on 127.0.0.1 (the e2e server has WEBHOOKS_ALLOW_LOOPBACK=true).
 */

interface Received {
  id: string;
  type: string;
}

test('webhook messages: set the URL, send with an API key, see badges and responses, resend', async ({
  page,
  baseURL,
}) => {
  const received: Received[] = [];
  // The first delivery is refused (500), everything after it accepted.
  let answers = 0;
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { type: string };
      received.push({ id: String(req.headers['webhook-id']), type: body.type });
      answers += 1;
      res.writeHead(answers === 1 ? 500 : 200).end(answers === 1 ? 'even niet' : 'ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/paraaf`;
  try {
    const company = `Webhaak ${Date.now()}`;
    const token = await registerCompany(baseURL!, company, 'Wendy Haak');
    await enableFeatures(baseURL!, await companyIdOf(baseURL!, token), ['webhooks', 'api']);
    await page.goto('/login');
    await page.evaluate((t) => window.localStorage.setItem('paraaf.token', t), token);

    // The URL in Bedrijfsinstellingen; an internal address is refused in Dutch first.
    await page.goto('/instellingen/bedrijf');
    const field = page.getByLabel('Webhook URL');
    await field.fill('https://169.254.169.254/latest');
    await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await expect(field).toHaveAccessibleDescription(
      'Deze webhook URL wijst naar een intern of gereserveerd adres; gebruik een openbaar bereikbaar adres',
    );
    await field.fill(url);
    await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await expect(page.getByText('Gegevens opgeslagen')).toBeVisible();

    // The admin makes a key in the API keys screen; the integration creates and sends with it.
    const key = await createKeyInScreen(page, 'CRM');
    await createSignRequest(baseURL!, key, {
      subject: 'Huurcontract Webhaak',
      document: 'Huurcontract',
      signers: [
        { firstname: 'Sanne', lastname: 'Jansen', email: `sanne-${Date.now()}@example.nl` },
      ],
      send: true,
    });
    // Refused once (500), then delivered 5 s later on the retry schedule.
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(2);
    expect(received.map((r) => r.type)).toEqual(['sign_request.sent', 'sign_request.sent']);

    await page.goto('/instellingen/webhooks');
    await expect(page.getByRole('heading', { name: 'Webhook berichten', level: 1 })).toBeVisible();
    const row = page.getByTestId('webhook-row').first();
    await expect(row.getByText('sign_request.sent')).toBeVisible();
    await expect(row.getByTestId('webhook-badge')).toHaveText('200');
    await expect(row.getByTestId('webhook-badge')).toHaveAttribute('data-badge', 'success');
    await expect(row.getByText(url)).toBeVisible();

    await row.getByRole('button', { name: /^Antwoorden van bericht/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Antwoorden op bericht/ });
    const responses = dialog.getByTestId('webhook-response');
    await expect(responses).toHaveCount(2);
    await expect(responses.nth(0).getByTestId('webhook-badge')).toHaveAttribute(
      'data-badge',
      'error',
    );
    await expect(responses.nth(0).getByText('even niet')).toBeVisible();
    await expect(responses.nth(1).getByTestId('webhook-badge')).toHaveText('200');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await row.getByRole('button', { name: /opnieuw versturen$/ }).click();
    await expect(page.getByText('Het bericht wordt opnieuw verstuurd')).toBeVisible();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(3);
    expect(received[2]!.id).toBe(received[0]!.id);
    await page.reload();
    await expect(page.getByTestId('webhook-row').first().getByRole('cell').nth(3)).toHaveText('3');

    // The signing secret: hidden until 'Toon'.
    const secret = page.getByTestId('webhook-secret');
    await expect(secret).toContainText('••••');
    await page.getByRole('button', { name: 'Toon' }).click();
    await expect(secret).toHaveText(/^whsec_[A-Za-z0-9+/]{43}=$/);
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
