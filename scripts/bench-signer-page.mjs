// Signer page figure (issue 4): a signer opens /ondertekenen/{token} for a 100-page document;
// how long until page 1 is drawn in Chromium — from navigation start to the performance mark
// 'signing:page1-visible' that the page sets when page 1's canvas has rendered
// (apps/web/src/features/signing/components/document-view.tsx). Cold browser cache per run.
// Called by scripts/bench.mjs as benchSignerPage(baseUrl, token), or alone:
//   node scripts/bench-signer-page.mjs [<baseUrl> <token>]   (no arguments: its own server)
// The server must run without SMTP_URL: the signer's link is read from /dev/mailbox.
// Never asserts timings; prints and returns them.
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumArgs, findChromium } from './chromium.mjs';
import { contractPdf } from './lib/contract-pdf.mjs';
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

/** A sent request with one signer (drawn signature only) and a 100-page PDF; its signer link. */
async function signerLink(baseUrl, token) {
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
  const pdf = await contractPdf(PAGES, 45);
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
    if (link) return { url: `${baseUrl}${link}`, pdfBytes: pdf.length };
    if (Date.now() > deadline) throw new Error('no invitation in /dev/mailbox');
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function benchSignerPage(baseUrl, token) {
  const executablePath = findChromium();
  if (!executablePath) {
    console.log('signer page: not measured (no Chromium; apt-get install chromium)');
    return null;
  }
  const { url, pdfBytes } = await signerLink(baseUrl, token);
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  const times = [];
  const shells = [];
  const files = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(url);
      await page.waitForFunction(
        () => performance.getEntriesByName('signing:page1-visible').length > 0,
        null,
        { timeout: 60_000 },
      );
      const t = await page.evaluate(() => ({
        page1: performance.getEntriesByName('signing:page1-visible')[0].startTime,
        dom: performance.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd ?? NaN,
        file:
          performance
            .getEntriesByType('resource')
            .find((r) => /\/signables\/\d+\/file/.test(r.name))?.responseEnd ?? NaN,
      }));
      times.push(t.page1);
      shells.push(t.dom);
      files.push(t.file);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const result = {
    page1VisibleMedianMs: Math.round(median(times)),
    page1VisibleMs: times.map(Math.round),
    domContentLoadedMedianMs: Math.round(median(shells)),
    pdfReceivedMedianMs: Math.round(median(files)),
    pdfBytes,
    pages: PAGES,
  };
  console.log(
    `signer page: ${PAGES}-page PDF (${(pdfBytes / 1024).toFixed(0)} KB), page 1 visible after median ${result.page1VisibleMedianMs} ms of ${RUNS} [${result.page1VisibleMs.join(', ')}] (cold cache; DOMContentLoaded ${result.domContentLoadedMedianMs} ms, PDF received ${result.pdfReceivedMedianMs} ms)`,
  );
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let [baseUrl, token] = process.argv.slice(2);
  let server = null;
  try {
    if (!baseUrl || !token) {
      server = await startServer({ dataDirPrefix: 'paraaf-bench-signer-', quiet: true });
      baseUrl = server.baseUrl;
      ({ token } = await registerBenchCompany(baseUrl, 'Bench Ondertekenen BV'));
    }
    await benchSignerPage(baseUrl, token);
  } finally {
    await server?.stop();
  }
}
