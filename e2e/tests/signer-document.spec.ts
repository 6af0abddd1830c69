import type { Page } from '@playwright/test';
import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';
import { contractPdf, scannedContractPdf } from '../../scripts/lib/contract-pdf.mjs';
import { shownPage } from '../../apps/api/test/pdf-pixels.ts';
import type { SmtpCatcher } from '../../apps/api/test/smtp.ts';
import {
  createSignRequest,
  downloadSignable,
  registerCompany,
  waitUntilSigned,
} from '../support/api.ts';
import { expect, linkFrom, test } from '../support/fixtures.ts';
import { nextMail, stepTitle } from '../support/signer-page.ts';

/**
 * The signer's document view on a phone (390×844, touch) and on a desktop (1280×800): zoom that
 * keeps the page and the fields in place, 'Volgende veld' through every field in reading order,
 * and an approve button that says what is still missing. One server for the whole file.
 */

const shots = new URL('../../.tmp/', import.meta.url).pathname;
const SENTENCE = 'De huurder betaalt de huur vooruit op de eerste dag van de maand.';

/** Three A4 pages of text. */
async function leasePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 1; p <= 3; p++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Huurovereenkomst — pagina ${p}`, { x: 60, y: 780, size: 18, font });
    for (let i = 0; i < 30; i++)
      page.drawText(SENTENCE, { x: 60, y: 740 - i * 16, size: 11, font });
  }
  return doc.save();
}

type Box = { x: number; y: number; width: number; height: number; page: number };
const set = (form: FormData, prefix: string, values: Record<string, string | number>) => {
  for (const [k, v] of Object.entries(values)) form.set(`${prefix}[${k}]`, String(v));
};

/** Given out of reading order on purpose. */
const signature: Box = { x: 60, y: 600, width: 180, height: 60, page: 3 };
const paraph: Box = { x: 480, y: 780, width: 60, height: 30, page: 1 };
const fields = [
  { x: 300, y: 200, width: 200, height: 24, page: 2, type: 'text', required: true }, // C
  { x: 60, y: 300, width: 240, height: 24, page: 1, type: 'text', required: true }, // A
  { x: 60, y: 400, width: 240, height: 24, page: 3, type: 'text', required: false }, // D
  { x: 60, y: 202, width: 20, height: 20, page: 2, type: 'checkbox', required: false }, // B
] as const;

async function sendLease(baseURL: string, email: string) {
  const token = await registerCompany(baseURL, 'Verhuur Telefoon', 'Tess Telefoon');
  await createSignRequest(baseURL, token, {
    subject: 'Huurcontract op je telefoon',
    document: 'Huurovereenkomst',
    pdf: await leasePdf(),
    send: true,
    signers: [{ firstname: 'Pim', lastname: 'de Vries', email, verifications: [5, 6] }],
    markers: (form) => {
      set(form, 'variables[0]', { ...signature, type: 'generated', value: 'signer.1.signature' });
      set(form, 'variables[1]', { ...paraph, type: 'generated', value: 'signer.1.paraph' });
      fields.forEach((f, i) => {
        const { required, ...box } = f;
        set(form, `fields[${i}]`, box);
        if (required) form.set(`fields[${i}][options][rules][0]`, 'required');
        form.set(`fields[${i}][options][signer]`, '1');
      });
    },
  });
}

/** The labels the walk must visit, in reading order. */
const who = 'Pim de Vries';
const walk = [
  `Tekstveld 1 op pagina 1, in te vullen door ${who} (Dit veld is verplicht)`,
  `Paraaf van ${who}, nog te zetten`,
  `Aankruisvak 1 op pagina 2, in te vullen door ${who}`,
  `Tekstveld 2 op pagina 2, in te vullen door ${who} (Dit veld is verplicht)`,
  `Tekstveld 1 op pagina 3, in te vullen door ${who}`,
  `Handtekening van ${who}, nog te zetten`,
];

/** After the last approval: thanks, sealing, or already sealed. */
const signedHeading =
  /^(Bedankt, je hebt ondertekend|De documenten worden verzegeld|De documenten zijn ondertekend)$/;

const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

/** Where a control sits on its page, as fractions of the page's width and height. */
async function placeOnPage(page: Page, label: string) {
  return page.getByLabel(label, { exact: true }).evaluate((el) => {
    const frame = el.closest('section[data-page]')!.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    return {
      x: (r.left - frame.left) / frame.width,
      y: (r.top - frame.top) / frame.height,
      width: frame.width,
    };
  });
}

/** The number of the page under the middle of the screen. */
const pageInMiddle = (page: Page) =>
  page.evaluate(() => {
    const y = window.innerHeight / 2;
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('section[data-page]'))) {
      const r = el.getBoundingClientRect();
      if (r.top <= y && r.bottom >= y) return Number(el.dataset.page);
    }
    return 0;
  });

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const typeSignature = (page: Page) => typeDrawing(page, 'Handtekening');

async function typeDrawing(page: Page, step: 'Handtekening' | 'Paraaf') {
  await expect(stepTitle(page)).toHaveText(step);
  await page.getByRole('button', { name: 'Liever typen dan tekenen' }).click();
  await page
    .getByLabel(step === 'Handtekening' ? 'Typ je naam' : 'Typ je initialen')
    .fill('P. de Vries');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(stepTitle(page)).not.toHaveText(step);
}

const views = [
  {
    name: 'phone 390×844',
    use: {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      deviceScaleFactor: 3,
    },
  },
  { name: 'desktop 1280×800', use: { viewport: { width: 1280, height: 800 } } },
];

for (const view of views) {
  test.describe(view.name, () => {
    test.use(view.use);
    const phone = view.use.viewport.width < 500;

    test('zoom keeps the page and the fields in place; Volgende veld walks every field in order; approve says what is missing', async ({
      page,
      baseURL,
      smtp,
    }) => {
      test.setTimeout(120_000);
      const email = `pim-${phone ? 'phone' : 'desk'}-${Date.now()}@example.nl`;
      const seen = smtp.mails.length;
      await sendLease(baseURL!, email);
      await page.goto(
        linkFrom(await nextMail(smtp, email, seen, /Huurcontract/), '/ondertekenen/'),
      );
      const first = page.getByRole('region', { name: 'Pagina 1 van 3' });
      await expect(first).toHaveAttribute('data-rendered', 'true');
      const left = page.getByTestId('fields-left');
      await expect(left).toHaveText('Nog 4 velden');

      // Page width on a phone: the page fills the screen and is drawn at the screen's density.
      const drawn = await first.evaluate((el) => ({
        css: el.getBoundingClientRect().width,
        canvas: el.querySelector('canvas')!.width,
      }));
      expect(drawn.css).toBeGreaterThan(phone ? 360 : 600);
      expect(drawn.canvas).toBeGreaterThanOrEqual(Math.floor(drawn.css * (phone ? 3 : 1)) - 2);
      await page.screenshot({ path: `${shots}signer-view-${phone ? 'phone' : 'desktop'}.png` });

      // 'Volgende veld': every field, paraaf and signature box in reading order, then round again.
      const next = page.getByRole('button', { name: 'Volgende veld' });
      const visited: string[] = [];
      for (let i = 0; i < walk.length; i++) {
        await next.click();
        visited.push(await focusedName(page));
      }
      expect(visited).toEqual(walk);
      await next.click();
      expect(await focusedName(page)).toBe(walk[0]);

      // Zoom on page 2: the same page stays under the middle, fields keep their place on it.
      const fieldC = walk[3]!;
      await page.getByLabel(fieldC, { exact: true }).scrollIntoViewIfNeeded();
      await page
        .getByLabel(fieldC, { exact: true })
        .evaluate((el) => el.scrollIntoView({ block: 'center' }));
      expect(await pageInMiddle(page)).toBe(2);
      const before = await placeOnPage(page, fieldC);
      await page.getByRole('button', { name: 'Inzoomen' }).click();
      await page.getByRole('button', { name: 'Inzoomen' }).click();
      await expect(page.getByTestId('zoom-level')).toHaveText('150%');
      const zoomed = await placeOnPage(page, fieldC);
      expect(zoomed.width / before.width).toBeCloseTo(1.5, 1);
      expect(zoomed.x).toBeCloseTo(before.x, 2);
      expect(zoomed.y).toBeCloseTo(before.y, 2);
      expect(await pageInMiddle(page)).toBe(2);
      expect(await noSidewaysScroll(page)).toBe(true);
      await expect(page.getByRole('region', { name: 'Pagina 2 van 3' })).toHaveAttribute(
        'data-rendered',
        'true',
      );
      // A field is filled at this zoom.
      await page.getByLabel(fieldC, { exact: true }).fill('Utrecht');
      await expect(left).toHaveText('Nog 3 velden');
      await page.screenshot({
        path: `${shots}signer-view-zoomed-${phone ? 'phone' : 'desktop'}.png`,
      });
      await page.getByRole('button', { name: 'Uitzoomen' }).click();
      await expect(page.getByTestId('zoom-level')).toHaveText('125%');
      await page.getByRole('button', { name: 'Paginabreedte' }).click();
      await expect(page.getByTestId('zoom-level')).toHaveText('100%');
      expect((await placeOnPage(page, fieldC)).width).toBeCloseTo(before.width, 0);
      expect(await pageInMiddle(page)).toBe(2);

      if (phone) {
        // Two fingers spread apart on the document zoom it in.
        const scroller = (await page.getByTestId('document-scroller').boundingBox())!;
        const cx = scroller.x + scroller.width / 2;
        const cy = 420;
        const cdp = await page.context().newCDPSession(page);
        const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', d: number) =>
          cdp.send('Input.dispatchTouchEvent', {
            type,
            touchPoints:
              type === 'touchEnd'
                ? []
                : [
                    { x: cx - d, y: cy, id: 1 },
                    { x: cx + d, y: cy, id: 2 },
                  ],
          });
        await touch('touchStart', 40);
        for (const d of [60, 80, 100, 120]) await touch('touchMove', d);
        await touch('touchEnd', 120);
        await expect(page.getByTestId('zoom-level')).toHaveText('300%');
        expect(await noSidewaysScroll(page)).toBe(true);
        await page.getByRole('button', { name: 'Paginabreedte' }).click();
        await expect(page.getByTestId('zoom-level')).toHaveText('100%');
      }

      // The steps; the toolbar counts down.
      await typeDrawing(page, 'Handtekening');
      await typeDrawing(page, 'Paraaf');
      await expect(left).toHaveText('Nog 1 veld');
      await page.getByLabel(walk[0]!, { exact: true }).fill('Amsterdam');
      await expect(left).toHaveText('Alles ingevuld');
      await page.getByRole('button', { name: 'Velden opslaan' }).click();
      await expect(stepTitle(page)).toHaveText('Akkoord');

      // A required field emptied again: the approve button says which, and takes the signer there.
      await page.getByLabel(walk[0]!, { exact: true }).fill('');
      const approve = page.getByRole('button', {
        name: `Nog niet klaar: Tekstveld 1 op pagina 1, in te vullen door ${who} (Dit veld is verplicht)`,
      });
      await approve.click();
      await expect(page.getByLabel(walk[0]!, { exact: true })).toBeFocused();
      await page.keyboard.type('Amsterdam');
      await page.getByRole('button', { name: 'Akkoord en ondertekenen' }).click();
      await expect(page.getByRole('heading', { name: signedHeading })).toBeVisible();
    });
  });
}

test.describe('phone 390×844, readable text', () => {
  test.use(views[0]!.use);

  test('Paginabreedte fits the printed text, scrolled inside the viewer; Tekst lezen shows the text at 16 px or more and leads back to the fields', async ({
    page,
    baseURL,
    smtp,
  }) => {
    test.setTimeout(120_000);
    const email = `pim-lezen-${Date.now()}@example.nl`;
    const seen = smtp.mails.length;
    await sendLease(baseURL!, email);
    await page.goto(linkFrom(await nextMail(smtp, email, seen, /Huurcontract/), '/ondertekenen/'));
    const first = page.getByRole('region', { name: 'Pagina 1 van 3' });
    await expect(first).toHaveAttribute('data-rendered', 'true');
    await expect(page.getByTestId('zoom-level')).toHaveText('100%');

    // The paper's white margins are trimmed: the page is wider than the viewer, which is scrolled
    // to where the text starts; only the viewer scrolls sideways, never the page.
    const scroller = page.getByTestId('document-scroller');
    await expect
      .poll(() => first.evaluate((el) => el.getBoundingClientRect().width))
      .toBeGreaterThan(await scroller.evaluate((el) => el.clientWidth * 1.2));
    const fit = await scroller.evaluate((el) => ({
      scrollLeft: el.scrollLeft,
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
      left: el.getBoundingClientRect().left,
    }));
    expect(fit.scrollWidth).toBeGreaterThan(fit.clientWidth);
    expect(fit.scrollLeft).toBeGreaterThan(0);
    expect(await noSidewaysScroll(page)).toBe(true);
    // The sentence starts inside the viewer, not in the part scrolled away.
    const line = first.locator('.textLayer span', { hasText: SENTENCE }).first();
    const start = (await line.boundingBox())!;
    expect(start.x).toBeGreaterThanOrEqual(fit.left);
    expect(start.x).toBeLessThan(fit.left + 40);
    await first.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: `${shots}signer-fit-text-phone.png` });
    await scroller.evaluate((el) => el.scrollTo({ left: 0 }));
    expect(await scroller.evaluate((el) => el.scrollLeft)).toBe(0);
    expect(await noSidewaysScroll(page)).toBe(true);

    // 'Tekst lezen': the pages' text reflowed at a normal size.
    await page.getByRole('button', { name: 'Tekst lezen' }).click();
    await expect(page.getByRole('button', { name: 'Tekst lezen' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const reading = page.getByRole('region', { name: 'Pagina 1 van 3' });
    const paragraph = reading.getByText(SENTENCE).first();
    await expect(paragraph).toBeVisible();
    const fontSize = await paragraph.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(fontSize).toBeGreaterThanOrEqual(16);
    expect(await noSidewaysScroll(page)).toBe(true);
    await reading.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: `${shots}signer-reading-phone.png` });

    // A field of page 1, reached from its text: back to the page, the field has the focus.
    await reading.getByRole('button', { name: `Ga naar het veld: ${walk[0]}` }).click();
    await expect(page.getByLabel(walk[0]!, { exact: true })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Tekst lezen' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    // 'Volgende veld' from the reading view goes on to the next field on its page.
    await page.getByRole('button', { name: 'Tekst lezen' }).click();
    await expect(page.getByTestId('reading-view')).toBeVisible();
    await page.getByRole('button', { name: 'Volgende veld' }).click();
    expect(await focusedName(page)).toBe(walk[1]);
  });

  test('the text of every page reaches a screen reader: kept when the page is released, loaded on Ga naar pagina or from the page itself', async ({
    page,
    baseURL,
    smtp,
  }) => {
    test.setTimeout(120_000);
    const { link } = await sendWithSignatures(
      baseURL!,
      smtp,
      'Twintig pagina',
      await contractPdf(20, 45),
      [{ page: 1, x: 60, y: 600, width: 180, height: 60 }],
    );
    await page.goto(link);
    const region = (n: number) => page.getByRole('region', { name: `Pagina ${n} van 20` });
    await expect(region(1)).toHaveAttribute('data-rendered', 'true');
    // Far away and never near: the page says its text is not there yet.
    await expect(region(20)).toHaveAttribute('data-text', 'unknown');
    expect(await region(20).ariaSnapshot()).toContain(
      'De tekst van deze pagina is nog niet geladen',
    );

    await page.getByRole('textbox', { name: 'Ga naar pagina' }).fill('15');
    await page.getByRole('button', { name: 'Ga', exact: true }).click();
    await expect(region(15)).toBeFocused();
    await expect.poll(() => region(15).ariaSnapshot()).toContain('15.1 Partijen verklaren');

    // Back at the top: page 15's picture is released, its text stays.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(region(15)).toHaveAttribute('data-rendered', 'false');
    expect(await region(15).ariaSnapshot()).toContain('15.1 Partijen verklaren');

    // Page 20 from its own button, as a screen reader reaches it; the focus stays on the page.
    await region(20).getByRole('button', { name: 'Tekst van pagina 20 laden' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => region(20).ariaSnapshot()).toContain('20.1 Partijen verklaren');
    await expect(region(20)).toBeFocused();
  });
});

/** Sends `pdf` to one signer (drawn signature) with signature boxes at `boxes`; the link. */
async function sendWithSignatures(
  baseURL: string,
  smtp: SmtpCatcher,
  subject: string,
  pdf: Uint8Array,
  boxes: Box[],
) {
  const token = await registerCompany(baseURL, 'Verhuur Lang', 'Lotte Lang');
  const email = `lotte-${Date.now()}@example.nl`;
  const seen = smtp.mails.length;
  const id = await createSignRequest(baseURL, token, {
    subject,
    document: subject,
    pdf,
    send: true,
    signers: [{ firstname: 'Lotte', lastname: 'Lang', email, verifications: [5] }],
    markers: (form) =>
      boxes.forEach((b, i) =>
        set(form, `variables[${i}]`, { ...b, type: 'generated', value: 'signer.1.signature' }),
      ),
  });
  const link = linkFrom(await nextMail(smtp, email, seen, new RegExp(subject)), '/ondertekenen/');
  return { token, id, link };
}

const rendered = (page: Page) => page.locator('section[data-page][data-rendered="true"]').count();

test.describe('phone 390×844, long and turned documents', () => {
  test.use(views[0]!.use);

  test('a 300-page scanned PDF opens on page 1 from byte ranges, jumps to page 250 and is signed there', async ({
    page,
    baseURL,
    smtp,
  }) => {
    test.setTimeout(240_000);
    const pdf = await scannedContractPdf(300, 45, 166);
    // About 25 MB: just under the upload limit.
    expect(pdf.length).toBeGreaterThan(25_000_000);
    const { link } = await sendWithSignatures(baseURL!, smtp, 'Lang contract', pdf, [
      { page: 250, x: 60, y: 600, width: 180, height: 60 },
    ]);
    // Bytes of the document that reached the page (pdf.js's first request, which only learns
    // the length, is aborted once its headers are in; the rest are byte ranges).
    const received = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((r) => /\/signables\/\d+\/file/.test(r.name))
          .reduce((sum, r) => sum + (r as PerformanceResourceTiming).encodedBodySize, 0),
      );
    // pdf.js's worker is held back: page 1 shows first as the image the server drew at upload.
    let releaseWorker = () => {};
    const held = new Promise<void>((resolve) => (releaseWorker = resolve));
    await page.context().route(/pdf\.worker[^/]*\.mjs/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(link);
    const first = page.getByRole('region', { name: 'Pagina 1 van 300' });
    const image = first.getByTestId('first-page-image');
    await expect(image).toBeVisible({ timeout: 30_000 });
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1000);
    await expect(first).toHaveAttribute('data-rendered', 'false');
    await first.screenshot({ path: test.info().outputPath('page-1-image.png') });
    releaseWorker();
    await expect(first).toHaveAttribute('data-rendered', 'true', { timeout: 30_000 });
    await expect(image).toHaveCount(0);
    expect(await received()).toBeLessThan(pdf.length / 10);

    await page.getByRole('textbox', { name: 'Ga naar pagina' }).fill('250');
    await page.getByRole('button', { name: 'Ga', exact: true }).click();
    const p250 = page.getByRole('region', { name: 'Pagina 250 van 300' });
    await expect(p250).toBeFocused();
    await expect(p250).toHaveAttribute('data-rendered', 'true', { timeout: 30_000 });
    // Only the pages around the view are drawn; page 1 was released.
    await expect(page.getByRole('region', { name: 'Pagina 1 van 300' })).toHaveAttribute(
      'data-rendered',
      'false',
    );
    expect(await rendered(page)).toBeLessThanOrEqual(6);
    const pixels = await page.evaluate(
      () => Array.from(document.querySelectorAll('canvas')).filter((c) => c.width > 0).length,
    );
    expect(pixels).toBeLessThanOrEqual(6);
    expect(await received()).toBeLessThan(pdf.length / 4);

    await typeSignature(page);
    await expect(p250.getByRole('img', { name: 'Je handtekening', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Akkoord en ondertekenen' }).click();
    await expect(page.getByRole('heading', { name: signedHeading })).toBeVisible();
  });

  test('turned pages (/Rotate 90 and 270) and mixed sizes are shown upright and sealed with the signature in its box', async ({
    page,
    baseURL,
    smtp,
  }) => {
    test.setTimeout(120_000);
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const sizes: [number, number, number][] = [
      [595, 842, 0],
      [595, 842, 90],
      [842, 595, 0],
      [595, 842, 270],
      [595, 842, 0],
    ];
    for (const [i, [w, h, rotate]] of sizes.entries()) {
      const p = doc.addPage([w, h]);
      p.setRotation(degrees(rotate));
      // The last page has no text, as a scan.
      if (i < 4) p.drawText(`Pagina gedraaid ${rotate}`, { x: w / 2, y: h / 2, size: 10, font });
    }
    const box = { x: 40, y: 30, width: 200, height: 100 };
    const { token, id, link } = await sendWithSignatures(
      baseURL!,
      smtp,
      'Gedraaid contract',
      await doc.save(),
      [2, 3, 4].map((n) => ({ ...box, page: n })),
    );
    await page.goto(link);
    // Shown as the reader sees them: turned pages lie wide, like the landscape page.
    for (const [n, wide] of [
      [1, false],
      [2, true],
      [3, true],
      [4, true],
    ] as const) {
      const region = page.getByRole('region', { name: `Pagina ${n} van 5` });
      // Measured once the view has settled: on a phone 'Paginabreedte' fits the printed text
      // when page 1's text arrives, which zooms and scrolls the viewer after the first paint.
      // Each ratio within 0.005 of where the box was put ('ok'), or the ratio found.
      const near = (v: number, want: number) => (Math.abs(v - want) < 0.005 ? 'ok' : v);
      const place = async () => {
        const r = (await region.boundingBox())!;
        if (n === 1) return { wide: r.width > r.height };
        const marker = (await region.getByTestId('marker-signature').boundingBox())!;
        return {
          wide: r.width > r.height,
          x: near((marker.x - r.x) / r.width, 40 / 842),
          y: near((marker.y - r.y) / r.height, 30 / 595),
        };
      };
      // The signature box sits at the shown top-left, on every turned or wide page.
      const expected = n === 1 ? { wide } : { wide, x: 'ok', y: 'ok' };
      await expect.poll(place, { message: `page ${n}` }).toEqual(expected);
    }
    // A page without text says so, to everyone; pages with text do not.
    const last = page.getByRole('region', { name: 'Pagina 5 van 5' });
    await last.scrollIntoViewIfNeeded();
    await expect(last.getByText('Deze pagina is een afbeelding zonder tekst')).toBeVisible();
    await expect(page.getByText('Deze pagina is een afbeelding zonder tekst')).toHaveCount(1);
    await typeSignature(page);
    await page.getByRole('button', { name: 'Akkoord en ondertekenen' }).click();
    const detail = await waitUntilSigned(baseURL!, token, id);
    const sealed = await downloadSignable(baseURL!, token, detail.signables[0]!.id);
    for (const n of [2, 3, 4]) {
      const shown = shownPage(sealed, n);
      expect({ width: shown.width, height: shown.height }).toEqual({ width: 842, height: 595 });
      // Ink in the box at the shown top-left; the opposite corners stay white.
      const inside = shown.mean({ x: 44, y: 34, width: 192, height: 92 });
      expect(inside, `page ${n}`).toBeLessThan(250);
      expect(shown.mean({ ...box, x: 842 - 240 }), `page ${n}`).toBeGreaterThan(254);
      expect(shown.mean({ ...box, y: 595 - 130 }), `page ${n}`).toBeGreaterThan(254);
    }
  });
});
