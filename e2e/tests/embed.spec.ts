import { createHash } from 'node:crypto';
import type { Frame, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import pg from 'pg';
import {
  call,
  companyIdOf,
  createSignRequest,
  enableFeatures,
  registerAccount,
  registerCompany,
} from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { cutOffButtons } from '../support/cut-off.ts';
import { startHostSite, type HostSite } from '../support/host-site.ts';
import { sideScroll } from '../support/side-scroll.ts';
import { nextMail } from '../support/signer-page.ts';

/**
 * Paraaf inside another site: a rental platform on its own loopback origin (127.0.0.2) shows
 * the signer's page with `<paraaf-signing>` from /embed.js and hears what happens in it.
 */

const shots = new URL('../../.tmp/', import.meta.url).pathname;

type Detail = { type: string; sign_request_id?: number; code?: string; message?: string };
const eventsOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { paraafEvents: Detail[] }).paraafEvents);
const typesOf = async (page: Page) => (await eventsOf(page)).map((e) => e.type);

let allowed: HostSite;
let stranger: HostSite;
test.beforeAll(async ({ baseURL }) => {
  allowed = await startHostSite('127.0.0.2', baseURL!);
  // The same address on another port: another origin, not on the company's list.
  stranger = await startHostSite('127.0.0.2', baseURL!);
});
test.afterAll(async () => {
  await allowed?.close();
  await stranger?.close();
});

/** A company with the API feature (and `features`) that lets `origin` embed it; its session token. */
async function embeddingCompany(baseURL: string, origin: string, features: string[] = []) {
  const token = await registerCompany(baseURL, 'Verhuurplatform', 'Iris Verhuur');
  await enableFeatures(baseURL, await companyIdOf(baseURL, token), ['api', ...features]);
  const settings = new FormData();
  settings.set('name', 'Verhuurplatform');
  settings.set('sms_name', 'Verhuur');
  settings.set('embed_origins', origin);
  await call(baseURL, token, 'POST', '/company', settings);
  return token;
}

async function embedLink(baseURL: string, token: string, requestId: number, signerId: number) {
  return call<{ url: string; expires_at: string }>(
    baseURL,
    token,
    'POST',
    `/sign-requests/${requestId}/signers/${signerId}/embed`,
    {},
  );
}

test('a host site embeds signing: e-mail code, signature and approval in the frame; loaded → verified → signed → completed', async ({
  page,
  browser,
  baseURL,
  smtp,
}) => {
  test.setTimeout(120_000);
  const token = await embeddingCompany(baseURL!, allowed.origin);
  const email = `huurder-${Date.now()}@example.nl`;
  const id = await createSignRequest(baseURL!, token, {
    subject: 'Huurcontract Kade 12',
    document: 'Huurcontract',
    signers: [{ firstname: 'Sam', lastname: 'Huurder', email, delivery: 'embedded' }],
    verifications: [1, 5],
    send: true,
  });
  const detail = await call<{ signers: { id: number }[] }>(
    baseURL!,
    token,
    'GET',
    `/sign-requests/${id}`,
  );
  const signerId = detail.signers[0]!.id;
  const link = await embedLink(baseURL!, token, id, signerId);

  // A site not on the list: the browser refuses the frame (CSP frame-ancestors), nothing is heard.
  const strange = await browser.newPage();
  const refusals: string[] = [];
  strange.on('console', (m) => {
    if (m.text().includes('frame-ancestors')) refusals.push(m.text());
  });
  await strange.goto(stranger.pageFor(link.url));
  await expect.poll(() => refusals.length).toBeGreaterThan(0);
  await expect(
    strange.frameLocator('paraaf-signing iframe').getByText('Huurcontract Kade 12'),
  ).toHaveCount(0);
  expect(await typesOf(strange)).toEqual([]);
  await strange.close();

  // The refused frame never loaded the page: the link is still unused, and opens on the listed site.
  await page.goto(allowed.pageFor(link.url));
  const frame = page.frameLocator('paraaf-signing iframe');
  await expect(frame.getByRole('heading', { name: 'Huurcontract Kade 12' })).toBeVisible();
  await expect.poll(() => typesOf(page)).toEqual(['paraaf:loaded']);
  // No invitation went out: the only mail the signer gets is the code they ask for.
  expect(smtp.mails.filter((m) => m.to.includes(email))).toEqual([]);
  await page.screenshot({ path: `${shots}embed-host-desktop.png` });

  // The e-mail code, inside the frame.
  await expect(frame.locator('#step-title')).toHaveText('E-mailcode');
  const seen = smtp.mails.length;
  await frame.getByRole('button', { name: 'Code versturen' }).click();
  const mail = await nextMail(smtp, email, seen, /verificatiecode/i);
  const code = /(\d{6})/.exec(mail.subject)![1]!;
  await frame.getByRole('textbox', { name: 'Code van 6 cijfers 1' }).click();
  await page.keyboard.type(code);
  await expect(frame.locator('#step-title')).toHaveText('Handtekening');
  await expect.poll(() => typesOf(page)).toEqual(['paraaf:loaded', 'paraaf:verified']);

  // A typed signature, then approval.
  await frame.getByRole('button', { name: 'Liever typen dan tekenen' }).click();
  await frame.getByLabel('Typ je naam').fill('Sam Huurder');
  await frame.getByRole('button', { name: 'Opslaan' }).click();
  await expect(frame.locator('#step-title')).toHaveText('Akkoord');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}embed-host-phone.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await frame.getByRole('button', { name: 'Akkoord en ondertekenen' }).click();

  // Sealed: the last event carries the request id.
  await expect
    .poll(() => typesOf(page), { timeout: 60_000 })
    .toEqual(['paraaf:loaded', 'paraaf:verified', 'paraaf:signed', 'paraaf:completed']);
  const completed = (await eventsOf(page)).at(-1)!;
  expect(completed.sign_request_id).toBe(id);
  // README's example page logs them as written there.
  await expect(page.locator('#paraaf-log li')).toHaveText([
    'paraaf:loaded',
    'paraaf:verified',
    'paraaf:signed',
    `klaar: ${id}`,
  ]);
  await expect(
    frame.getByRole('heading', { name: 'De documenten zijn ondertekend' }),
  ).toBeVisible();
  // The frame took the page's height: no scroll bar inside it.
  const frameHeight = await page.locator('paraaf-signing iframe').evaluate((f) => f.clientHeight);
  expect(frameHeight).toBeGreaterThan(300);

  // The used link: a Dutch page in the frame, and paraaf:error to the host.
  const again = await browser.newPage();
  await again.goto(allowed.pageFor(link.url));
  const used = again.frameLocator('paraaf-signing iframe');
  await expect(used.getByRole('alert')).toContainText('Deze link is al gebruikt');
  await expect
    .poll(() => eventsOf(again))
    .toEqual([
      {
        type: 'paraaf:error',
        code: 'link_used',
        message: 'Deze link is al gebruikt. Vraag de website waarop je zit om een nieuwe.',
      },
    ]);
  await expect(again.locator('#paraaf-log li')).toHaveText([
    'link_used: Deze link is al gebruikt. Vraag de website waarop je zit om een nieuwe.',
  ]);
  await again.screenshot({ path: `${shots}embed-used-link.png` });
  await again.close();
  // Paraaf's own pages still refuse every frame, for the listed site too.
  const own: string[] = [];
  page.on('console', (m) => {
    if (m.text().includes('frame-ancestors')) own.push(m.text());
  });
  await page.goto(allowed.pageFor(`${baseURL}/login`));
  await expect.poll(() => own.length).toBeGreaterThan(0);
  await expect(page.frameLocator('paraaf-signing iframe').getByRole('button')).toHaveCount(0);
});

/** Types a signature and approves inside a frame of `page`. */
async function signInFrame(page: Page, name: string) {
  const frame = page.frameLocator('paraaf-signing iframe');
  await expect(frame.locator('#step-title')).toHaveText('Handtekening');
  await frame.getByRole('button', { name: 'Liever typen dan tekenen' }).click();
  await frame.getByLabel('Typ je naam').fill(name);
  await frame.getByRole('button', { name: 'Opslaan' }).click();
  await expect(frame.locator('#step-title')).toHaveText('Akkoord');
  await frame.getByRole('button', { name: 'Akkoord en ondertekenen' }).click();
}

test('two signers embedded at once: the frame of the signer who signed first hears completed too, after the second signs', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const token = await embeddingCompany(baseURL!, allowed.origin);
  const stamp = Date.now();
  const id = await createSignRequest(baseURL!, token, {
    subject: 'Huurcontract Kade 14',
    document: 'Huurcontract',
    signers: [
      {
        firstname: 'Sam',
        lastname: 'Huurder',
        email: `sam-${stamp}@example.nl`,
        delivery: 'embedded',
      },
      {
        firstname: 'Lot',
        lastname: 'Huurder',
        email: `lot-${stamp}@example.nl`,
        delivery: 'embedded',
      },
    ],
    verifications: [5],
    send: true,
  });
  const detail = await call<{ signers: { id: number }[] }>(
    baseURL!,
    token,
    'GET',
    `/sign-requests/${id}`,
  );
  const [sam, lot] = await Promise.all(
    detail.signers.map((s) => embedLink(baseURL!, token, id, s.id)),
  );
  const second = await browser.newPage();
  await page.goto(allowed.pageFor(sam!.url));
  await second.goto(allowed.pageFor(lot!.url));

  await signInFrame(page, 'Sam Huurder');
  const samFrame = page.frameLocator('paraaf-signing iframe');
  await expect(
    samFrame.getByRole('heading', { name: 'Bedankt, je hebt ondertekend' }),
  ).toBeVisible();
  await expect
    .poll(() => typesOf(page))
    .toEqual(['paraaf:loaded', 'paraaf:verified', 'paraaf:signed']);

  // Lot signs in the other frame; Sam's frame, still open, hears that the request is sealed.
  await signInFrame(second, 'Lot Huurder');
  await expect
    .poll(() => typesOf(second), { timeout: 60_000 })
    .toEqual(['paraaf:loaded', 'paraaf:verified', 'paraaf:signed', 'paraaf:completed']);
  await expect
    .poll(() => typesOf(page), { timeout: 60_000 })
    .toEqual(['paraaf:loaded', 'paraaf:verified', 'paraaf:signed', 'paraaf:completed']);
  expect((await eventsOf(page)).at(-1)!.sign_request_id).toBe(id);
  await expect(
    samFrame.getByRole('heading', { name: 'De documenten zijn ondertekend' }),
  ).toBeVisible();
  await second.close();
});

/** The signer's test bank in its own window: pick a bank and an outcome; the window closes itself. */
async function idinInBankWindow(page: Page, outcome: 'success' | 'failure') {
  const frame = page.frameLocator('paraaf-signing iframe');
  const opening = page.waitForEvent('popup');
  await frame.getByRole('button', { name: 'Verifiëren met iDIN' }).click();
  const bank = await opening;
  await bank.waitForURL(/\/api\/identity\/simulator\?/);
  await expect(bank.getByRole('heading', { name: 'Identificeren met iDIN' })).toBeVisible();
  await expect(frame.getByRole('status')).toContainText(
    'Rond de controle af in het venster van je bank.',
  );
  if (outcome === 'success') {
    await page.screenshot({ path: `${shots}embed-idin-host.png` });
    await bank.screenshot({ path: `${shots}embed-idin-bank.png` });
  }
  await bank.getByRole('radio', { name: 'ING', exact: true }).check();
  await bank.getByRole('radio', { name: outcome === 'success' ? /^Geslaagd/ : /^Mislukt/ }).check();
  const closing = bank.waitForEvent('close');
  await bank.getByRole('button', { name: 'Doorgaan' }).click();
  await closing;
}

/**
 * A request `subject` whose one signer verifies with iDIN, sent for embedding, opened in the
 * allowed host's page: the frame, on its iDIN step.
 */
async function embeddedIdinSigner(page: Page, baseURL: string, subject: string) {
  const token = await embeddingCompany(baseURL, allowed.origin, ['idin_verification']);
  const id = await createSignRequest(baseURL, token, {
    subject,
    document: 'Huurcontract',
    signers: [
      {
        firstname: 'Sam',
        lastname: 'Huurder',
        email: `sam-${Date.now()}@example.nl`,
        delivery: 'embedded',
      },
    ],
    verifications: [4, 5],
    send: true,
  });
  const detail = await call<{ signers: { id: number }[] }>(
    baseURL,
    token,
    'GET',
    `/sign-requests/${id}`,
  );
  const link = await embedLink(baseURL, token, id, detail.signers[0]!.id);
  await page.goto(allowed.pageFor(link.url));
  const frame = page.frameLocator('paraaf-signing iframe');
  await expect(frame.locator('#step-title')).toHaveText('iDIN');
  return frame;
}

test('iDIN inside a frame: the bank opens in a window of its own, which comes back, closes itself, and the frame goes on', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const frame = await embeddedIdinSigner(page, baseURL!, 'Huurcontract Kade 16');

  // A failed check: the frame says so, and the signer tries again.
  await idinInBankWindow(page, 'failure');
  await expect(frame.getByRole('alert')).toContainText('De controle met iDIN is niet gelukt.');
  await expect(frame.locator('#step-title')).toHaveText('iDIN');

  await idinInBankWindow(page, 'success');
  await expect(frame.getByText('Je identiteit is bevestigd met iDIN.')).toBeVisible();
  await expect(frame.locator('#step-title')).toHaveText('Handtekening');
  await expect.poll(() => typesOf(page)).toEqual(['paraaf:loaded', 'paraaf:verified']);
  await page.screenshot({ path: `${shots}embed-idin-done.png` });
});

test('an expired embed link: a Dutch page in the frame and paraaf:error with link_expired to the host', async ({
  page,
  baseURL,
  databaseUrl,
}) => {
  // The link's ten minutes are moved back in the server's database, so the spec needs PostgreSQL.
  // A local run on PGlite reports it as not run; in CI (CI=true) it must run.
  test.skip(
    !databaseUrl && process.env.CI !== 'true',
    'NOT RUN: set DATABASE_URL to a PostgreSQL server to run the expired-link test',
  );
  expect(databaseUrl, 'CI runs this spec with DATABASE_URL').toBeTruthy();
  const token = await embeddingCompany(baseURL!, allowed.origin);
  const id = await createSignRequest(baseURL!, token, {
    subject: 'Huurcontract Kade 18',
    document: 'Huurcontract',
    signers: [
      {
        firstname: 'Sam',
        lastname: 'Huurder',
        email: `sam-${Date.now()}@example.nl`,
        delivery: 'embedded',
      },
    ],
    send: true,
  });
  const detail = await call<{ signers: { id: number }[] }>(
    baseURL!,
    token,
    'GET',
    `/sign-requests/${id}`,
  );
  const link = await embedLink(baseURL!, token, id, detail.signers[0]!.id);
  const linkToken = link.url.split('/').at(-1)!;
  const db = new pg.Client({ connectionString: databaseUrl! });
  await db.connect();
  try {
    const moved = await db.query(
      `UPDATE embed_links SET expires_at = now() - interval '1 minute' WHERE token_hash = $1`,
      [createHash('sha256').update(linkToken).digest('hex')],
    );
    expect(moved.rowCount).toBe(1);
  } finally {
    await db.end();
  }

  await page.goto(allowed.pageFor(link.url));
  const frame = page.frameLocator('paraaf-signing iframe');
  await expect(frame.getByRole('alert')).toContainText(
    'Deze link is verlopen. Vraag de website waarop je zit om een nieuwe.',
  );
  await expect
    .poll(() => eventsOf(page))
    .toEqual([
      {
        type: 'paraaf:error',
        code: 'link_expired',
        message: 'Deze link is verlopen. Vraag de website waarop je zit om een nieuwe.',
      },
    ]);
  await expect(page.locator('#paraaf-log li')).toHaveText([
    'link_expired: Deze link is verlopen. Vraag de website waarop je zit om een nieuwe.',
  ]);
  await page.screenshot({ path: `${shots}embed-expired-link.png` });
});

test('a company admin lists the sites that may embed Paraaf in Bedrijfsinstellingen → API', async ({
  page,
  baseURL,
}) => {
  const { email, token } = await registerAccount(baseURL!, 'Makelaardij Oost', 'Olga Oost');
  await enableFeatures(baseURL!, await companyIdOf(baseURL!, token), ['api']);
  await page.goto('/login');
  await page.getByLabel(/^E-mailadres/).fill(email);
  await page.getByLabel(/^Wachtwoord/).fill('Eerste-wachtwoord-1');
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/instellingen/bedrijf');
  const origins = page.getByLabel('Toegestane herkomsten voor insluiten');
  await expect(page.getByRole('heading', { name: 'API' })).toBeVisible();

  // Plain http is refused on the field, in Dutch, before anything is sent.
  await origins.fill('https://portaal.oost.nl\nhttp://portaal.oost.nl');
  await page.getByRole('button', { name: 'Opslaan' }).first().click();
  await expect(
    page.getByText('http://portaal.oost.nl: Een herkomst moet met https:// beginnen'),
  ).toBeVisible();
  await origins.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}embed-settings-error.png` });

  await origins.fill('https://portaal.oost.nl\nhttps://*.oost-klanten.nl');
  await page.getByRole('button', { name: 'Opslaan' }).first().click();
  await expect(page.getByText('Je wijzigingen zijn opgeslagen')).toBeVisible();
  const company = await call<{ embed_origins: string[] }>(baseURL!, token, 'GET', '/company');
  expect(company.embed_origins).toEqual(['https://portaal.oost.nl', 'https://*.oost-klanten.nl']);
  await origins.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}embed-settings-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await origins.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}embed-settings-phone.png` });
});

/** A draft `subject` for one signer who signs, and an editor embed link for it. */
async function editorLink(baseURL: string, token: string, subject: string, email: string) {
  const id = await createSignRequest(baseURL, token, {
    subject,
    document: 'Koopakte',
    signers: [{ firstname: 'Kim', lastname: 'Koper', email }],
    verifications: [5],
    send: false,
  });
  const link = await call<{ url: string }>(
    baseURL,
    token,
    'POST',
    `/sign-requests/${id}/embed-editor`,
    {},
  );
  return { id, link };
}

test("the editor embed: a host site's user saves a marker, closes the editor, reopens it and sends without saving the next marker", async ({
  page,
  baseURL,
  smtp,
}) => {
  test.setTimeout(90_000);
  const token = await embeddingCompany(baseURL!, allowed.origin);
  const email = `koper-${Date.now()}@example.nl`;
  const { id, link } = await editorLink(baseURL!, token, 'Koopakte Haven 3', email);
  const markersOfDraft = async () => {
    const draft = await call<{
      signables: { config: { variables: { value: string; y: number }[] } }[];
    }>(baseURL!, token, 'GET', `/sign-requests/${id}`);
    return draft.signables[0]!.config.variables.map((v) => v.value);
  };
  await page.goto(allowed.pageFor(link.url, 'paraaf-editor'));
  const frame = page.frameLocator('paraaf-editor iframe');
  const editor = frame.getByRole('dialog', { name: 'Formuliermarkers instellen' });
  await expect(editor.getByText('Koopakte Haven 3')).toBeVisible();
  await expect.poll(() => typesOf(page)).toEqual(['paraaf:ready']);

  const placeSignature = async (y: number) => {
    const target = editor.getByRole('group', { name: 'Pagina 1 van 2' });
    await expect(target.locator('canvas')).toBeVisible();
    const box = (await target.boundingBox())!;
    const scale = box.width / 595;
    await editor
      .getByRole('complementary', { name: 'Markers' })
      .getByRole('button', { name: 'Handtekening', exact: true })
      .dragTo(target, { targetPosition: { x: 200 * scale, y: y * scale } });
  };
  const placed = editor.getByRole('button', { name: 'Handtekening Kim Koper, pagina 1' });
  await placeSignature(300);
  await expect(placed).toHaveCount(1);
  await editor.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect.poll(() => typesOf(page)).toEqual(['paraaf:ready', 'paraaf:saved']);
  expect(await markersOfDraft()).toEqual(['signer.1.signature']);

  // 'Annuleren': the host hears the editor closed (after a save), the frame says so.
  await editor.getByRole('button', { name: 'Annuleren' }).click();
  await expect(frame.getByText('Editor gesloten')).toBeVisible();
  await expect
    .poll(async () => (await eventsOf(page)).at(-1))
    .toEqual({ type: 'paraaf:closed', saved: true, sign_request_id: id });

  // Opened again: the saved marker is there; a second one is placed and sent without 'Opslaan'.
  await frame.getByRole('button', { name: 'Weer openen' }).click();
  await expect(placed).toHaveCount(1);
  await placeSignature(600);
  await expect(placed).toHaveCount(2);
  await page.screenshot({ path: `${shots}embed-editor.png` });
  await editor.getByRole('button', { name: 'Versturen' }).click();
  await expect(frame.getByText('De ondertekening is verstuurd.')).toBeVisible();
  await expect
    .poll(() => typesOf(page))
    .toEqual(['paraaf:ready', 'paraaf:saved', 'paraaf:closed', 'paraaf:saved', 'paraaf:sent']);
  expect(await markersOfDraft()).toEqual(['signer.1.signature', 'signer.1.signature']);
  const sent = await call<{ state_id: number }>(baseURL!, token, 'GET', `/sign-requests/${id}`);
  expect(sent.state_id).toBe(3);
  // Sent as from the wizard: the signer's invitation goes out.
  await smtp.waitForMail(email);
});

/**
 * The visible buttons (and links shown as buttons) and selects smaller than a 44×44 px target,
 * by text.
 */
const smallTargets = (doc: Page | Frame) =>
  doc.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('button, a.mantine-Button-root, select'))
      // Shown: not hidden, and not one of the visually hidden buttons for screen readers.
      .filter((b) => b.getClientRects().length > 0 && !b.closest('.mantine-VisuallyHidden-root'))
      .filter((b) => {
        const box = b.getBoundingClientRect();
        return box.height < 44 || box.width < 44;
      })
      .map((b) => {
        const box = b.getBoundingClientRect();
        const name = (b.textContent ?? '').trim() || (b.getAttribute('aria-label') ?? '');
        return `${name} (${Math.round(box.width)}×${Math.round(box.height)})`;
      }),
  );

/**
 * A screen of ours at phone size, in `doc` (the frame, or the page itself): no sideways scroll,
 * no button label cut off, every button a target of at least 44 px, and axe-core finding nothing
 * serious in it (`inFrame`: only what lies inside the host's frame; the host's page is not ours).
 */
async function expectFitsPhone(page: Page, doc: Page | Frame, screen: string, inFrame: boolean) {
  expect.soft(await sideScroll(doc), `sideways scroll on "${screen}"`).toBeNull();
  expect.soft(await cutOffButtons(doc), `buttons cut off on "${screen}"`).toEqual([]);
  expect.soft(await smallTargets(doc), `targets under 44 px on "${screen}"`).toEqual([]);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes
        .filter((n) => !inFrame || n.target.length > 1)
        .map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary}`),
    );
  expect.soft(serious, `axe on "${screen}"`).toEqual([]);
}

async function frameOf(page: Page, element: 'paraaf-signing' | 'paraaf-editor'): Promise<Frame> {
  const frame = await (await page.locator(`${element} iframe`).elementHandle())?.contentFrame();
  if (!frame) throw new Error(`no frame in <${element}>`);
  return frame;
}

test.describe('at phone size (390×844), in a host page as wide as the phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("iDIN in a frame: the popup-blocked notice and the bank's waiting notice fit, and so does the return page", async ({
    page,
    baseURL,
    context,
  }) => {
    test.setTimeout(120_000);
    const frame = await embeddedIdinSigner(page, baseURL!, 'Huurcontract Kade 18');
    const doc = await frameOf(page, 'paraaf-signing');
    const start = frame.getByRole('button', { name: 'Verifiëren met iDIN' });

    // The browser refuses the bank's window.
    await doc.evaluate(() => {
      const w = window as unknown as { realOpen?: typeof window.open };
      w.realOpen = window.open.bind(window);
      window.open = () => null;
    });
    await start.click();
    await expect(frame.getByRole('alert')).toContainText(
      'Je browser hield het venster van je bank tegen.',
    );
    await expect(start).toBeVisible();
    await page.screenshot({ path: `${shots}embed-idin-blocked-phone.png` });
    await expectFitsPhone(page, doc, 'iDIN blocked', true);

    // The bank's window opens; the frame waits for it.
    await doc.evaluate(() => {
      const w = window as unknown as { realOpen: typeof window.open };
      window.open = w.realOpen;
    });
    const opening = page.waitForEvent('popup');
    await start.click();
    const bank = await opening;
    await expect(frame.getByRole('status')).toContainText(
      'Rond de controle af in het venster van je bank.',
    );
    await page.screenshot({ path: `${shots}embed-idin-waiting-phone.png` });
    await expectFitsPhone(page, doc, 'iDIN waiting', true);
    await bank.waitForURL(/\/api\/identity\/simulator\?/);
    await bank.getByRole('radio', { name: 'ING', exact: true }).check();
    await bank.getByRole('radio', { name: /^Geslaagd/ }).check();
    const closing = bank.waitForEvent('close');
    await bank.getByRole('button', { name: 'Doorgaan' }).click();
    await closing;
    await expect(frame.getByText('Je identiteit is bevestigd met iDIN.')).toBeVisible();

    // The return page as a phone shows it: a window as wide as the phone, which a browser that
    // keeps it open (it came from another page first) leaves standing.
    for (const outcome of ['ok', 'failed'] as const) {
      const back = await context.newPage();
      await back.goto('/toegankelijkheid');
      await back.goto(`/insluiten/idin-terug?idin=${outcome}`);
      await expect(back.getByRole('status')).toContainText('Je kunt dit venster sluiten');
      await back.screenshot({ path: `${shots}embed-idin-return-${outcome}-phone.png` });
      await expectFitsPhone(back, back, `iDIN return page (${outcome})`, false);
      await back.close();
    }
  });

  test("the editor embed's closed state: 'Editor gesloten', 'Weer openen' and 'Versturen' fit; a phone sends the draft from there", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const token = await embeddingCompany(baseURL!, allowed.origin);
    const { id, link } = await editorLink(
      baseURL!,
      token,
      'Koopakte Haven 5',
      `kim-phone-${Date.now()}@example.nl`,
    );
    await page.goto(allowed.pageFor(link.url, 'paraaf-editor'));
    const frame = page.frameLocator('paraaf-editor iframe');
    const editor = frame.getByRole('dialog', { name: 'Formuliermarkers instellen' });
    // A phone places no markers: it offers the automatic placement, which closes the editor.
    await editor.getByRole('button', { name: 'Automatisch plaatsen' }).click();
    await expect(frame.getByText('Editor gesloten')).toBeVisible();
    const reopen = frame.getByRole('button', { name: 'Weer openen' });
    await expect(reopen).toBeInViewport();
    await page.screenshot({ path: `${shots}embed-editor-closed-phone.png` });
    await expectFitsPhone(page, await frameOf(page, 'paraaf-editor'), 'editor closed', true);
    await reopen.click();
    const automatic = editor.getByRole('button', { name: 'Automatisch plaatsen' });
    await expect(automatic).toBeVisible();

    // Closed again, the draft is sent from there: Paraaf places the signature box itself.
    await automatic.click();
    await frame.getByRole('button', { name: 'Versturen' }).click();
    await expect(frame.getByText('De ondertekening is verstuurd.')).toBeVisible();
    await expect.poll(async () => (await eventsOf(page)).at(-1)?.type).toBe('paraaf:sent');
    const sent = await call<{ state_id: number }>(baseURL!, token, 'GET', `/sign-requests/${id}`);
    expect(sent.state_id).toBe(3);
  });
});
