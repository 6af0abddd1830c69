// Signer page figure (issue 4): a signer opens /ondertekenen/{token} for a 100-page document;
// how long until page 1 is drawn in Chromium — from navigation start to the performance mark
// 'signing:page1-visible' that the page sets when page 1's canvas has rendered
// (apps/web/src/features/signing/components/document-view.tsx). Cold browser cache per run.
// Called by scripts/bench.mjs as benchSignerPage(baseUrl, token), or alone:
//   node scripts/bench-signer-page.mjs [--long] [<baseUrl> <token>]   (no arguments: its own
//   server; --long: only the 300-page scan)
// The server must run without SMTP_URL: the signer's link is read from /dev/mailbox.
// Also a 300-page scanned PDF (about 25 MB): time to page 1 (shown first as the image the server
// drew at upload; pdfDrawn is when pdf.js has drawn it over), time from 'Ga naar pagina' 250 to
// page 250 drawn, and the peak JS heap of the page (Chromium's Runtime.getHeapUsage, main
// thread; the pdf.js worker's heap printed beside it) while scrolling through all 300 pages (targets: page 1 ≤ 1 s, heap ≤ 150 MB).
// Never asserts timings; prints and returns them.
/* global window, document -- used inside page.evaluate, run in the browser */
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumArgs, findChromium } from './chromium.mjs';
import { contractPdf, scannedContractPdf } from './lib/contract-pdf.mjs';
import { startServer } from './lib/server.mjs';
import { registerBenchCompany } from './lib/bench-account.mjs';

const RUNS = 3;
const PAGES = 100;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function api(baseUrl, token, method, path, body) {
  const headers = { authorization: `Bearer ${token}` };
  let payload = body;
  if (body !== undefined && !(body instanceof FormData)) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${baseUrl}/api${path}`, { method, headers, body: payload });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

/** A sent request with one signer (drawn signature only) and the given PDF; its signer link. */
async function signerLink(baseUrl, token, pdf) {
  const email = `bench-signer-${Date.now()}@voorbeeld.nl`;
  const { id } = await api(baseUrl, token, 'POST', '/sign-requests', {
    expires_at: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
    subject: 'Bench ondertekenpagina',
    message: 'Graag tekenen: [[link]]',
    is_sync: false,
    send_documents_to_initiator: false,
    emails: [],
    custom_fields: [],
  });
  await api(baseUrl, token, 'POST', `/sign-requests/${id}/signers`, {
    firstname: 'Bench',
    lastname: 'Ondertekenaar',
    email,
    locale: 'nl',
    verifications: [5],
    reminder_after: 3,
    max_reminders: 5,
  });
  const form = new FormData();
  form.set('name', 'Bench 100 pagina’s');
  form.set('filename', 'bench-100.pdf');
  form.set('type', '1');
  form.set('file', new Blob([pdf], { type: 'application/pdf' }), 'bench-100.pdf');
  await api(baseUrl, token, 'POST', `/sign-requests/${id}/signables`, form);
  await api(baseUrl, token, 'POST', `/sign-requests/${id}/ready`);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await fetch(`${baseUrl}/dev/mailbox?format=json`);
    if (!res.ok) throw new Error(`/dev/mailbox: ${res.status} (is SMTP_URL set?)`);
    const mail = (await res.json()).data.find((m) => m.to === email);
    const link = mail && /\/ondertekenen\/[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
    if (link) return `${baseUrl}${link}`;
    if (Date.now() > deadline) throw new Error('no invitation in /dev/mailbox');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Both documents: a text contract (about 115 kB, which pdf.js reads whole: a file under two
 * range chunks is not worth splitting) and a scanned-size one (about 7 MB, read in ranges).
 */
export async function benchSignerPage(baseUrl, token, { longOnly = false } = {}) {
  const executablePath = findChromium();
  if (!executablePath) {
    console.log('signer page: not measured (no Chromium; apt-get install chromium)');
    return null;
  }
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  try {
    if (longOnly) return { long: await measureLong(browser, baseUrl, token) };
    const scanned = await scannedContractPdf(PAGES, 45);
    return {
      text: await measure(browser, baseUrl, token, 'text', await contractPdf(PAGES, 45)),
      scanned: await measure(browser, baseUrl, token, 'scanned', scanned),
      scannedOnBroadband: await measure(browser, baseUrl, token, 'scanned', scanned, BROADBAND),
      long: await measureLong(browser, baseUrl, token),
    };
  } finally {
    await browser.close();
  }
}

/** A signer at home: 20 Mbit/s down, 5 up, 20 ms round trip (Chromium's network emulation). */
const BROADBAND = {
  name: '20 Mbit/s, 20 ms',
  latency: 20,
  downloadThroughput: Math.round(20e6 / 8),
  uploadThroughput: Math.round(5e6 / 8),
};

async function measure(browser, baseUrl, token, kind, pdf, network = null) {
  const url = await signerLink(baseUrl, token, pdf);
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    if (network) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network });
    }
    await page.goto(url);
    await page.waitForFunction(
      () => performance.getEntriesByName('signing:page1-visible').length > 0,
      null,
      { timeout: 60_000 },
    );
    runs.push(
      await page.evaluate(() => {
        const page1 = performance.getEntriesByName('signing:page1-visible')[0].startTime;
        // The PDF's requests made before page 1 showed: byte ranges, or the whole file.
        const file = performance
          .getEntriesByType('resource')
          .filter((r) => /\/signables\/\d+\/file/.test(r.name) && r.startTime < page1);
        return {
          page1,
          dom: performance.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd ?? NaN,
          fileStart: file[0]?.startTime ?? NaN,
          fileEnd: Math.max(...file.map((r) => r.responseEnd)),
          requests: file.length,
          bytes: file.reduce((sum, r) => sum + r.encodedBodySize, 0),
        };
      }),
    );
    await context.close();
  }
  const med = (key) => Math.round(median(runs.map((r) => r[key])));
  const result = {
    pages: PAGES,
    pdfBytes: pdf.length,
    page1VisibleMedianMs: med('page1'),
    page1VisibleMs: runs.map((r) => Math.round(r.page1)),
    domContentLoadedMedianMs: med('dom'),
    pdfFirstRequestMedianMs: med('fileStart'),
    pdfReceivedMedianMs: med('fileEnd'),
    pdfRequestsBeforePage1: runs.map((r) => r.requests),
    pdfBytesBeforePage1: runs.map((r) => r.bytes),
  };
  const kb = (b) => `${(b / 1024).toFixed(0)} KB`;
  console.log(
    `signer page, ${kind}${network ? ` on ${network.name}` : ''}: ${PAGES}-page PDF (${kb(pdf.length)}), page 1 visible after median ${result.page1VisibleMedianMs} ms of ${RUNS} [${result.page1VisibleMs.join(', ')}] (cold cache; DOMContentLoaded ${result.domContentLoadedMedianMs} ms, PDF asked at ${result.pdfFirstRequestMedianMs} ms, received ${result.pdfReceivedMedianMs} ms; before page 1: ${result.pdfRequestsBeforePage1.join('/')} requests, ${result.pdfBytesBeforePage1.map(kb).join('/')})`,
  );
  return result;
}

const LONG_PAGES = 300;

/** The 300-page scan: page 1, then page 250 by 'Ga naar pagina', then a scroll through all. */
async function measureLong(browser, baseUrl, token) {
  const pdf = await scannedContractPdf(LONG_PAGES, 45, 166);
  const url = await signerLink(baseUrl, token, pdf);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const workerHeap = await workerHeapReader(browser);
  const heap = async () => (await cdp.send('Runtime.getHeapUsage')).usedSize;
  try {
    await page.goto(url);
    const mark = (n) =>
      page.waitForFunction(
        (name) => performance.getEntriesByName(name).length > 0,
        `signing:page${n}-visible`,
        {
          timeout: 120_000,
        },
      );
    await mark(1);
    // Page 1 is first seen as the image the server drew at upload, then drawn by pdf.js.
    await page.waitForFunction(
      () => performance.getEntriesByName('signing:page1-drawn').length > 0,
      null,
      { timeout: 120_000 },
    );
    const { page1, steps } = await page.evaluate(() => {
      const page1 = performance.getEntriesByName('signing:page1-visible')[0].startTime;
      const drawn = performance.getEntriesByName('signing:page1-drawn')[0].startTime;
      // Where the time to page 1 goes: the page's scripts, its data, its image, the PDF's ranges.
      const before = performance.getEntriesByType('resource').filter((r) => r.startTime < drawn);
      const image = before.find((r) => /\/signables\/\d+\/page-1$/.test(r.name));
      const file = before.filter((r) => /\/signables\/\d+\/file/.test(r.name));
      const data = before.find((r) => /\/api\/signing\/[^/]+(\?|$)/.test(r.name));
      const nav = performance.getEntriesByType('navigation')[0];
      return {
        page1,
        steps: {
          domContentLoaded: Math.round(nav?.domContentLoadedEventEnd ?? NaN),
          pageDataAnswered: Math.round(data?.responseEnd ?? NaN),
          imageAnswered: Math.round(image?.responseEnd ?? NaN),
          pdfFirstRequest: Math.round(file[0]?.startTime ?? NaN),
          pdfRequests: file.length,
          pdfKB: Math.round(file.reduce((sum, r) => sum + r.encodedBodySize, 0) / 1024),
          pdfLastAnswer: Math.round(Math.max(...file.map((r) => r.responseEnd))),
          pdfDrawn: Math.round(drawn),
        },
      };
    });
    await page.getByRole('textbox', { name: 'Ga naar pagina' }).fill('250');
    const asked = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'Ga', exact: true }).click();
    await mark(250);
    const page250 =
      (await page.evaluate(
        () => performance.getEntriesByName('signing:page250-visible')[0].startTime,
      )) - asked;
    // Back to the top, then down through every page a screen at a time, as a reader would.
    await page.evaluate(() => window.scrollTo(0, 0));
    let peak = await heap();
    let peakWorker = await workerHeap();
    let maxDrawn = 0;
    for (;;) {
      const done = await page.evaluate(() => {
        window.scrollBy(0, window.innerHeight);
        return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      });
      await page.waitForTimeout(60);
      peak = Math.max(peak, await heap());
      peakWorker = Math.max(peakWorker, await workerHeap());
      maxDrawn = Math.max(
        maxDrawn,
        await page.evaluate(
          () => [...document.querySelectorAll('canvas')].filter((c) => c.width > 0).length,
        ),
      );
      if (done) break;
    }
    const result = {
      pages: LONG_PAGES,
      pdfBytes: pdf.length,
      page1VisibleMs: Math.round(page1),
      page1Steps: steps,
      page250AfterGoToMs: Math.round(page250),
      peakJsHeapMB: Math.round(peak / 1024 / 1024),
      peakPdfWorkerHeapMB: Math.round(peakWorker / 1024 / 1024),
      maxPagesDrawnAtOnce: maxDrawn,
    };
    console.log(
      `signer page, ${LONG_PAGES}-page scan (${(pdf.length / 1024 / 1024).toFixed(1)} MB): page 1 visible after ${result.page1VisibleMs} ms (${JSON.stringify(steps)}), page 250 ${result.page250AfterGoToMs} ms after 'Ga naar pagina'; scrolling through all pages: peak JS heap ${result.peakJsHeapMB} MB (page) + ${result.peakPdfWorkerHeapMB} MB (pdf.js worker), at most ${maxDrawn} pages drawn at once (targets: page 1 ≤ 1000 ms, heap ≤ 150 MB)`,
    );
    return result;
  } finally {
    await context.close();
  }
}

/**
 * The used JS heap of the pdf.js worker (a dedicated worker: its heap is not the page's), read
 * through a browser-level CDP session; 0 while there is none.
 */
async function workerHeapReader(browser) {
  const cdp = await browser.newBrowserCDPSession();
  let id = 0;
  const pending = new Map();
  cdp.on('Target.receivedMessageFromTarget', ({ message }) => {
    const answer = JSON.parse(message);
    pending.get(answer.id)?.(answer.result);
    pending.delete(answer.id);
  });
  let sessionId = null;
  return async () => {
    if (!sessionId) {
      const { targetInfos } = await cdp.send('Target.getTargets');
      const worker = targetInfos.find((t) => t.type === 'worker' && /paraaf-pdf/.test(t.title));
      if (!worker) return 0;
      ({ sessionId } = await cdp.send('Target.attachToTarget', {
        targetId: worker.targetId,
        flatten: false,
      }));
    }
    const asked = ++id;
    const answer = new Promise((resolve) => pending.set(asked, resolve));
    await cdp.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id: asked, method: 'Runtime.getHeapUsage' }),
    });
    return (await answer)?.usedSize ?? 0;
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const longOnly = process.argv.includes('--long');
  let [baseUrl, token] = process.argv.slice(2).filter((a) => a !== '--long');
  let server = null;
  try {
    if (!baseUrl || !token) {
      server = await startServer({ dataDirPrefix: 'paraaf-bench-signer-', quiet: true });
      baseUrl = server.baseUrl;
      ({ token } = await registerBenchCompany(baseUrl, 'Bench Ondertekenen BV'));
    }
    await benchSignerPage(baseUrl, token, { longOnly });
  } finally {
    await server?.stop();
  }
}
