import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import {
  call,
  choosePlan,
  companyIdOf,
  contractPdf,
  createSignRequest,
  enableFeatures,
  platformAdmin,
  platformAdminToken,
  registerAccount,
} from './api.ts';
import { startServer, type RunningServer } from './server.ts';
import { stepTitle } from './signer-page.ts';
import {
  createTranslate,
  signerLocales,
  type SignerLocale,
} from '../../apps/web/src/features/signing/texts/index.ts';

/**
 * One walk over every screen of the product — logged out, the company's screens and settings, the
 * signer page in nl/en/de/fr, the back office — shared by the specs that judge each screen in their
 * own way (accessibility.spec.ts: axe-core; phone-layout.spec.ts: no sideways scroll at 390 px).
 * The walk opens a screen, brings it into the state to judge (a modal open, errors shown), then
 * calls `check` with the screen's name. The server runs without SMTP here, so its outbox
 * (`/dev/mailbox?format=json`) holds both the mails and the simulator's SMS, as a tester on a fresh
 * install would read them.
 */

export const password = 'Eerste-wachtwoord-1';
export const desktop = { width: 1280, height: 900 };
export const phone = { width: 390, height: 844 };

export interface Walk {
  page: Page;
  baseURL: string;
  /** Judges the screen as it stands; `screen` names it in a failure. */
  check: (screen: string) => Promise<void>;
  /** Photographs the screen for a person to look at. */
  shot: (name: string, fullPage?: boolean) => Promise<void>;
  /** The walk's viewport: on 'desktop' a few screens are judged on a phone as well. */
  size: 'desktop' | 'phone';
}

/** One product server per worker, with a platform administrator and its mail in the outbox. */
export const test = base.extend<object, { server: RunningServer }>({
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

/** On a desktop walk, `judge` runs once more at phone size; a phone walk has judged it already. */
async function onPhoneToo(page: Page, size: Walk['size'], judge: () => Promise<void>) {
  if (size === 'phone') return;
  await page.setViewportSize(phone);
  await judge();
  await page.setViewportSize(desktop);
}

export interface Outbox {
  data: { id: number; to: string; subject: string; text: string | null }[];
  sms: { id: number; to: string; body: string | null }[];
}

export async function outbox(baseURL: string): Promise<Outbox> {
  const res = await fetch(`${baseURL}/dev/mailbox?format=json`);
  return (await res.json()) as Outbox;
}

/** The newest mail to `to` whose subject matches, waiting for it to be written. */
export async function mailTo(baseURL: string, to: string, subject: RegExp, after = 0) {
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

export async function lastMailId(baseURL: string) {
  return (await outbox(baseURL)).data[0]?.id ?? 0;
}

/** The six digits of the newest SMS to `phone` after SMS id `after`. */
export async function smsCode(baseURL: string, phone: string, after: number) {
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

export const linkIn = (text: string | null, path: string) =>
  new RegExp(`https?://[^\\s"<>]+${path}[^\\s"<>)]+`).exec(text ?? '')![0];

/**
 * Waits until the page's colours are final: no finite CSS transition or animation runs (endless
 * ones, a loader spinning, change no colour) and every open dialog is fully opaque. Mantine mounts
 * a modal at opacity 0 and starts its fade a frame later, so "nothing runs" alone can be true
 * before the fade begins; the state must also hold for three animation frames in a row.
 */
export async function settled(page: Page) {
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

export async function useSession(page: Page, token: string) {
  await page.goto('/login');
  await page.evaluate((t) => window.localStorage.setItem('paraaf.token', t), token);
}

export const register = registerAccount;

export const field = (scope: Page | Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${label}( \\*)?$`));

/** Logged out: login and its code step, register, password reminder and reset, activation, verify. */
export async function walkGuestScreens({ page, baseURL, check, shot }: Walk) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  await check('login');
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(page.getByText('Dit veld is verplicht').first()).toBeVisible();
  await check('login with errors');

  // The code step: five labelled boxes.
  const owner = await register(baseURL, 'Bakkerij Toegang', 'Anna Toegang', true);
  await field(page, 'E-mailadres').fill(owner.email);
  await field(page, 'Wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  for (let i = 1; i <= 5; i++) {
    await expect(page.getByRole('textbox', { name: `Cijfer ${i} van de code` })).toBeVisible();
  }
  await check('login code step');
  await shot('login-code');

  await page.goto('/register');
  await check('register');
  await page.getByRole('button', { name: 'Registreren' }).click();
  await expect(page.getByText('Dit veld is verplicht').first()).toBeVisible();
  await check('register with errors');
  await shot('register-errors', true);

  await page.goto('/wachtwoord-vergeten');
  await check('password reminder');
  const before = await lastMailId(baseURL);
  await field(page, 'E-mailadres').fill(owner.email);
  await page.getByRole('button', { name: 'Aanvraag versturen' }).click();
  await expect(page.getByText(/wachtwoord herstel email verstuurd/)).toBeVisible();
  await check('password reminder sent');
  const reset = await mailTo(baseURL, owner.email, /Wachtwoord herstellen/, before);
  await page.goto(new URL(linkIn(reset.text, '/wachtwoord-instellen/')).pathname);
  await expect(page.getByRole('button', { name: 'Wachtwoord instellen' })).toBeVisible();
  await check('password reset');

  // Activation of an invited user: a second user needs a standard or premium plan.
  await choosePlan(baseURL, owner.token, 2);
  const inviteeEmail = `ineke-${Date.now()}@toegang.nl`;
  const beforeInvite = await lastMailId(baseURL);
  await call(baseURL, owner.token, 'POST', '/users/invite', {
    name: 'Ineke Inzage',
    email: inviteeEmail,
    role: 'viewer',
  });
  const invite = await mailTo(baseURL, inviteeEmail, /Uitnodiging/, beforeInvite);
  await page.goto(new URL(linkIn(invite.text, '/activeren/')).pathname);
  await expect(page.getByRole('button', { name: 'Activeren' })).toBeVisible();
  await check('activation');

  await page.goto('/verifieren');
  await check('verify');
  await shot('verify');
}

/** A company admin: list, filters, wizard and marker editor, detail and its modals, settings. */
export async function walkSenderScreens({ page, baseURL, check, shot, size }: Walk) {
  const { token } = await register(baseURL, 'Makelaardij Toegang', 'Mark Toegang');
  await enableFeatures(baseURL, await companyIdOf(baseURL, token), [
    'templates',
    'email_templates',
    'api',
  ]);
  await useSession(page, token);

  await page.goto('/');
  await expect(page.getByText('Je hebt nog geen ondertekeningen.')).toBeVisible();
  await check('list, empty');

  const sent = await createSignRequest(baseURL, token, {
    subject: 'Koopakte Toegang',
    document: 'Koopakte',
    signers: [{ firstname: 'Sanne', lastname: 'Jansen', email: `sanne-${Date.now()}@example.nl` }],
    send: true,
  });
  await createSignRequest(baseURL, token, {
    subject: 'Huurcontract Toegang',
    document: 'Huurcontract',
    signers: [{ firstname: 'Bram', lastname: 'Bakker', email: `bram-${Date.now()}@example.nl` }],
    send: false,
  });
  await page.goto('/');
  // A phone shows the list as cards, a desktop as a table.
  const rows =
    size === 'phone'
      ? page.getByTestId('sign-request-cards').getByRole('article')
      : page.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await check('list with rows');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await expect(page.getByRole('option', { name: 'Aangemaakt' })).toBeVisible();
  await check('list, status filter open');
  await page.keyboard.press('Escape');
  await page.getByLabel('Verzenddatum').click();
  await check('list, date filter open');
  await page.keyboard.press('Escape');
  await shot('list');
  // A phone shows the list as cards.
  await onPhoneToo(page, size, async () => {
    await check('list with rows, phone');
    await shot('list-phone');
  });

  // The wizard, step by step.
  await page.goto('/nieuwe-ondertekening');
  const signer = page.getByRole('region', { name: 'Ondertekenaar 1', exact: true });
  await expect(signer).toBeVisible();
  await check('wizard step 1');
  await field(signer, 'Voornaam').fill('Lotte');
  await field(signer, 'Achternaam').fill('de Boer');
  await field(signer, 'E-mailadres').fill('geen-adres');
  await field(signer, 'Voornaam').focus();
  await expect(signer.getByText('Dit veld is dient een emailadres te zijn')).toBeVisible();
  await check('wizard step 1 with an error');
  await field(signer, 'E-mailadres').fill(`lotte-${Date.now()}@example.nl`);
  await page.getByRole('button', { name: 'Volgende' }).click();
  await check('wizard step 2, empty');
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
  await check('wizard step 2 with a document');
  await page.getByRole('button', { name: 'Markers instellen voor overeenkomst.pdf' }).click();
  const editor = page.getByRole('dialog', { name: 'Formuliermarkers instellen' });
  if (size === 'phone') {
    // A phone is too small to place markers: the editor says so and offers automatic placement.
    await expect(editor.getByText(/Markers plaatsen vraagt een groter scherm/)).toBeVisible();
    await check('marker editor, phone');
    await shot('marker-editor');
    await editor.getByRole('button', { name: 'Automatisch plaatsen' }).click();
  } else {
    await expect(
      editor.getByRole('group', { name: 'Pagina 1 van 2' }).locator('canvas'),
    ).toBeVisible();
    await check('marker editor');
    await shot('marker-editor');
    await editor.getByRole('button', { name: "Paraaf toevoegen op pagina's" }).click();
    await expect(page.getByRole('dialog', { name: "Paraaf toevoegen op pagina's" })).toBeVisible();
    await check("marker editor, paraaf toevoegen op pagina's");
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
  }
  await expect(editor).toBeHidden();
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(field(page, 'Onderwerp')).toBeVisible();
  await check('wizard step 3');
  await page.getByLabel(/^Vervaldatum/).click();
  await check('wizard step 3, expiry picker open');
  await page.keyboard.press('Escape');
  await shot('wizard-step-3', true);

  // The detail and its modals.
  await page.goto(`/ondertekening/${sent}`);
  await expect(page.getByRole('button', { name: 'Audit trail Sanne Jansen' })).toBeVisible();
  await check('detail');
  await shot('detail', true);
  await page.getByRole('button', { name: 'Audit trail Sanne Jansen' }).click();
  const audit = page.getByRole('dialog', { name: 'Audit trail van Sanne Jansen' });
  await expect(audit.getByText('Verstuurd').first()).toBeVisible();
  await check('detail, audit trail');
  await page.keyboard.press('Escape');
  await expect(audit).toBeHidden();
  await page.getByRole('button', { name: 'Bewerken Sanne Jansen' }).click();
  await expect(page.getByRole('dialog', { name: 'Ondertekenaar bewerken' })).toBeVisible();
  await check('detail, edit signer');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Annuleren' }).click();
  await expect(page.getByRole('dialog', { name: 'Ondertekening annuleren' })).toBeVisible();
  await check('detail, cancel');
  await page.keyboard.press('Escape');

  for (const [path, heading] of [
    ['/templates', 'Templates'],
    ['/instellingen/account', 'Account instellingen'],
    ['/instellingen/bedrijf', 'Bedrijfsinstellingen'],
    ['/instellingen/emailtemplates', 'E-mailtemplates'],
    ['/instellingen/gebruikers', 'Gebruikers'],
    ['/instellingen/facturen', 'Facturen'],
    ['/instellingen/api', 'API sleutels'],
    ['/instellingen/account/wachtwoord-veranderen', 'Wachtwoord wijzigen'],
    ['/contact', 'Contact & support'],
    ['/instellingen/credits/gekocht?betaling=onbekend', 'Betaling'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await check(path);
  }
  // API sleutels: the new-key modal, then the secret shown once.
  await page.goto('/instellingen/api');
  await page.getByRole('button', { name: 'Nieuwe API-sleutel' }).click();
  await expect(page.getByRole('dialog', { name: 'Nieuwe API-sleutel' })).toBeVisible();
  await check('api keys, new key');
  await page.getByLabel('Naam').fill('Toegankelijkheid');
  await page.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(page.getByTestId('api-key-secret')).toBeVisible();
  await check('api keys, secret shown once');
  await page.getByRole('button', { name: 'Klaar' }).click();
  // Credits & Abonnementen once its plan cards and history are there, and its plan modal.
  await page.goto('/instellingen/credits');
  await expect(page.getByRole('heading', { name: 'Premium', exact: true })).toBeVisible();
  await check('/instellingen/credits');
  await shot('credits', true);
  await page
    .getByRole('article', { name: 'Premium' })
    .getByRole('button', { name: 'Kies dit abonnement' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Overstappen naar premium' })).toBeVisible();
  await check('credits, plan change');
  await page.keyboard.press('Escape');
  // The free plan allows one user (the screen above says so); inviting needs standard.
  await choosePlan(baseURL, token, 2);
  await page.goto('/instellingen/gebruikers');
  await page.getByRole('button', { name: 'Uitnodigen' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check('users, invite');
  await page.keyboard.press('Escape');
  // Standard has departments: Bedrijfsinstellingen lists them and adds one in a modal.
  await page.goto('/instellingen/bedrijf');
  await page.getByRole('button', { name: 'Afdeling toevoegen' }).click();
  await expect(page.getByRole('dialog', { name: 'Afdeling toevoegen' })).toBeVisible();
  await check('company settings, add department');
}

/** A request in `locale` for one signer: e-mail code, SMS code, signature, a required field. */
export async function sendInLanguage(
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

/** The signer page at every step, in Dutch, English, German and French. */
export async function walkSignerScreens({ page, baseURL, check, shot, size }: Walk) {
  const { token } = await register(baseURL, 'Notaris Toegang', 'Vera Toegang');

  await page.goto('/ondertekenen/dit-is-geen-geldige-link');
  await expect(page.getByRole('heading', { name: 'Deze link is niet geldig' })).toBeVisible();
  await check('signer: unknown link');

  for (const locale of signerLocales) {
    const t = createTranslate(locale);
    const email = `kees-${locale}-${Date.now()}@example.nl`;
    const before = await lastMailId(baseURL);
    await sendInLanguage(baseURL, token, locale, email, [1, 2, 5]);
    const invitation = await mailTo(baseURL, email, /Huurcontract/, before);
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
      await onPhoneToo(page, size, async () => {
        await check(`signer ${locale}: phone`);
        await shot('signer-phone');
      });
    }
    const steps = [t('step.email'), t('step.sms'), t('step.signature'), t('step.fields')];
    for (const step of steps) {
      await expect(stepTitle(page)).toHaveText(step);
      await check(`signer ${locale}: ${step}`);
      if (step === t('step.email') || step === t('step.sms')) {
        const isEmail = step === t('step.email');
        const mailSeen = await lastMailId(baseURL);
        const smsSeen = (await outbox(baseURL)).sms[0]?.id ?? 0;
        await page
          .getByRole('button', { name: t(isEmail ? 'code.sendEmail' : 'code.sendSms') })
          .click();
        const code = isEmail
          ? /(\d{6})/.exec((await mailTo(baseURL, email, /\d{6}/, mailSeen)).subject)![1]!
          : await smsCode(baseURL, '+31612345678', smsSeen);
        // Six boxes, each named.
        for (let i = 1; i <= 6; i++) {
          await expect(
            page.getByRole('textbox', { name: `${t('code.label')} ${i}`, exact: true }),
          ).toBeVisible();
        }
        await check(`signer ${locale}: ${step}, code sent`);
        if (locale === 'nl' && isEmail) await shot('signer-code');
        await page.getByRole('textbox', { name: `${t('code.label')} 1`, exact: true }).click();
        // The sixth digit sends the code.
        await page.keyboard.type(code);
      } else if (step === t('step.signature')) {
        await page.getByRole('button', { name: t('pad.typeInstead') }).click();
        await page.getByLabel(t('pad.typeSignature')).fill('Kees Smit');
        await check(`signer ${locale}: typed signature`);
        if (locale === 'nl') await shot('signer-typed');
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
    await check(`signer ${locale}: approve`);
    if (locale === 'nl') {
      await shot('signer-approve');
      await page.getByRole('button', { name: t('decline.button') }).click();
      await expect(page.getByRole('dialog', { name: t('decline.title') })).toBeVisible();
      await check(`signer ${locale}: decline`);
      await page.keyboard.press('Escape');
    }
    await page.getByRole('button', { name: t('approve.button') }).click();
    await expect(
      page
        .getByRole('heading', { name: t('status.approved.title') })
        .or(page.getByRole('heading', { name: t('status.signed.title') })),
    ).toBeVisible({ timeout: 30_000 });
    await check(`signer ${locale}: done`);
    if (locale === 'fr') await shot('signer-done-fr');
  }
}

/** A platform administrator: all users, acting as a user, custom plans. */
export async function walkBackOffice({ page, baseURL, check }: Walk) {
  // The walk runs in more than one spec against the same server: this run's company, user and
  // plan carry a mark of their own, and Tineke is found by her e-mail address.
  const run = String(Date.now() % 100_000);
  const companyName = `Bakkerij Beheertoegang ${run}`;
  const planName = `Toegankelijk maatwerk ${run}`;
  const { email } = await register(baseURL, companyName, 'Tineke Toegang');
  await useSession(page, await platformAdminToken(baseURL));

  await page.goto('/all-users');
  await expect(page.getByRole('article').first()).toBeVisible();
  await check('all users');
  await page.goto('/all-users?search=niemand');
  await expect(page.getByText('Er zijn nog geen gebruikers')).toBeVisible();
  await check('all users, nothing found');

  await page.goto(`/all-users?search=${encodeURIComponent(email)}`);
  await page.getByRole('button', { name: 'Inloggen als Tineke Toegang' }).click();
  await expect(page.getByText('Ingelogd als Tineke Toegang')).toBeVisible();
  await check('acting as a user (bar)');
  await page.getByRole('button', { name: 'Terug naar je eigen account' }).click();
  await expect(page).toHaveURL(/\/all-users$/);

  await page.goto('/office365-toestemming?error=access_denied');
  await expect(
    page.getByRole('heading', { name: 'Office365 toestemming', level: 1 }),
  ).toBeVisible();
  await check('office 365 consent result');

  await page.goto('/all-payment-plans');
  // Empty the first time the walk runs on this server; an earlier walk's plan otherwise.
  await expect(
    page
      .getByText('Er zijn nog geen aangepaste abonnementen')
      .or(page.getByRole('article').first()),
  ).toBeVisible();
  await check('custom plans, empty or earlier ones');
  await page.getByRole('button', { name: 'Nieuw aangepast abonnement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Abonnement aanmaken/bewerken' });
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog.getByText('Dit veld is verplicht').first()).toBeVisible();
  await check('custom plan modal with errors');
  await dialog.getByLabel(/^Naam/).fill(planName);
  await dialog.getByLabel(/^Beschikbaar voor/).click();
  await page.getByRole('option', { name: companyName }).click();
  await dialog.getByLabel(/^Naam/).click();
  for (const label of [
    /^Prijs per maand/,
    /^Prijs per prepaid credit/,
    /^Credits per maand/,
    /^Prijs per SMS/,
    /^Credits per SMS/,
    /^Prijs per iDIN transactie/,
    /^Credits per iDIN transactie/,
    /^Prijs per EU-wallet verificatie/,
    /^Credits per EU-wallet verificatie/,
  ])
    await dialog.getByLabel(label).fill('1');
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByRole('article').filter({ hasText: planName })).toBeVisible();
  await check('custom plans');
}

/** Add credits with an invoice, all invoices and its edit modal, the company’s Facturen. */
export async function walkInvoices({ page, baseURL, check }: Walk) {
  const company = await register(baseURL, 'Drukkerij Factuur', 'Frits Factuur');
  await useSession(page, await platformAdminToken(baseURL));

  // Found by e-mail: the walk runs in more than one spec against the same server.
  await page.goto(`/all-users?search=${encodeURIComponent(company.email)}`);
  await page.getByRole('button', { name: 'Credits toevoegen en factuur versturen' }).click();
  const add = page.getByRole('dialog', { name: 'Credits toevoegen en factuur versturen' });
  await add.getByRole('button', { name: 'Credits toevoegen' }).click();
  await expect(add.getByText('Dit veld is verplicht').first()).toBeVisible();
  await check('add credits modal with errors');
  await add.getByLabel(/^Aantal credits/).fill('25');
  await add.getByLabel(/^Prijs per credit/).fill('0,80');
  await expect(add.getByTestId('add-credits-summary')).toContainText('€ 24,20');
  await check('add credits modal');
  await add.getByRole('button', { name: 'Credits toevoegen' }).click();
  await expect(page.getByText('Credits toegevoegd en factuur opgestuurd')).toBeVisible();

  await page.goto('/all-invoices?search=Drukkerij%20Factuur');
  const card = page.getByRole('article').filter({ hasText: 'Drukkerij Factuur' }).first();
  await expect(card).toContainText('Credits: € 0,80 × 25');
  await check('all invoices');
  await card.getByRole('button', { name: /bewerken/ }).click();
  const edit = page.getByRole('dialog', { name: /^Factuur .* bewerken$/ });
  await check('invoice edit modal');
  await edit.getByRole('radio', { name: 'Betaald' }).check();
  await edit.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Factuur bewerkt')).toBeVisible();
  await expect(card.getByText('Betaald')).toBeVisible();
  await page.goto('/all-invoices?search=niemand-heeft-deze-naam');
  await expect(page.getByText('Er zijn nog geen facturen')).toBeVisible();
  await check('all invoices, nothing found');

  await useSession(page, company.token);
  await page.goto('/instellingen/facturen');
  await expect(page.getByTestId('invoice-row')).toHaveCount(1);
  await expect(page.getByTestId('invoice-row')).toContainText('€ 24,20');
  await check('company invoices');
}

/** Webhook messages: the list with its badges, the responses modal, the secret and its renewal. */
export async function walkWebhooks({ page, baseURL, check }: Walk) {
  // A receiver that refuses with 404 (a yellow badge); a closed port gives the red one.
  const receiver = http.createServer((_req, res) => res.writeHead(404).end('Niet gevonden'));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const { token } = await register(baseURL, 'Haak Toegang', 'Hanna Toegang');
    await enableFeatures(baseURL, await companyIdOf(baseURL, token), ['webhooks']);
    const setUrl = async (url: string) => {
      const form = new FormData();
      form.set('name', 'Haak Toegang');
      form.set('sms_name', 'HaakT');
      form.set('webhook_url', url);
      await call(baseURL, token, 'POST', '/company', form);
    };
    const send = (subject: string) =>
      createSignRequest(baseURL, token, {
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
    await check('webhook messages');
    await page.getByRole('button', { name: 'Toon' }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveText(/^whsec_/);
    await check('webhook messages, secret shown');
    await page
      .getByRole('button', { name: /^Antwoorden van bericht/ })
      .nth(1)
      .click();
    await expect(page.getByRole('dialog', { name: /^Antwoorden op bericht/ })).toBeVisible();
    await check('webhook messages, responses');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Vernieuwen' }).click();
    await expect(page.getByRole('dialog', { name: 'Vernieuwen' })).toBeVisible();
    await check('webhook messages, renew the secret');
    await page.keyboard.press('Escape');
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
}

/** The walks, each one test of a spec that judges every screen (titles name what they open). */
export const screenWalks: { title: string; timeout?: number; walk: (w: Walk) => Promise<void> }[] =
  [
    {
      title:
        'guest screens: login and its code step, register, password reminder and reset, activation, verify',
      timeout: 90_000,
      walk: walkGuestScreens,
    },
    {
      title:
        'sender screens: list, filters, wizard and marker editor, detail and its modals, settings',
      timeout: 240_000,
      walk: walkSenderScreens,
    },
    {
      title: 'the signer page at every step, in Dutch, English, German and French',
      timeout: 240_000,
      walk: walkSignerScreens,
    },
    {
      title:
        'back-office screens as a platform administrator: all users, acting as a user, Office 365, custom plans',
      walk: walkBackOffice,
    },
    {
      title:
        'invoices: add credits with an invoice, all invoices and its edit modal, the company’s Facturen',
      walk: walkInvoices,
    },
    {
      title:
        'webhook messages: the list with its badges, the responses modal, the secret and its renewal',
      walk: walkWebhooks,
    },
  ];
