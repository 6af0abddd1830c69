import type { Locator, Page } from '@playwright/test';
import { call, choosePlan, createSignRequest, registerCompany } from '../support/api.ts';
import { expect, linkFrom, test } from '../support/fixtures.ts';
import { nextMail } from '../support/signer-page.ts';
import { sideScroll } from '../support/side-scroll.ts';

/**
 * What a first-time sender meets on a desktop (1280×800) and a phone (390×844): status badges
 * with their whole label, a list whose columns all fit, a title beside its badge, the wizard's
 * stepper and the logged-out header. Each screen is photographed at both sizes for a person to
 * look at (/tmp/layout-shots/).
 */

const shots = '/tmp/layout-shots/';
const sizes = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function useSession(page: Page, token: string) {
  await page.goto('/login');
  await page.evaluate((t) => window.localStorage.setItem('paraaf.token', t), token);
}

/** The element's text is all there: nothing cut off by an ellipsis or hidden overflow. */
async function expectWhole(element: Locator, text: string) {
  await expect(element).toBeVisible();
  await expect(element).toHaveText(text);
  const clipped = await element.evaluate((el) => {
    const cut: string[] = [];
    for (const node of [el, ...Array.from(el.querySelectorAll<HTMLElement>('*'))])
      if (node.scrollWidth > node.clientWidth && node.clientWidth > 0)
        cut.push(`${node.className}: ${node.scrollWidth} > ${node.clientWidth}`);
    return cut;
  });
  expect(clipped, `"${text}" is not cut off`).toEqual([]);
}

/** Two boxes on the screen do not overlap. */
async function expectApart(a: Locator, b: Locator) {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  expect(boxA && boxB).toBeTruthy();
  const overlap =
    boxA!.x < boxB!.x + boxB!.width &&
    boxB!.x < boxA!.x + boxA!.width &&
    boxA!.y < boxB!.y + boxB!.height &&
    boxB!.y < boxA!.y + boxA!.height;
  expect(overlap, `${JSON.stringify(boxA)} and ${JSON.stringify(boxB)} overlap`).toBe(false);
}

test('the list shows every status label whole, every column and each title beside its badge, at 1280 and 390 px', async ({
  page,
  baseURL,
  smtp,
}) => {
  test.setTimeout(120_000);
  const token = await registerCompany(baseURL!, 'Makelaardij Breedte', 'Bea Breedte');
  const stamp = Date.now();
  const signer = (name: string) => ({
    firstname: name,
    lastname: 'Jansen',
    email: `${name.toLowerCase()}-${stamp}@example.nl`,
  });
  // One long word: a phone cannot break it at a space or hyphen.
  const longTitle = 'HuurovereenkomstbedrijfsruimtewinkelcentrumHoogCatharijne2026';
  await createSignRequest(baseURL!, token, {
    subject: 'Concept huurcontract',
    document: 'Huurcontract',
    signers: [signer('Anna')],
    send: false,
  });
  await createSignRequest(baseURL!, token, {
    subject: longTitle,
    document: 'Koopovereenkomst',
    signers: [signer('Bram')],
    send: true,
  });
  const cancelled = await createSignRequest(baseURL!, token, {
    subject: 'Opdracht tot verkoop',
    document: 'Opdracht',
    signers: [signer('Cor')],
    send: true,
  });
  await call(baseURL!, token, 'POST', `/sign-requests/${cancelled}/cancel`);
  const seen = smtp.mails.length;
  await createSignRequest(baseURL!, token, {
    subject: 'Machtiging',
    document: 'Machtiging',
    signers: [signer('Dirk')],
    send: true,
  });
  const invitation = await nextMail(smtp, signer('Dirk').email, seen);
  const link = linkFrom(invitation, '/ondertekenen/');
  const signerToken = new URL(link).pathname.split('/').pop()!;
  await call(baseURL!, null, 'POST', `/signing/${signerToken}/decline`, {
    reason: 'Het bedrag klopt niet',
  });
  // The Inzage column with a long name (a viewer needs a plan with more than one user).
  await choosePlan(baseURL!, token, 2);
  const viewer = await call<{ id: number }>(baseURL!, token, 'POST', '/users/invite', {
    name: 'Ineke Inzage-van den Berghe',
    email: `ineke-${stamp}@example.nl`,
    role: 'viewer',
  });
  await call(baseURL!, token, 'POST', `/sign-requests/${cancelled}/viewer-user`, {
    user_id: viewer.id,
  });

  const labels = ['Geweigerd', 'Geannuleerd', 'Bezig', 'Aangemaakt'];
  await useSession(page, token);
  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.goto('/');
    const list =
      size.name === 'desktop' ? page.getByRole('table') : page.getByTestId('sign-request-cards');
    const badges = list.getByTestId('state-badge');
    await expect(badges).toHaveCount(4);
    for (const [i, label] of labels.entries()) await expectWhole(badges.nth(i), label);
    await page.screenshot({ path: `${shots}list-${size.name}.png`, fullPage: true });

    if (size.name === 'desktop') {
      // Every column, Inzage the last, inside the card: nothing to scroll to sideways.
      const inzage = page.getByRole('columnheader', { name: 'Inzage' });
      await expect(inzage).toBeInViewport({ ratio: 1 });
      const hidden = await page
        .getByRole('table')
        .evaluate((table) => table.scrollWidth - table.parentElement!.clientWidth);
      expect(hidden, 'the table is wider than its card').toBeLessThanOrEqual(0);
    } else {
      const card = list.getByRole('article').filter({ hasText: longTitle.slice(0, 20) });
      await expectApart(card.getByRole('link'), card.getByTestId('state-badge'));
    }
  }
});

test('the logged-out header shows Inloggen and Registreer whole, at 1280 and 390 px', async ({
  page,
}) => {
  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.goto('/login');
    const menu = page.getByRole('navigation', { name: 'Hoofdmenu' });
    for (const name of ['Inloggen', 'Registreer']) {
      const link = menu.getByRole('link', { name, exact: true });
      await expectWhole(link, name);
      await expect(link).toBeInViewport({ ratio: 1 });
    }
    expect(await sideScroll(page), `sideways scroll at ${size.width} px`).toBeNull();
    await page.screenshot({ path: `${shots}header-${size.name}.png` });
  }
});

test('a long title on the detail screen and the wizard stepper fit, at 1280 and 390 px', async ({
  page,
  baseURL,
}) => {
  const token = await registerCompany(baseURL!, 'Notariaat Lang', 'Lies Lang');
  const longTitle = 'Leveringsakte-appartementsrecht-Prinsengracht-1234-III-Amsterdam-Centrum-2026';
  const id = await createSignRequest(baseURL!, token, {
    subject: longTitle,
    document: 'LeveringsakteappartementsrechtPrinsengracht1234',
    signers: [
      {
        firstname: 'Maximiliaan',
        lastname: 'van Oldenbarnevelt-Zuylen',
        email: `maximiliaan.vanoldenbarneveltzuylen-${Date.now()}@voorbeeldnotariaat.nl`,
      },
    ],
    send: true,
  });
  await useSession(page, token);
  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.goto(`/ondertekening/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(longTitle);
    expect(await sideScroll(page), `detail: sideways scroll at ${size.width} px`).toBeNull();
    await page.screenshot({ path: `${shots}detail-${size.name}.png`, fullPage: true });

    await page.goto('/nieuwe-ondertekening');
    await expect(page.getByRole('region', { name: 'Ondertekenaar 1', exact: true })).toBeVisible();
    expect(await sideScroll(page), `wizard: sideways scroll at ${size.width} px`).toBeNull();
    // Each line of the stepper runs from one step to the next, in one row: none dangles beside a
    // step that wrapped onto the next line.
    const dangling = await page.evaluate(() =>
      Array.from(document.querySelectorAll('.mantine-Stepper-separator')).flatMap((line) => {
        const [from, to] = [line.previousElementSibling!, line.nextElementSibling!].map((step) =>
          step.getBoundingClientRect(),
        );
        const box = line.getBoundingClientRect();
        const between = box.left >= from!.right - 1 && box.right <= to!.left + 1;
        const inRow = box.top >= from!.top && box.bottom <= to!.bottom;
        return between && inRow ? [] : [JSON.stringify({ line: box, from, to })];
      }),
    );
    expect(dangling, `stepper lines at ${size.width} px`).toEqual([]);
    await page.screenshot({ path: `${shots}wizard-${size.name}.png` });
  }
});
