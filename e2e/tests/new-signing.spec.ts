import type { Locator, Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expect, linkFrom, test } from '../support/fixtures.ts';

/**
 * The new-signing wizard (seed 000 §2 'New signing wizard', §4 'Creation flow'), driven through
 * the UI from registration to the invitation mails.
 */

const shots = new URL('../../.tmp/', import.meta.url).pathname;
const password = 'Eerste-wachtwoord-1';

/** A form field by its exact Dutch label; Mantine appends ' *' to required labels. */
const field = (scope: Page | Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${label}( \\*)?$`));

const signerSection = (page: Page, n: number) =>
  page.getByRole('region', { name: `Ondertekenaar ${n}`, exact: true });

async function register(page: Page, company: string, name: string) {
  const email = `${name.split(' ')[0]!.toLowerCase()}-${Date.now()}@${company.replace(/\W/g, '').toLowerCase()}.nl`;
  await page.goto('/register');
  await field(page, 'Bedrijfsnaam').fill(company);
  await field(page, 'Naam').fill(name);
  await field(page, 'E-mailadres').fill(email);
  await field(page, 'Wachtwoord').fill(password);
  await field(page, 'Herhaal wachtwoord').fill(password);
  await page.getByLabel(/algemene voorwaarden/).check();
  await page.getByRole('button', { name: 'Registreren' }).click();
  await expect(page).toHaveURL(/\/nieuwe-ondertekening\?register=success$/);
  return email;
}

interface SignerInput {
  firstname: string;
  lastname: string;
  email: string;
  phone?: string;
}

async function fillSigner(page: Page, n: number, signer: SignerInput) {
  const section = signerSection(page, n);
  await field(section, 'Voornaam').fill(signer.firstname);
  await field(section, 'Achternaam').fill(signer.lastname);
  await field(section, 'E-mailadres').fill(signer.email);
  if (signer.phone) {
    await section.getByRole('checkbox', { name: 'SMS' }).check();
    await field(section, 'Mobiel nummer').fill(signer.phone);
  }
}

async function pdfBytes(title: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= 2; i++) {
    doc.addPage([595, 842]).drawText(`${title} - pagina ${i}`, { x: 60, y: 760, size: 18, font });
  }
  return Buffer.from(await doc.save());
}

/** A 1x1 PNG, byte for byte. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const fileInput = (page: Page) => page.locator('input[type="file"]');
const next = (page: Page) => page.getByRole('button', { name: 'Volgende' });
const send = (page: Page) => page.getByRole('button', { name: 'Verzenden' });
const documentsTable = (page: Page) => page.getByRole('table', { name: 'Documenten' });

test('create a sign request with two signers, a PDF and a PNG; the invitations arrive', async ({
  page,
  smtp,
}) => {
  test.setTimeout(120_000);
  await register(page, 'Notariskantoor Jansen', 'Petra Jansen');
  await expect(page.getByText('Je account is aangemaakt')).toBeVisible();
  // The plan's extra fees are shown (free plan: SMS 1 credit); the free plan cannot choose
  // iDIN, so its price is not shown either.
  await expect(page.getByText('SMS verificatie: 1 credit', { exact: true })).toBeVisible();
  await expect(page.getByText(/iDIN verificatie/)).toHaveCount(0);
  await expect(signerSection(page, 1).getByRole('checkbox', { name: 'iDIN' })).toHaveCount(0);

  // Step 1: Volgende waits for a valid signer; the add button lives on the first signer only.
  await expect(next(page)).toBeDisabled();
  const stamp = Date.now();
  const anna = { firstname: 'Anna', lastname: 'de Boer', email: `anna-${stamp}@voorbeeld.nl` };
  const bram = { firstname: 'Bram', lastname: 'Visser', email: `bram-${stamp}@voorbeeld.nl` };
  await fillSigner(page, 1, anna);
  await expect(next(page)).toBeEnabled();

  // An invalid address is reported on blur with the seed's message and blocks Volgende.
  await field(signerSection(page, 1), 'E-mailadres').fill('geen-adres');
  await field(signerSection(page, 1), 'Voornaam').focus();
  await expect(
    signerSection(page, 1).getByText('Dit veld is dient een emailadres te zijn'),
  ).toBeVisible();
  await expect(next(page)).toBeDisabled();
  await field(signerSection(page, 1), 'E-mailadres').fill(anna.email);

  // max_reminders above 5 gets the seed's own message.
  const maxReminders = field(signerSection(page, 1), 'Maximaal aantal herinneringen');
  await maxReminders.fill('6');
  await field(signerSection(page, 1), 'Voornaam').focus();
  await expect(
    signerSection(page, 1).getByText('Het aantal herinneringen mag niet hoger als 5 zijn'),
  ).toBeVisible();
  await maxReminders.fill('5');

  // The phone field appears only with SMS.
  await expect(field(signerSection(page, 1), 'Mobiel nummer')).toHaveCount(0);
  await signerSection(page, 1).getByRole('checkbox', { name: 'SMS' }).check();
  await expect(field(signerSection(page, 1), 'Mobiel nummer')).toBeVisible();
  await expect(next(page)).toBeDisabled();
  await signerSection(page, 1).getByRole('checkbox', { name: 'SMS' }).uncheck();

  await page.getByRole('button', { name: 'Ondertekenaar toevoegen' }).click();
  await expect(signerSection(page, 2)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ondertekenaar toevoegen' })).toHaveCount(1);
  await expect(
    signerSection(page, 2).getByRole('button', { name: 'Ondertekenaar toevoegen' }),
  ).toHaveCount(0);
  await expect(next(page)).toBeDisabled();
  await fillSigner(page, 2, bram);
  await expect(page.getByRole('switch', { name: /Op volgorde ondertekenen/ })).toBeVisible();
  await expect(next(page)).toBeEnabled();
  await page.screenshot({ path: `${shots}wizard-step-1.png`, fullPage: true });
  await next(page).click();

  // Step 2: the type check, a disguised file refused by the server, then the real documents.
  await expect(page.getByText('Je moet nog documenten toevoegen.')).toBeVisible();
  await expect(next(page)).toBeDisabled();
  await fileInput(page).setInputFiles({
    name: 'notitie.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('geen document'),
  });
  await expect(
    page.getByText('Het bestandstype van 1 of meerdere bestanden is niet toegestaan.'),
  ).toBeVisible();
  await fileInput(page).setInputFiles({
    name: 'nep.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('dit is geen pdf maar platte tekst'),
  });
  await expect(page.getByText('nep.pdf kon niet worden toegevoegd')).toBeVisible();
  await expect(page.getByText('Nog geen documenten toegevoegd.')).toBeVisible();

  await fileInput(page).setInputFiles([
    {
      name: 'overeenkomst.pdf',
      mimeType: 'application/pdf',
      buffer: await pdfBytes('Overeenkomst'),
    },
    { name: 'handtekening.png', mimeType: 'image/png', buffer: png },
  ]);
  const table = documentsTable(page);
  await expect(table.getByText(/wordt verwerkt/)).toHaveCount(0, { timeout: 30_000 });
  await expect(table.getByRole('cell', { name: 'overeenkomst.pdf', exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'handtekening.png', exact: true })).toBeVisible();
  await expect(table.getByText(`${png.length} Bytes`)).toBeVisible();
  await expect(next(page)).toBeEnabled();

  // Bekijken shows the converted PDF.
  await page.getByRole('button', { name: 'Bekijken handtekening.png' }).click();
  const preview = page.getByRole('dialog', { name: 'Voorbeeld: handtekening.png' });
  await expect(preview.locator('iframe')).toHaveAttribute('src', /^blob:/);
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);
  await page.screenshot({ path: `${shots}wizard-step-2.png`, fullPage: true });
  await next(page).click();

  // Step 3: defaults are valid (expiry a week ahead, the single department preselected).
  await expect(field(page, 'Bedrijfsnaam')).toHaveCount(0);
  await expect(field(page, 'Bericht')).toHaveValue(/\[\[link\]\]/);
  const subject = `Huurcontract ${stamp}`;
  await field(page, 'Onderwerp').fill(subject);
  await field(page, 'Bericht').fill('Zonder mergeveld');
  await expect(
    page.getByText(
      'Dit veld dient minimaal een van de mergevelden [[content]], [[link]] te bevatten',
      { exact: true },
    ),
  ).toBeVisible();
  // The footer by Verzenden names the same blocker, with its field.
  await expect(page.getByTestId('send-blocker')).toHaveText(
    'Bericht: Dit veld dient minimaal een van de mergevelden [[content]], [[link]] te bevatten',
  );
  await expect(send(page)).toBeDisabled();
  await field(page, 'Bericht').fill('Beste ondertekenaar,\n\nOnderteken via [[link]]\n\nGroet');
  await expect(page.getByText('Kosten van deze ondertekening: 2 credits')).toBeVisible();
  await expect(send(page)).toBeEnabled();
  await page.screenshot({ path: `${shots}wizard-step-3.png`, fullPage: true });
  await send(page).click();

  // The detail screen opens, the credits went down and both signers are invited.
  await expect(page).toHaveURL(/\/ondertekening\/\d+$/, { timeout: 30_000 });
  await expect(page.getByText('Credits: 8')).toBeVisible();
  for (const signer of [anna, bram]) {
    const mail = await smtp.waitForMail(signer.email, new RegExp(subject), 20_000);
    expect(linkFrom(mail, '/ondertekenen/')).toMatch(/\/ondertekenen\/[A-Za-z0-9_-]{20,}/);
  }
});

test('a request costing more than the credits stays a draft with the 402 message', async ({
  page,
  smtp,
}) => {
  test.setTimeout(120_000);
  await register(page, 'Schildersbedrijf Smit', 'Karel Smit');
  const stamp = Date.now();
  // Free plan: 1 credit per signer plus 1 per SMS, so six SMS signers cost 12 of the 10 credits.
  const signers = Array.from({ length: 6 }, (_, i) => ({
    firstname: `Signer${i + 1}`,
    lastname: 'Smit',
    email: `signer${i + 1}-${stamp}@voorbeeld.nl`,
    phone: `+3161234567${i}`,
  }));
  for (const [i, signer] of signers.entries()) {
    if (i > 0) await page.getByRole('button', { name: 'Ondertekenaar toevoegen' }).click();
    await fillSigner(page, i + 1, signer);
  }
  await next(page).click();
  await fileInput(page).setInputFiles({
    name: 'offerte.pdf',
    mimeType: 'application/pdf',
    buffer: await pdfBytes('Offerte'),
  });
  await expect(documentsTable(page).getByText(/wordt verwerkt/)).toHaveCount(0, {
    timeout: 30_000,
  });
  await expect(
    documentsTable(page).getByRole('cell', { name: 'offerte.pdf', exact: true }),
  ).toBeVisible();
  await next(page).click();
  // Warned before Verzenden: the cost and the balance, in the warning above the footer.
  await expect(page.getByTestId('credits-warning')).toContainText(
    'Kosten van deze ondertekening: 12 credits. Je hebt 10 credits.',
  );
  await send(page).click();

  const alert = page.getByRole('alert').filter({
    hasText: 'Je hebt niet voldoende credits om deze ondertekening te versturen.',
  });
  await expect(alert).toBeVisible({ timeout: 30_000 });
  await expect(alert.getByRole('link', { name: 'Credits kopen' })).toHaveAttribute(
    'href',
    '/instellingen/credits',
  );
  await expect(alert.getByText(/later versturen vanuit het overzicht/)).toBeVisible();
  // The draft is complete: sending again happens from its detail screen, not here.
  await expect(send(page)).toBeDisabled();
  await expect(page.getByText('Credits: 10')).toBeVisible();
  await page.screenshot({ path: `${shots}wizard-402.png`, fullPage: true });

  await alert.getByRole('button', { name: 'Naar de ondertekening' }).click();
  await expect(page).toHaveURL(/\/ondertekening\/\d+$/);
  // Nobody was invited.
  await expect(smtp.waitForMail(signers[0]!.email, undefined, 1_500)).rejects.toThrow();
});

test('a reload keeps the draft with its file until it is sent; logout forgets it', async ({
  page,
  smtp,
}) => {
  test.setTimeout(150_000);
  const email = await register(page, 'Verhuur Bakker', 'Henk Bakker');
  const stamp = Date.now();
  const piet = { firstname: 'Piet', lastname: 'Jansen', email: `piet-${stamp}@voorbeeld.nl` };
  const draftSaved = page.getByTestId('draft-status').getByText('Concept bewaard');

  // Step 1: the footer names the empty card and its fields.
  await fillSigner(page, 1, piet);
  await page.getByRole('button', { name: 'Ondertekenaar toevoegen' }).click();
  await expect(
    page.getByText('Ondertekenaar 2: vul de voornaam, de achternaam en het e-mailadres in'),
  ).toBeVisible();
  await expect(page.getByText('Je moet nog ondertekenaars toevoegen.')).toHaveCount(0);
  await field(signerSection(page, 2), 'Voornaam').fill('Klaas');
  await expect(
    page.getByText('Ondertekenaar 2: vul de achternaam en het e-mailadres in'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Ondertekenaar verwijderen 2' }).click();
  await next(page).click();

  // Step 2: a real upload, converted by the server.
  await fileInput(page).setInputFiles({
    name: 'huur.pdf',
    mimeType: 'application/pdf',
    buffer: await pdfBytes('Huurovereenkomst'),
  });
  await expect(documentsTable(page).getByText(/wordt verwerkt/)).toHaveCount(0, {
    timeout: 30_000,
  });
  await next(page).click();

  // Step 3: the merge fields in words; a button inserts one at the cursor.
  const subject = `Huur ${stamp}`;
  await field(page, 'Onderwerp').fill(subject);
  const message = field(page, 'Bericht');
  await message.fill('Beste ,\n\nTeken de huur via de knop.\n\nGroet, Henk');
  await message.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(6, 6));
  await page.getByRole('button', { name: 'Voornaam van de ondertekenaar invoegen' }).click();
  await expect(message).toHaveValue(
    'Beste [[firstname]],\n\nTeken de huur via de knop.\n\nGroet, Henk',
  );
  const knop = 'Beste [[firstname]],\n\nTeken de huur via de knop.'.length;
  await message.evaluate((el: HTMLTextAreaElement, at) => el.setSelectionRange(at, at), knop);
  await page.keyboard.type('\n\n');
  await page.getByRole('button', { name: 'Knop naar de documenten invoegen' }).click();
  await expect(message).toHaveValue(
    'Beste [[firstname]],\n\nTeken de huur via de knop.\n\n[[link]]\n\nGroet, Henk',
  );
  await expect(send(page)).toBeEnabled();
  await expect(draftSaved).toBeVisible();
  await page.screenshot({ path: `${shots}wizard-step-3-merge-fields.png`, fullPage: true });

  // A reload: the same step, the same values, the same file.
  await page.reload();
  await expect(page.getByText('Je concept is teruggezet')).toBeVisible();
  await expect(field(page, 'Onderwerp')).toHaveValue(subject);
  await expect(field(page, 'Bericht')).toHaveValue(/\[\[link\]\]\n\nGroet, Henk$/);
  await page.getByRole('button', { name: 'Vorige' }).click();
  await expect(
    documentsTable(page).getByRole('cell', { name: 'huur.pdf', exact: true }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Bekijken huur.pdf' }).click();
  const preview = page.getByRole('dialog', { name: 'Voorbeeld: huur.pdf' });
  await expect(preview.locator('iframe')).toHaveAttribute('src', /^blob:/);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Vorige' }).click();
  await expect(field(signerSection(page, 1), 'Achternaam')).toHaveValue('Jansen');
  await next(page).click();
  await next(page).click();
  await send(page).click();

  // Sent with the restored file: the invitation arrives, and the draft is gone.
  await expect(page).toHaveURL(/\/ondertekening\/\d+$/, { timeout: 30_000 });
  const mail = await smtp.waitForMail(piet.email, new RegExp(subject), 20_000);
  expect(linkFrom(mail, '/ondertekenen/')).toMatch(/\/ondertekenen\/[A-Za-z0-9_-]{20,}/);
  await page.goto('/nieuwe-ondertekening');
  await expect(signerSection(page, 1)).toBeVisible();
  await expect(field(signerSection(page, 1), 'Voornaam')).toHaveValue('');
  await expect(page.getByText('Je concept is teruggezet')).toHaveCount(0);

  // A draft discarded (asked once more) is gone, also after a reload.
  await field(signerSection(page, 1), 'Voornaam').fill('Weg');
  await expect(draftSaved).toBeVisible();
  await page.getByRole('button', { name: 'Concept verwijderen' }).click();
  await page.getByRole('button', { name: 'Verwijderen', exact: true }).click();
  await expect(field(signerSection(page, 1), 'Voornaam')).toHaveValue('');
  await page.reload();
  await expect(signerSection(page, 1)).toBeVisible();
  await expect(field(signerSection(page, 1), 'Voornaam')).toHaveValue('');
  await expect(page.getByText('Je concept is teruggezet')).toHaveCount(0);

  // A new draft, then logout: logging in again starts empty.
  await field(signerSection(page, 1), 'Voornaam').fill('Geheim');
  await expect(draftSaved).toBeVisible();
  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await field(page, 'E-mailadres').fill(email);
  await field(page, 'Wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/nieuwe-ondertekening');
  await expect(signerSection(page, 1)).toBeVisible();
  await expect(field(signerSection(page, 1), 'Voornaam')).toHaveValue('');
  await expect(page.getByText('Je concept is teruggezet')).toHaveCount(0);
});
