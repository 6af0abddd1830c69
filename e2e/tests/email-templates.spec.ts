import { expect, linkFrom, test } from '../support/fixtures.ts';
import { companyIdOf, createSignRequest, enableFeatures, registerCompany } from '../support/api.ts';
import { nextMail, stepTitle } from '../support/signer-page.ts';

/**
 * Issue 17 'E-mail templates': a company admin edits the Dutch invitation in the rich-text
 * editor (typed text, a merge field inserted with its button), previews and saves it; the next
 * request's invitation carries the edited text and the signer's link, which opens the signing
 * page.
 */
test('edit the Dutch invitation with the rich-text editor; the next invitation carries it and the link', async ({
  page,
  baseURL,
  smtp,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const token = await registerCompany(baseURL!, `Sjablonen ${stamp} BV`, 'Eva Sjabloon');
  await enableFeatures(baseURL!, await companyIdOf(baseURL!, token), ['email_templates']);
  await page.goto('/login');
  await page.evaluate((t) => window.localStorage.setItem('paraaf.token', t), token);

  await page.goto('/');
  await page.getByRole('link', { name: 'E-mailtemplates' }).click();
  await expect(page).toHaveURL(/\/instellingen\/emailtemplates$/);
  await expect(page.getByRole('heading', { name: 'E-mailtemplates', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Template')).toHaveValue('sign_request_to_signer');
  await expect(page.getByLabel('Taal')).toHaveValue('nl');

  // Type at the start of the body, then insert [[firstname]] with its button at the cursor.
  const body = page.getByRole('textbox', { name: 'Inhoud' });
  await expect(body).toContainText('[[content]]');
  await body.click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.type(`Welkom bij ons kantoor ${stamp}, `);
  await page
    .getByRole('group', { name: 'Velden invoegen' })
    .getByRole('button', { name: '[[firstname]]' })
    .click();
  await page.keyboard.press('Enter');
  await expect(body).toContainText(`Welkom bij ons kantoor ${stamp}, [[firstname]]`);
  await page.getByRole('textbox', { name: 'Onderwerp' }).fill('Ondertekenen: [[subject]]');

  // The preview renders the mail as the signer gets it, in a sandboxed frame.
  await page.getByRole('button', { name: 'Voorbeeld' }).click();
  const preview = page.getByRole('dialog', { name: 'Voorbeeld van de e-mail' });
  await expect(preview.getByText('Ondertekenen: Overeenkomst 2026')).toBeVisible();
  const frame = preview.frameLocator('iframe');
  await expect(frame.getByText(`Welkom bij ons kantoor ${stamp}, Jan`)).toBeVisible();
  await expect(
    frame.getByRole('link', { name: 'Documenten bekijken en ondertekenen' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Je wijzigingen zijn opgeslagen')).toBeVisible();
  await expect(page.getByText('Eigen versie')).toBeVisible();

  // A request sent after the save: its Dutch invitation is the edited one, with the link.
  const email = `lotte-${stamp}@example.nl`;
  const seen = smtp.mails.length;
  await createSignRequest(baseURL!, token, {
    subject: `Huurcontract ${stamp}`,
    document: 'Huurcontract',
    signers: [{ firstname: 'Lotte', lastname: 'de Boer', email }],
    send: true,
  });
  const mail = await nextMail(smtp, email, seen);
  expect(mail.subject).toBe(`Ondertekenen: Huurcontract ${stamp}`);
  expect(mail.html).toContain(`Welkom bij ons kantoor ${stamp}, Lotte`);
  expect(mail.text).toContain(`Welkom bij ons kantoor ${stamp}, Lotte`);
  const link = linkFrom(mail, '/ondertekenen/');
  await page.goto(link);
  await expect(stepTitle(page)).toBeVisible();

  // Back to the default: the next invitation has the standard text again.
  await page.goto('/instellingen/emailtemplates');
  await page.getByRole('button', { name: 'Standaard herstellen' }).click();
  await page
    .getByRole('dialog', { name: 'Standaardtekst herstellen' })
    .getByRole('button', { name: 'Herstellen' })
    .click();
  await expect(page.getByText('Standaardtekst', { exact: true })).toBeVisible();
  const again = `daan-${stamp}@example.nl`;
  const before = smtp.mails.length;
  await createSignRequest(baseURL!, token, {
    subject: `Tweede contract ${stamp}`,
    document: 'Contract',
    signers: [{ firstname: 'Daan', lastname: 'Smit', email: again }],
    send: true,
  });
  const plain = await nextMail(smtp, again, before);
  expect(plain.subject).toBe(`Tweede contract ${stamp}`);
  expect(plain.html).not.toContain('Welkom bij ons kantoor');
  expect(linkFrom(plain, '/ondertekenen/')).toContain('/ondertekenen/');
});
