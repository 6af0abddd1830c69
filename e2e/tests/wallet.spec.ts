import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import {
  companyIdOf,
  createSignRequest,
  enableFeatures,
  registerCompany,
  waitUntilSigned,
} from '../support/api.ts';
import { expect, linkFrom, test } from '../support/fixtures.ts';
import { drawOnPad, stepTitle } from '../support/signer-page.ts';

const shots = new URL('../../.tmp/', import.meta.url).pathname;

test('a signer on a phone verifies with the EU wallet: the test wallet shares, the page moves on, the certificate shows the attributes', async ({
  browser,
  baseURL,
  smtp,
}) => {
  const token = await registerCompany(baseURL!, 'Notariaat Visser', 'Vera Visser');
  await enableFeatures(baseURL!, await companyIdOf(baseURL!, token), ['wallet_verification']);
  const email = `anna-${Date.now()}@example.nl`;
  const id = await createSignRequest(baseURL!, token, {
    subject: 'Volmacht Herengracht 7',
    document: 'Volmacht',
    send: true,
    signers: [{ firstname: 'Anna', lastname: 'de Vries', email }],
    verifications: [7, 5],
  });
  const invitation = await smtp.waitForMail(email, /^Volmacht Herengracht 7$/, 15_000);

  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    locale: 'nl-NL',
  });
  const page = await phone.newPage();
  await page.goto(linkFrom(invitation, '/ondertekenen/'));
  await expect(stepTitle(page)).toHaveText('EU-wallet');
  await page.getByRole('button', { name: 'Verifiëren met je wallet' }).click();
  await expect(
    page.getByRole('img', { name: 'Scan deze QR-code met je wallet-app' }),
  ).toBeVisible();
  const sameDevice = page.getByRole('link', { name: 'Open de wallet-app op dit apparaat' });
  await expect(sameDevice).toHaveAttribute('href', /^openid4vp:\/\/\?client_id=x509_san_dns/);
  await page.screenshot({ path: `${shots}signer-wallet-qr.png` });

  // The test wallet, a second page: it opens the request, shows what is asked, and shares.
  const walletUrl = await page
    .getByRole('link', { name: 'Open de testwallet' })
    .getAttribute('href');
  const wallet = await phone.newPage();
  await wallet.goto(walletUrl!);
  await expect(wallet.getByRole('heading', { name: 'Paraaf vraagt om je gegevens' })).toBeVisible();
  await expect(wallet.getByRole('row', { name: 'Achternaam de Vries' })).toBeVisible();
  await wallet.screenshot({ path: `${shots}test-wallet.png` });
  await wallet.getByRole('button', { name: 'Delen', exact: true }).click();
  await expect(wallet.getByRole('heading', { name: 'Gedeeld' })).toBeVisible();
  await wallet.close();

  // The signer's page moves on by itself.
  await expect(stepTitle(page)).toHaveText('Handtekening', { timeout: 15_000 });
  await drawOnPad(page, page.getByRole('img', { name: 'Tekenvak voor je handtekening' }));
  await expect(stepTitle(page)).toHaveText('Akkoord');
  await page.getByRole('button', { name: 'Akkoord en ondertekenen' }).click();
  await expect(
    page.getByRole('heading', {
      name: /De documenten zijn ondertekend|Bedankt, je hebt ondertekend/,
    }),
  ).toBeVisible();
  await phone.close();

  // Sealed; the audit certificate names the wallet and what it disclosed.
  await waitUntilSigned(baseURL!, token, id);
  const receipt = await fetch(`${baseURL}/api/sign-requests/${id}/receipt/download?token=${token}`);
  expect(receipt.status).toBe(200);
  const file = path.join(tmpdir(), `wallet-receipt-${id}.pdf`);
  writeFileSync(file, Buffer.from(await receipt.arrayBuffer()));
  const text = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
  expect(text).toContain('EU-wallet geverifieerd');
  expect(text).toContain('Gegevens uit de EU-wallet');
  expect(text).toMatch(/Voornamen\s+Anna/);
  expect(text).toMatch(/Achternaam\s+de Vries/);
  expect(text).toMatch(/Geboortedatum\s+17-05-1980/);
});

test('on a desktop the wallet step shows the QR code, the link and the waiting state; a refusal shows why and a retry', async ({
  browser,
  baseURL,
  smtp,
}) => {
  const token = await registerCompany(baseURL!, 'Notariaat Bos', 'Bart Bos');
  await enableFeatures(baseURL!, await companyIdOf(baseURL!, token), ['wallet_verification']);
  const email = `ben-${Date.now()}@example.nl`;
  await createSignRequest(baseURL!, token, {
    subject: 'Akte Prinsengracht 3',
    document: 'Akte',
    send: true,
    signers: [{ firstname: 'Ben', lastname: 'Bakker', email }],
    verifications: [7, 5],
  });
  const invitation = await smtp.waitForMail(email, /^Akte Prinsengracht 3$/, 15_000);

  const desktop = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    locale: 'nl-NL',
  });
  const page = await desktop.newPage();
  await page.goto(linkFrom(invitation, '/ondertekenen/'));
  await expect(stepTitle(page)).toHaveText('EU-wallet');
  await page.getByRole('button', { name: 'Verifiëren met je wallet' }).click();
  const qr = page.getByRole('img', { name: 'Scan deze QR-code met je wallet-app' });
  await expect(qr).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Wachten op je wallet' })).toBeVisible();
  const link = page.getByRole('link', { name: 'Open de wallet-app op dit apparaat' });
  await expect(link).toHaveAttribute('href', /^openid4vp:\/\/\?client_id=x509_san_dns/);
  await page.screenshot({ path: `${shots}signer-wallet-desktop.png` });
  // The whole QR code and the link are on the first screen, the code at a scannable size.
  const box = (await qr.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(200);
  expect(box.y + box.height).toBeLessThanOrEqual(800);
  const linkBox = (await link.boundingBox())!;
  expect(linkBox.y + linkBox.height).toBeLessThanOrEqual(800);

  // The test wallet refuses: the page says why in Dutch and offers to try again.
  const walletUrl = await page
    .getByRole('link', { name: 'Open de testwallet' })
    .getAttribute('href');
  const wallet = await desktop.newPage();
  await wallet.goto(walletUrl!);
  await wallet.getByRole('button', { name: 'Weigeren', exact: true }).click({ timeout: 15_000 });
  // The wallet has its answer from Paraaf (the refusal was taken) before the tab goes.
  await expect(wallet.getByRole('status')).toContainText('Niet gelukt', { timeout: 15_000 });
  await wallet.close();
  await expect(page.getByRole('alert')).toHaveText(
    'Je hebt het delen van je gegevens in de wallet geweigerd.',
    { timeout: 15_000 },
  );
  await expect(qr).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Opnieuw proberen' })).toBeVisible();
  await page.screenshot({ path: `${shots}signer-wallet-desktop-refused.png` });
  await desktop.close();
});
