import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import pg from 'pg';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expect, linkFrom, test } from '../support/fixtures.ts';
import { nextMail, stepTitle } from '../support/signer-page.ts';

/**
 * A first signing as a new user meets it (issue 13), on a laptop and on a phone: register, send a
 * lease with no signature marker through the wizard, sign through the e-mail code, watch the done
 * page turn into a download without a reload, and find the signature on the document's own page.
 * A manual reminder leaves the invitation's link working.
 */

const shots = '/tmp/signer-shots/';
mkdirSync(shots, { recursive: true });
const password = 'Eerste-wachtwoord-1';

const field = (scope: Page | Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${label}( \\*)?$`));

async function leasePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= 3; i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Huurovereenkomst - pagina ${i}`, { x: 60, y: 760, size: 18, font });
  }
  doc.getPage(2).drawText('Handtekening huurder: ____________', { x: 60, y: 200, size: 12, font });
  return Buffer.from(await doc.save());
}

const profiles = [
  { name: 'desktop', use: { viewport: { width: 1280, height: 900 } } },
  {
    name: 'phone',
    use: {
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    },
  },
] as const;

for (const profile of profiles) {
  test.describe(profile.name, () => {
    test.use(profile.use);

    test('first signing: no marker, e-mail code, done page turns into a download, reminder keeps the first link', async ({
      page,
      browser,
      smtp,
      databaseUrl,
    }) => {
      test.setTimeout(180_000);
      // The reminder needs invited_at moved back in the server's database, so the spec runs on
      // PostgreSQL. A local run on PGlite reports it as not run; in CI (CI=true) it must run.
      test.skip(
        !databaseUrl && process.env.CI !== 'true',
        'NOT RUN: set DATABASE_URL to a PostgreSQL server to run the first-signing spec',
      );
      expect(databaseUrl, 'CI runs this spec with DATABASE_URL').toBeTruthy();
      const stamp = Date.now();
      const company = `Verhuur ${profile.name} ${stamp} Beheer en Onderhoud B.V.`;

      // Register in the browser.
      await page.goto('/register');
      await field(page, 'Bedrijfsnaam').fill(company);
      await field(page, 'Naam').fill('Vera Verhuur');
      await field(page, 'E-mailadres').fill(`vera-${stamp}@verhuur.nl`);
      await field(page, 'Wachtwoord').fill(password);
      await field(page, 'Herhaal wachtwoord').fill(password);
      await page.getByLabel(/algemene voorwaarden/).check();
      await page.getByRole('button', { name: 'Registreren' }).click();
      await expect(page).toHaveURL(/\/nieuwe-ondertekening\?register=success$/);

      // The wizard: one signer, a lease without any marker.
      const piet = `piet-${profile.name}-${stamp}@voorbeeld.nl`;
      const section = page.getByRole('region', { name: 'Ondertekenaar 1', exact: true });
      await field(section, 'Voornaam').fill('Piet');
      await field(section, 'Achternaam').fill('Jansen');
      await field(section, 'E-mailadres').fill(piet);
      await section.getByRole('checkbox', { name: 'E-mail', exact: true }).check();
      await section.getByRole('checkbox', { name: 'Handtekening', exact: true }).check();
      await page.getByRole('button', { name: 'Volgende' }).click();
      await page.locator('input[type="file"]').setInputFiles({
        name: 'huur.pdf',
        mimeType: 'application/pdf',
        buffer: await leasePdf(),
      });
      const table = page.getByRole('table', { name: 'Documenten' });
      await expect(table.getByText(/wordt verwerkt/)).toHaveCount(0, { timeout: 30_000 });
      await expect(table.getByText('huur.pdf').first()).toBeVisible();
      await page.getByRole('button', { name: 'Volgende' }).click();
      const subject = `Huurcontract ${stamp}`;
      await field(page, 'Onderwerp').fill(subject);
      // The wizard says where Paraaf will place the signature: on the lease's own line.
      await expect(
        page.getByText(
          'Paraaf plaatst de handtekening van Piet Jansen bij "Handtekening huurder" op pagina 3',
        ),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Verzenden' }).click();
      await expect(page).toHaveURL(/\/ondertekening\/\d+$/, { timeout: 30_000 });
      const detailUrl = page.url();

      const invitation = await smtp.waitForMail(piet, new RegExp(subject), 20_000);
      const firstLink = linkFrom(invitation, '/ondertekenen/');

      // A manual reminder (the hour after the invitation moved back in the database).
      const db = new pg.Client({ connectionString: databaseUrl! });
      await db.connect();
      try {
        await db.query(
          `UPDATE signers SET invited_at = now() - interval '2 hours' WHERE email = $1`,
          [piet],
        );
      } finally {
        await db.end();
      }
      await page.reload();
      const remind = page.getByRole('button', { name: 'Herinnering sturen Piet Jansen' });
      await expect(remind).toBeEnabled();
      const seenBefore = smtp.mails.length;
      await remind.click();
      await expect(page.getByText('Handmatige herinnering verstuurd').first()).toBeVisible();
      const reminder = await nextMail(smtp, piet, seenBefore);
      expect(linkFrom(reminder, '/ondertekenen/')).not.toBe(firstLink);
      expect(page.url()).toBe(detailUrl);

      // The signer opens the FIRST mail's link: it still works. First load measured.
      const signer = await browser.newContext({
        ...profile.use,
        locale: 'nl-NL',
        timezoneId: 'America/New_York',
      });
      const sp = await signer.newPage();
      const started = Date.now();
      await sp.goto(firstLink);
      await expect(stepTitle(sp)).toHaveText('E-mailcode');
      await expect(sp.locator('canvas').first()).toBeVisible();
      const firstLoad = Date.now() - started;
      console.log(`[figure] ${profile.name}: signer page first load ${firstLoad} ms`);
      await sp.screenshot({ path: `${shots}${profile.name}-signer-page.png`, fullPage: true });

      // Times on the page are Amsterdam's, though this browser lives in New York.
      const expires = await sp.getByText(/Te ondertekenen vóór/).textContent();
      const apiPage = (await (
        await sp.request.get(firstLink.replace('/ondertekenen/', '/api/signing/'))
      ).json()) as { sign_request: { expires_at: string } };
      const amsterdam = new Intl.DateTimeFormat('nl', {
        timeStyle: 'short',
        timeZone: 'Europe/Amsterdam',
      }).format(new Date(apiPage.sign_request.expires_at));
      expect(expires).toContain(amsterdam);

      // The e-mail code; a reload before typing it keeps the code step.
      const seen = smtp.mails.length;
      await sp.getByRole('button', { name: 'Code versturen' }).click();
      await expect(sp.getByText(`De code is verstuurd naar ${piet}`)).toBeVisible();
      const mail = await nextMail(smtp, piet, seen, /verificatiecode/i);
      const code = /(\d{6})/.exec(mail.subject)![1]!;
      await sp.reload();
      await expect(sp.getByText(`Er is al een code verstuurd naar ${piet}`)).toBeVisible();
      await expect(sp.getByText(/Hij is geldig tot \d{2}:\d{2}\./)).toBeVisible();
      await sp.getByRole('textbox', { name: 'Code van 6 cijfers 1' }).click();
      await sp.keyboard.type(code);
      await expect(stepTitle(sp)).toHaveText('Handtekening');

      // A typed signature (the hint does not talk about a mouse).
      await sp.getByRole('button', { name: 'Liever typen dan tekenen' }).click();
      await expect(sp.getByText(/muis/)).toHaveCount(0);
      await sp.getByLabel('Typ je naam').fill('Piet Jansen');
      await sp.getByRole('button', { name: 'Opslaan' }).click();
      await expect(stepTitle(sp)).toHaveText('Akkoord');

      // Consent with the platform's terms and privacy statement.
      const consent = sp.getByTestId('consent');
      await expect(consent).toContainText(
        'Door te ondertekenen ga je akkoord met de inhoud van de documenten en met het elektronisch ondertekenen ervan',
      );
      await expect(consent.getByRole('link', { name: 'Algemene voorwaarden' })).toHaveAttribute(
        'href',
        'https://paraaf.nl/voorwaarden',
      );
      await expect(consent.getByRole('link', { name: 'Privacyverklaring' })).toHaveAttribute(
        'href',
        'https://paraaf.nl/privacy',
      );
      await sp.screenshot({ path: `${shots}${profile.name}-signer-approve.png`, fullPage: true });
      const navigations: string[] = [];
      sp.on('framenavigated', (f) => {
        if (f === sp.mainFrame()) navigations.push(f.url());
      });
      await sp.getByRole('button', { name: 'Akkoord en ondertekenen' }).click();

      // The done page: sealing first (or at once the download), then the download, no reload.
      const download = sp.getByRole('link', { name: /huur/ });
      await expect(
        sp.getByText('De documenten worden verzegeld').or(download.first()),
      ).toBeVisible();
      if (await sp.getByText('De documenten worden verzegeld').isVisible()) {
        await sp.screenshot({ path: `${shots}${profile.name}-done-sealing.png`, fullPage: true });
      }
      await expect(download.first()).toBeVisible({ timeout: 60_000 });
      await expect(
        sp.getByRole('heading', { name: 'De documenten zijn ondertekend' }),
      ).toBeVisible();
      expect(navigations).toEqual([]);
      await sp.screenshot({ path: `${shots}${profile.name}-done.png`, fullPage: true });

      // The sealed PDF carries the signature image on the document's last page, not only on the
      // audit certificate.
      const href = await download.first().getAttribute('href');
      const res = await sp.request.get(new URL(href!, firstLink).toString());
      expect(res.status()).toBe(200);
      const dir = mkdtempSync(path.join(tmpdir(), 'first-signing-'));
      const file = path.join(dir, 'sealed.pdf');
      writeFileSync(file, await res.body());
      const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
        .split('\n')
        .slice(2)
        .filter((l) => l.trim())
        .map((l) => Number(l.trim().split(/\s+/)[0]));
      expect(images).toContain(3);
      expect(
        execFileSync('pdftotext', ['-f', '3', '-l', '3', file, '-'], { encoding: 'utf8' }),
      ).toContain('Handtekening huurder');
      await signer.close();
    });
  });
}
