import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import {
  call,
  choosePlan,
  companyIdOf,
  contractPdf,
  createSignRequest,
  enableFeatures,
  platformAdmin,
  platformAdminToken,
  downloadSignable,
  waitUntilSigned,
} from '../support/api.ts';
import { imagesPerPage, signatureReport } from '../support/poppler.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { stepTitle } from '../support/signer-page.ts';
import {
  createTranslate,
  signerLocales,
  type SignerLocale,
} from '../../apps/web/src/features/signing/texts/index.ts';

/**
 * Issue 11 point 8: every screen, sender side and signer side (in nl, en, de and fr), passes
 * axe-core with no serious or critical violation; a signer places a signature with the keyboard
 * only. The server runs without SMTP here, so its outbox (`/dev/mailbox?format=json`) holds both
 * the mails and the simulator's SMS, as a tester on a fresh install would read them.
 */

const shots = '/tmp/a11y-shots/';
mkdirSync(shots, { recursive: true });
const password = 'Eerste-wachtwoord-1';
const desktop = { width: 1280, height: 900 };
const phone = { width: 390, height: 844 };

const test = base.extend<object, { server: RunningServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use) => {
      const server = await startServer({
        ADMIN_EMAIL: platformAdmin.email,
        ADMIN_PASSWORD: platformAdmin.password,
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => use(server.baseUrl),
});

interface Outbox {
  data: { id: number; to: string; subject: string; text: string | null }[];
  sms: { id: number; to: string; body: string | null }[];
}

async function outbox(baseURL: string): Promise<Outbox> {
  const res = await fetch(`${baseURL}/dev/mailbox?format=json`);
  return (await res.json()) as Outbox;
}

/** The newest mail to `to` whose subject matches, waiting for it to be written. */
async function mailTo(baseURL: string, to: string, subject: RegExp, after = 0) {
  let found: Outbox['data'][number] | undefined;
  await expect
    .poll(
      async () => {
        found = (await outbox(baseURL)).data.find(
          (m) => m.id > after && m.to.includes(to) && subject.test(m.subject),
        );
        return Boolean(found);
      },
      { timeout: 20_000, message: `a mail to ${to} matching ${subject}` },
    )
    .toBe(true);
  return found!;
}

async function lastMailId(baseURL: string) {
  return (await outbox(baseURL)).data[0]?.id ?? 0;
}

/** The six digits of the newest SMS to `phone` after SMS id `after`. */
async function smsCode(baseURL: string, phone: string, after: number) {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const sms = (await outbox(baseURL)).sms.find((m) => m.id > after && m.body);
        code = sms ? /(\d{6})/.exec(sms.body!)?.[1] : undefined;
        return Boolean(code);
      },
      { timeout: 20_000, message: `an SMS to ${phone}` },
    )
    .toBe(true);
  return code!;
}

const linkIn = (text: string | null, path: string) =>
  new RegExp(`https?://[^\\s"<>]+${path}[^\\s"<>)]+`).exec(text ?? '')![0];

/**
 * Waits until the page's colours are final: no finite CSS transition or animation runs (endless
 * ones, a loader spinning, change no colour) and every open dialog is fully opaque. Mantine mounts
 * a modal at opacity 0 and starts its fade a frame later, so "nothing runs" alone can be true
 * before the fade begins; the state must also hold for three animation frames in a row.
 */
async function settled(page: Page) {
  await page.evaluate(() => ((window as unknown as { calmFrames: number }).calmFrames = 0));
  // Polled once per animation frame; true after three calm frames in a row.
  await page.waitForFunction(() => {
    const w = window as unknown as { calmFrames: number };
    const calm =
      document
        .getAnimations()
        .every(
          (a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity,
        ) &&
      Array.from(document.querySelectorAll<HTMLElement>('[role="dialog"]')).every((dialog) => {
        for (let el: Element | null = dialog; el; el = el.parentElement)
          if (Number(getComputedStyle(el).opacity) < 1) return false;
        return true;
      });
    w.calmFrames = calm ? w.calmFrames + 1 : 0;
    return w.calmFrames >= 3;
  });
}

/**
 * axe-core on the whole page as it stands; every serious or critical violation is reported
 * (softly, so one run lists every screen's problems) with the screen's name and the nodes.
 */
async function expectAccessible(page: Page, screen: string) {
  await settled(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} — ${n.failureSummary}`),
    }));
  expect.soft(serious, `axe on "${screen}"`).toEqual([]);
}

async function useSession(page: Page, token: string) {
  await page.goto('/login');
  await page.evaluate((t) => window.localStorage.setItem('paraaf.token', t), token);
}

async function register(baseURL: string, company: string, name: string, twoFactor = false) {
  const email = `${name.split(' ')[0]!.toLowerCase()}-${Date.now()}@${company.replace(/\W/g, '').toLowerCase()}.nl`;
  const session = await call<{ token: string }>(baseURL, null, 'POST', '/auth/register', {
    company,
    name,
    email,
    password,
    passwordconfirmation: password,
    terms: true,
    two_factor_auth: twoFactor,
  });
  return { email, token: session.token };
}

const field = (scope: Page | Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${label}( \\*)?$`));

test('guest screens: login and its code step, register, password reminder and reset, activation, verify', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  await expectAccessible(page, 'login');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByText('Dit veld is verplicht').first()).toBeVisible();
  await expectAccessible(page, 'login with errors');

  // The code step: five labelled boxes.
  const owner = await register(baseURL!, 'Bakkerij Toegang', 'Anna Toegang', true);
  await field(page, 'E-mailadres').fill(owner.email);
  await field(page, 'Wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  for (let i = 1; i <= 5; i++) {
    await expect(page.getByRole('textbox', { name: `Cijfer ${i} van de code` })).toBeVisible();
  }
  await expectAccessible(page, 'login code step');
  await page.screenshot({ path: `${shots}login-code.png` });

  await page.goto('/register');
  await expectAccessible(page, 'register');
  await page.getByRole('button', { name: 'Registreren' }).click();
  await expect(page.getByText('Dit veld is verplicht').first()).toBeVisible();
  await expectAccessible(page, 'register with errors');
  await page.screenshot({ path: `${shots}register-errors.png`, fullPage: true });

  await page.goto('/wachtwoord-vergeten');
  await expectAccessible(page, 'password reminder');
  const before = await lastMailId(baseURL!);
  await field(page, 'E-mailadres').fill(owner.email);
  await page.getByRole('button', { name: 'Aanvraag versturen' }).click();
  await expect(page.getByText(/wachtwoord herstel email verstuurd/)).toBeVisible();
  await expectAccessible(page, 'password reminder sent');
  const reset = await mailTo(baseURL!, owner.email, /Wachtwoord herstellen/, before);
  await page.goto(new URL(linkIn(reset.text, '/wachtwoord-instellen/')).pathname);
  await expect(page.getByRole('button', { name: 'Wachtwoord instellen' })).toBeVisible();
  await expectAccessible(page, 'password reset');

  // Activation of an invited user: a second user needs a standard or premium plan.
  await choosePlan(baseURL!, owner.token, 2);
  const inviteeEmail = `ineke-${Date.now()}@toegang.nl`;
  const beforeInvite = await lastMailId(baseURL!);
  await call(baseURL!, owner.token, 'POST', '/users/invite', {
    name: 'Ineke Inzage',
    email: inviteeEmail,
    role: 'viewer',
  });
  const invite = await mailTo(baseURL!, inviteeEmail, /Uitnodiging/, beforeInvite);
  await page.goto(new URL(linkIn(invite.text, '/activeren/')).pathname);
  await expect(page.getByRole('button', { name: 'Activeren' })).toBeVisible();
  await expectAccessible(page, 'activation');

  await page.goto('/verifieren');
  await expectAccessible(page, 'verify');
  await page.screenshot({ path: `${shots}verify.png` });
});

test('sender screens: list, filters, wizard and marker editor, detail and its modals, settings', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { token } = await register(baseURL!, 'Makelaardij Toegang', 'Mark Toegang');
  await enableFeatures(baseURL!, await companyIdOf(baseURL!, token), [
    'templates',
    'email_templates',
    'api',
  ]);
  await useSession(page, token);

  await page.goto('/');
  await expect(page.getByText('Je hebt nog geen ondertekeningen.')).toBeVisible();
  await expectAccessible(page, 'list, empty');

  const sent = await createSignRequest(baseURL!, token, {
    subject: 'Koopakte Toegang',
    document: 'Koopakte',
    signers: [{ firstname: 'Sanne', lastname: 'Jansen', email: `sanne-${Date.now()}@example.nl` }],
    send: true,
  });
  await createSignRequest(baseURL!, token, {
    subject: 'Huurcontract Toegang',
    document: 'Huurcontract',
    signers: [{ firstname: 'Bram', lastname: 'Bakker', email: `bram-${Date.now()}@example.nl` }],
    send: false,
  });
  await page.goto('/');
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(2);
  await expectAccessible(page, 'list with rows');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await expect(page.getByRole('option', { name: 'Aangemaakt' })).toBeVisible();
  await expectAccessible(page, 'list, status filter open');
  await page.keyboard.press('Escape');
  await page.getByLabel('Verzenddatum').click();
  await expectAccessible(page, 'list, date filter open');
  await page.keyboard.press('Escape');
  await page.screenshot({ path: `${shots}list.png` });
  // A phone shows the list as cards.
  await page.setViewportSize(phone);
  await expectAccessible(page, 'list with rows, phone');
  await page.screenshot({ path: `${shots}list-phone.png` });
  await page.setViewportSize(desktop);

  // The wizard, step by step.
  await page.goto('/nieuwe-ondertekening');
  const signer = page.getByRole('region', { name: 'Ondertekenaar 1', exact: true });
  await expect(signer).toBeVisible();
  await expectAccessible(page, 'wizard step 1');
  await field(signer, 'Voornaam').fill('Lotte');
  await field(signer, 'Achternaam').fill('de Boer');
  await field(signer, 'E-mailadres').fill('geen-adres');
  await field(signer, 'Voornaam').focus();
  await expect(signer.getByText('Dit veld is dient een emailadres te zijn')).toBeVisible();
  await expectAccessible(page, 'wizard step 1 with an error');
  await field(signer, 'E-mailadres').fill(`lotte-${Date.now()}@example.nl`);
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expectAccessible(page, 'wizard step 2, empty');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'overeenkomst.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(await contractPdf('Overeenkomst', 2)),
  });
  const documents = page.getByRole('table', { name: 'Documenten' });
  await expect(documents.getByRole('cell', { name: 'overeenkomst.pdf', exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(documents.getByText(/wordt verwerkt/)).toHaveCount(0, { timeout: 30_000 });
  await expectAccessible(page, 'wizard step 2 with a document');
  await page.getByRole('button', { name: 'Markers instellen voor overeenkomst.pdf' }).click();
  const editor = page.getByRole('dialog', { name: 'Formuliermarkers instellen' });
  await expect(
    editor.getByRole('group', { name: 'Pagina 1 van 2' }).locator('canvas'),
  ).toBeVisible();
  await expectAccessible(page, 'marker editor');
  await page.screenshot({ path: `${shots}marker-editor.png` });
  await editor.getByRole('button', { name: "Paraaf toevoegen op pagina's" }).click();
  await expect(page.getByRole('dialog', { name: "Paraaf toevoegen op pagina's" })).toBeVisible();
  await expectAccessible(page, "marker editor, paraaf toevoegen op pagina's");
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(field(page, 'Onderwerp')).toBeVisible();
  await expectAccessible(page, 'wizard step 3');
  await page.getByLabel(/^Vervaldatum/).click();
  await expectAccessible(page, 'wizard step 3, expiry picker open');
  await page.keyboard.press('Escape');
  await page.screenshot({ path: `${shots}wizard-step-3.png`, fullPage: true });

  // The detail and its modals.
  await page.goto(`/ondertekening/${sent}`);
  await expect(page.getByRole('button', { name: 'Audit trail Sanne Jansen' })).toBeVisible();
  await expectAccessible(page, 'detail');
  await page.screenshot({ path: `${shots}detail.png`, fullPage: true });
  await page.getByRole('button', { name: 'Audit trail Sanne Jansen' }).click();
  const audit = page.getByRole('dialog', { name: 'Audit trail van Sanne Jansen' });
  await expect(audit.getByText('Verstuurd').first()).toBeVisible();
  await expectAccessible(page, 'detail, audit trail');
  await page.keyboard.press('Escape');
  await expect(audit).toBeHidden();
  await page.getByRole('button', { name: 'Bewerken Sanne Jansen' }).click();
  await expect(page.getByRole('dialog', { name: 'Ondertekenaar bewerken' })).toBeVisible();
  await expectAccessible(page, 'detail, edit signer');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Annuleren' }).click();
  await expect(page.getByRole('dialog', { name: 'Ondertekening annuleren' })).toBeVisible();
  await expectAccessible(page, 'detail, cancel');
  await page.keyboard.press('Escape');

  for (const [path, heading] of [
    ['/templates', 'Templates'],
    ['/instellingen/account', 'Account instellingen'],
    ['/instellingen/bedrijf', 'Bedrijfsinstellingen'],
    ['/instellingen/emailtemplates', 'E-mailtemplates'],
    ['/instellingen/gebruikers', 'Gebruikers'],
    ['/instellingen/facturen', 'Facturen'],
    ['/instellingen/api', 'API sleutels'],
    ['/contact', 'Contact & support'],
    ['/instellingen/credits/gekocht?betaling=onbekend', 'Betaling'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expectAccessible(page, path);
  }
  // API sleutels: the new-key modal, then the secret shown once.
  await page.goto('/instellingen/api');
  await page.getByRole('button', { name: 'Nieuwe API-sleutel' }).click();
  await expect(page.getByRole('dialog', { name: 'Nieuwe API-sleutel' })).toBeVisible();
  await expectAccessible(page, 'api keys, new key');
  await page.getByLabel('Naam').fill('Toegankelijkheid');
  await page.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(page.getByTestId('api-key-secret')).toBeVisible();
  await expectAccessible(page, 'api keys, secret shown once');
  await page.getByRole('button', { name: 'Klaar' }).click();
  // Credits & Abonnementen once its plan cards and history are there, and its plan modal.
  await page.goto('/instellingen/credits');
  await expect(page.getByRole('heading', { name: 'Premium', exact: true })).toBeVisible();
  await expectAccessible(page, '/instellingen/credits');
  await page.screenshot({ path: `${shots}credits.png`, fullPage: true });
  await page
    .getByRole('article', { name: 'Premium' })
    .getByRole('button', { name: 'Kies dit abonnement' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Overstappen naar premium' })).toBeVisible();
  await expectAccessible(page, 'credits, plan change');
  await page.keyboard.press('Escape');
  // The free plan allows one user (the screen above says so); inviting needs standard.
  await choosePlan(baseURL!, token, 2);
  await page.goto('/instellingen/gebruikers');
  await page.getByRole('button', { name: 'Uitnodigen' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'users, invite');
  await page.keyboard.press('Escape');
  // Standard has departments: Bedrijfsinstellingen lists them and adds one in a modal.
  await page.goto('/instellingen/bedrijf');
  await page.getByRole('button', { name: 'Afdeling toevoegen' }).click();
  await expect(page.getByRole('dialog', { name: 'Afdeling toevoegen' })).toBeVisible();
  await expectAccessible(page, 'company settings, add department');
});

/** A request in `locale` for one signer: e-mail code, SMS code, signature, a required field. */
async function sendInLanguage(
  baseURL: string,
  token: string,
  locale: SignerLocale,
  email: string,
  verifications: number[],
) {
  return createSignRequest(baseURL, token, {
    subject: `Huurcontract ${locale}`,
    document: 'Huurcontract',
    send: true,
    signers: [{ firstname: 'Kees', lastname: 'Smit', email, locale, phone: '+31612345678' }],
    verifications,
    markers: (form) => {
      const marker = {
        x: '60',
        y: '660',
        width: '180',
        height: '60',
        page: '1',
        type: 'generated',
        value: 'signer.1.signature',
      };
      for (const [k, v] of Object.entries(marker)) form.set(`variables[0][${k}]`, v);
      if (!verifications.includes(1)) return;
      const input = { x: '60', y: '560', width: '240', height: '24', page: '1', type: 'text' };
      for (const [k, v] of Object.entries(input)) form.set(`fields[0][${k}]`, v);
      form.set('fields[0][options][rules][0]', 'required');
      form.set('fields[0][options][signer]', '1');
    },
  });
}

test('the signer page at every step, in Dutch, English, German and French', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { token } = await register(baseURL!, 'Notaris Toegang', 'Vera Toegang');

  await page.goto('/ondertekenen/dit-is-geen-geldige-link');
  await expect(page.getByRole('heading', { name: 'Deze link is niet geldig' })).toBeVisible();
  await expectAccessible(page, 'signer: unknown link');

  for (const locale of signerLocales) {
    const t = createTranslate(locale);
    const email = `kees-${locale}-${Date.now()}@example.nl`;
    const before = await lastMailId(baseURL!);
    await sendInLanguage(baseURL!, token, locale, email, [1, 2, 5]);
    const invitation = await mailTo(baseURL!, email, /Huurcontract/, before);
    await page.goto(linkIn(invitation.text, '/ondertekenen/'));
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    const firstPage = page.getByRole('region', { name: t('page.pageOf', { page: 1, count: 2 }) });
    await expect(firstPage.locator('canvas')).toBeVisible();
    // The page's own text is in the accessibility tree (pdf.js text layer), in reading order.
    await expect
      .poll(() => firstPage.ariaSnapshot())
      .toMatch(/Huurcontract — pagina 1[\s\S]*Handtekening koper:/);
    // The zoom buttons speak the signer's language; every control over the pages has a name.
    for (const key of ['view.zoomIn', 'view.zoomOut', 'view.fitWidth'] as const)
      await expect(page.getByRole('button', { name: t(key), exact: true })).toBeVisible();
    const controls = page.locator('section[data-page] :is(input, button, select, textarea)');
    expect(await controls.count()).toBeGreaterThan(0);
    for (const control of await controls.all()) {
      const name = await control.evaluate(
        (el) => el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent,
      );
      expect(name?.trim(), await control.evaluate((el) => el.outerHTML)).toBeTruthy();
    }

    if (locale === 'nl') {
      await page.setViewportSize(phone);
      await expectAccessible(page, `signer ${locale}: phone`);
      await page.screenshot({ path: `${shots}signer-phone.png` });
      await page.setViewportSize(desktop);
    }
    const steps = [t('step.email'), t('step.sms'), t('step.signature'), t('step.fields')];
    for (const step of steps) {
      await expect(stepTitle(page)).toHaveText(step);
      await expectAccessible(page, `signer ${locale}: ${step}`);
      if (step === t('step.email') || step === t('step.sms')) {
        const isEmail = step === t('step.email');
        const mailSeen = await lastMailId(baseURL!);
        const smsSeen = (await outbox(baseURL!)).sms[0]?.id ?? 0;
        await page
          .getByRole('button', { name: t(isEmail ? 'code.sendEmail' : 'code.sendSms') })
          .click();
        const code = isEmail
          ? /(\d{6})/.exec((await mailTo(baseURL!, email, /\d{6}/, mailSeen)).subject)![1]!
          : await smsCode(baseURL!, '+31612345678', smsSeen);
        // Six boxes, each named.
        for (let i = 1; i <= 6; i++) {
          await expect(
            page.getByRole('textbox', { name: `${t('code.label')} ${i}`, exact: true }),
          ).toBeVisible();
        }
        await expectAccessible(page, `signer ${locale}: ${step}, code sent`);
        if (locale === 'nl' && isEmail) await page.screenshot({ path: `${shots}signer-code.png` });
        await page.getByRole('textbox', { name: `${t('code.label')} 1`, exact: true }).click();
        await page.keyboard.type(code);
        await page.getByRole('button', { name: t('code.verify') }).click();
      } else if (step === t('step.signature')) {
        await page.getByRole('button', { name: t('pad.typeInstead') }).click();
        await page.getByLabel(t('pad.typeSignature')).fill('Kees Smit');
        await expectAccessible(page, `signer ${locale}: typed signature`);
        if (locale === 'nl') await page.screenshot({ path: `${shots}signer-typed.png` });
        await page.getByRole('button', { name: t('pad.save') }).click();
      } else {
        await page
          .getByLabel(
            `${t('fields.fieldOf', { kind: t('fields.text'), n: 1, page: 1, name: 'Kees Smit' })} (${t('fields.required')})`,
          )
          .fill('Utrecht');
        await page.getByRole('button', { name: t('fields.save') }).click();
      }
      await expect(stepTitle(page)).not.toHaveText(step);
    }
    await expect(stepTitle(page)).toHaveText(t('step.approve'));
    await expectAccessible(page, `signer ${locale}: approve`);
    if (locale === 'nl') {
      await page.screenshot({ path: `${shots}signer-approve.png` });
      await page.getByRole('button', { name: t('decline.button') }).click();
      await expect(page.getByRole('dialog', { name: t('decline.title') })).toBeVisible();
      await expectAccessible(page, `signer ${locale}: decline`);
      await page.keyboard.press('Escape');
    }
    await page.getByRole('button', { name: t('approve.button') }).click();
    await expect(
      page
        .getByRole('heading', { name: t('status.approved.title') })
        .or(page.getByRole('heading', { name: t('status.signed.title') })),
    ).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page, `signer ${locale}: done`);
    if (locale === 'fr') await page.screenshot({ path: `${shots}signer-done-fr.png` });
  }
});

/** The accessible name (or text) of the focused element. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '';
    const labelled = el.getAttribute('aria-labelledby');
    const byId = labelled ? document.getElementById(labelled)?.textContent : null;
    return (el.getAttribute('aria-label') ?? byId ?? el.textContent ?? '').trim();
  });

/**
 * Presses Tab until the focused element is named `name`, as a keyboard user would, and checks
 * that the element shows where the focus is (an outline or a ring).
 */
async function tabTo(page: Page, name: string) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    if ((await focusedName(page)) === name) {
      const ring = await page.evaluate(() => {
        const style = getComputedStyle(document.activeElement!);
        return { outline: `${style.outlineStyle} ${style.outlineWidth}`, shadow: style.boxShadow };
      });
      expect(
        ring.outline !== 'none 0px' || ring.shadow !== 'none',
        `a visible focus on "${name}": ${JSON.stringify(ring)}`,
      ).toBe(true);
      return;
    }
  }
  throw new Error(`"${name}" not reached with Tab (last: "${await focusedName(page)}")`);
}

test('a signer signs with the keyboard only: typed name, approve; the sealed PDF verifies', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { token } = await register(baseURL!, 'Verhuur Toetsenbord', 'Joke Jansen');
  const email = `kees-keyboard-${Date.now()}@example.nl`;
  const before = await lastMailId(baseURL!);
  const id = await sendInLanguage(baseURL!, token, 'nl', email, [5]);
  const invitation = await mailTo(baseURL!, email, /Huurcontract/, before);
  // The handwriting font and the preview image load under the Content-Security-Policy.
  const blocked: string[] = [];
  page.on('console', (m) => {
    if (/Content.Security.Policy/i.test(m.text())) blocked.push(m.text());
  });
  await page.goto(linkIn(invitation.text, '/ondertekenen/'));
  await expect(stepTitle(page)).toHaveText('Handtekening');

  await tabTo(page, 'Liever typen dan tekenen');
  await page.keyboard.press('Enter');
  // The name field takes the focus; the hint speaks of typing, not of a mouse.
  await expect(page.getByLabel('Typ je naam')).toBeFocused();
  await expect(page.getByText(/muis/)).toHaveCount(0);
  await page.keyboard.type('Kees Smit');
  await expect(page.getByRole('img', { name: 'Voorbeeld van je handtekening' })).toBeVisible();
  await page.screenshot({ path: `${shots}typed-signature.png` });
  expect(
    await page.evaluate(() => document.fonts.check('26px "Dancing Script"', 'Kees Smit')),
  ).toBe(true);
  expect(blocked).toEqual([]);
  await tabTo(page, 'Opslaan');
  await page.keyboard.press('Enter');
  await expect(stepTitle(page)).toHaveText('Akkoord');
  await expect(stepTitle(page)).toBeFocused();
  await expect(page.getByRole('img', { name: 'Je handtekening', exact: true })).toBeVisible();

  // Focus stays inside the decline dialog, and Escape gives it back.
  await tabTo(page, 'Weigeren');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Ondertekening weigeren' });
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Weigeren' })).toBeFocused();

  await tabTo(page, 'Akkoord en ondertekenen');
  await page.keyboard.press('Enter');
  await expect(
    page
      .getByRole('heading', { name: 'Bedankt, je hebt ondertekend' })
      .or(page.getByRole('heading', { name: 'De documenten zijn ondertekend' })),
  ).toBeVisible();

  const detail = await waitUntilSigned(baseURL!, token, id);
  const signed = await downloadSignable(baseURL!, token, detail.signables[0]!.id);
  const file = join(mkdtempSync(join(tmpdir(), 'paraaf-a11y-')), 'ondertekend.pdf');
  writeFileSync(file, signed);
  expect(signatureReport(file)).toContain('Signature is Valid.');
  // The typed signature stands on the document's page, where the marker is.
  expect(imagesPerPage(file).get(1) ?? 0).toBeGreaterThanOrEqual(1);
});

test('back-office screens as a platform administrator: all users, acting as a user, custom plans', async ({
  page,
  baseURL,
}) => {
  await register(baseURL!, 'Bakkerij Beheertoegang', 'Tineke Toegang');
  await useSession(page, await platformAdminToken(baseURL!));

  await page.goto('/all-users');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectAccessible(page, 'all users');
  await page.goto('/all-users?search=niemand');
  await expect(page.getByText('Er zijn nog geen gebruikers')).toBeVisible();
  await expectAccessible(page, 'all users, nothing found');

  await page.goto('/all-users?search=tineke');
  await page.getByRole('button', { name: 'Inloggen als Tineke Toegang' }).click();
  await expect(page.getByText('Ingelogd als Tineke Toegang')).toBeVisible();
  await expectAccessible(page, 'acting as a user (bar)');
  await page.getByRole('button', { name: 'Terug naar je eigen account' }).click();
  await expect(page).toHaveURL(/\/all-users$/);

  await page.goto('/all-payment-plans');
  await expect(page.getByText('Er zijn nog geen aangepaste abonnementen')).toBeVisible();
  await expectAccessible(page, 'custom plans, empty');
  await page.getByRole('button', { name: 'Nieuw aangepast abonnement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Abonnement aanmaken/bewerken' });
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog.getByText('Dit veld is verplicht').first()).toBeVisible();
  await expectAccessible(page, 'custom plan modal with errors');
  await dialog.getByLabel(/^Naam/).fill('Toegankelijk maatwerk');
  await dialog.getByLabel(/^Beschikbaar voor/).click();
  await page.getByRole('option', { name: 'Bakkerij Beheertoegang' }).click();
  await dialog.getByLabel(/^Naam/).click();
  for (const label of [
    /^Prijs per maand/,
    /^Prijs per prepaid credit/,
    /^Credits per maand/,
    /^Prijs per SMS/,
    /^Credits per SMS/,
    /^Prijs per iDIN transactie/,
    /^Credits per iDIN transactie/,
  ])
    await dialog.getByLabel(label).fill('1');
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(
    page.getByRole('article').filter({ hasText: 'Toegankelijk maatwerk' }),
  ).toBeVisible();
  await expectAccessible(page, 'custom plans');
});

test('invoices: add credits with an invoice, all invoices and its edit modal, the company’s Facturen', async ({
  page,
  baseURL,
}) => {
  const company = await register(baseURL!, 'Drukkerij Factuur', 'Frits Factuur');
  await useSession(page, await platformAdminToken(baseURL!));

  await page.goto('/all-users?search=frits');
  await page.getByRole('button', { name: 'Credits toevoegen en factuur versturen' }).click();
  const add = page.getByRole('dialog', { name: 'Credits toevoegen en factuur versturen' });
  await add.getByRole('button', { name: 'Credits toevoegen' }).click();
  await expect(add.getByText('Dit veld is verplicht').first()).toBeVisible();
  await expectAccessible(page, 'add credits modal with errors');
  await add.getByLabel(/^Aantal credits/).fill('25');
  await add.getByLabel(/^Prijs per credit/).fill('0,80');
  await expect(add.getByTestId('add-credits-summary')).toContainText('€ 24,20');
  await expectAccessible(page, 'add credits modal');
  await add.getByRole('button', { name: 'Credits toevoegen' }).click();
  await expect(page.getByText('Credits toegevoegd en factuur opgestuurd')).toBeVisible();

  await page.goto('/all-invoices?search=Drukkerij%20Factuur');
  const card = page.getByRole('article').filter({ hasText: 'Drukkerij Factuur' }).first();
  await expect(card).toContainText('Credits: € 0,80 × 25');
  await expectAccessible(page, 'all invoices');
  await card.getByRole('button', { name: /bewerken/ }).click();
  const edit = page.getByRole('dialog', { name: /^Factuur .* bewerken$/ });
  await expectAccessible(page, 'invoice edit modal');
  await edit.getByRole('radio', { name: 'Betaald' }).check();
  await edit.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Factuur bewerkt')).toBeVisible();
  await expect(card.getByText('Betaald')).toBeVisible();
  await page.goto('/all-invoices?search=niemand-heeft-deze-naam');
  await expect(page.getByText('Er zijn nog geen facturen')).toBeVisible();
  await expectAccessible(page, 'all invoices, nothing found');

  await useSession(page, company.token);
  await page.goto('/instellingen/facturen');
  await expect(page.getByTestId('invoice-row')).toHaveCount(1);
  await expect(page.getByTestId('invoice-row')).toContainText('€ 24,20');
  await expectAccessible(page, 'company invoices');
});

test('webhook messages: the list with its badges, the responses modal, the secret and its renewal', async ({
  page,
  baseURL,
}) => {
  // A receiver that refuses with 404 (a yellow badge); a closed port gives the red one.
  const receiver = http.createServer((_req, res) => res.writeHead(404).end('Niet gevonden'));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const { token } = await register(baseURL!, 'Haak Toegang', 'Hanna Toegang');
    await enableFeatures(baseURL!, await companyIdOf(baseURL!, token), ['webhooks']);
    const setUrl = async (url: string) => {
      const form = new FormData();
      form.set('name', 'Haak Toegang');
      form.set('sms_name', 'HaakT');
      form.set('webhook_url', url);
      await call(baseURL!, token, 'POST', '/company', form);
    };
    const send = (subject: string) =>
      createSignRequest(baseURL!, token, {
        subject,
        document: 'Contract',
        signers: [{ firstname: 'Sem', lastname: 'Toegang', email: `sem-${Date.now()}@example.nl` }],
        send: true,
      });
    await setUrl(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/haak`);
    await send('Webhook geel');
    await setUrl('http://127.0.0.1:9/dicht');
    await send('Webhook rood');
    await useSession(page, token);
    await page.goto('/instellingen/webhooks');
    await expect(page.getByRole('heading', { name: 'Webhook berichten', level: 1 })).toBeVisible();
    const badges = page.getByTestId('webhook-badge');
    await expect(badges).toHaveCount(2);
    await expect(badges.nth(0)).toHaveAttribute('data-badge', 'error');
    await expect(badges.nth(1)).toHaveAttribute('data-badge', 'warning');
    await expectAccessible(page, 'webhook messages');
    await page.getByRole('button', { name: 'Toon' }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveText(/^whsec_/);
    await expectAccessible(page, 'webhook messages, secret shown');
    await page
      .getByRole('button', { name: /^Antwoorden van bericht/ })
      .nth(1)
      .click();
    await expect(page.getByRole('dialog', { name: /^Antwoorden op bericht/ })).toBeVisible();
    await expectAccessible(page, 'webhook messages, responses');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Vernieuwen' }).click();
    await expect(page.getByRole('dialog', { name: 'Vernieuwen' })).toBeVisible();
    await expectAccessible(page, 'webhook messages, renew the secret');
    await page.keyboard.press('Escape');
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
