// Marker editor figures (issue 5), in Chromium: the sender opens the wizard, uploads a 100-page
// PDF and opens 'Markers instellen'.
//  1. Time from the click on 'Markers instellen' (the click event's timeStamp) to the
//     performance mark 'marker-editor:page1-visible' the editor sets when page 1's canvas is
//     drawn (apps/web/src/components/marker-editor/lib/drag-stats.ts). Opened RUNS times in
//     one tab: the first opening also loads the editor's and pdf.js's code.
//  2. Frame time while a signature marker is dragged across page 1 for ~2 s with
//     page.mouse.move in small steps: the editor's own per-frame figures
//     (window.__markerEditorStats.dragFrames, one per animation frame that moved the box) and,
//     independently, the intervals between requestAnimationFrame timestamps during the drag.
// Called by scripts/bench.mjs as benchMarkerEditor(baseUrl, token), or alone:
//   node scripts/bench-marker-editor.mjs [<baseUrl> <token>]   (no arguments: its own server)
// Never asserts timings; prints and returns them.
/* global window, requestAnimationFrame -- used inside page.evaluate, run in the browser */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumArgs, findChromium } from './chromium.mjs';
import { contractPdf } from './lib/contract-pdf.mjs';
import { startServer } from './lib/server.mjs';
import { registerBenchCompany } from './lib/bench-account.mjs';

const RUNS = 3;
const PAGES = 100;
const DRAG_MS = 2000;

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s[Math.min(s.length - 1, Math.floor(q * (s.length - 1) + 0.5))];
};
const fmt = (n) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');

/** Opens the editor from the documents table; ms from the click to page 1 drawn. */
async function openEditor(page, name) {
  const button = page.getByRole('button', { name: `Markers instellen voor ${name}` });
  await button.evaluate((b) => {
    performance.clearMarks('marker-editor:page1-visible');
    b.addEventListener(
      'click',
      (e) => {
        window.__benchClickAt = e.timeStamp;
      },
      { once: true, capture: true },
    );
  });
  await button.click();
  await page.waitForFunction(
    () => performance.getEntriesByName('marker-editor:page1-visible').length > 0,
    null,
    { timeout: 60_000 },
  );
  return page.evaluate(() => {
    const visible = performance.getEntriesByName('marker-editor:page1-visible').at(-1).startTime;
    const open = performance.getEntriesByName('marker-editor:open').at(-1)?.startTime ?? NaN;
    return { fromClick: visible - window.__benchClickAt, fromOpen: visible - open };
  });
}

/** Drags the first marker on page 1 around for DRAG_MS with small mouse steps. */
async function dragMarker(page) {
  const editor = page.getByRole('dialog', { name: 'Formuliermarkers instellen' });
  await editor
    .getByRole('complementary', { name: 'Markers' })
    .getByRole('button', { name: 'Handtekening', exact: true })
    .click();
  const marker = editor.getByRole('button', { name: /^Handtekening .*, pagina 1$/ });
  await marker.waitFor();
  const box = await marker.boundingBox();
  const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.evaluate(() => {
    window.__markerEditorStats = { dragFrames: [] };
    window.__benchRaf = [];
    window.__benchRafOn = true;
    const loop = (t) => {
      if (!window.__benchRafOn) return;
      window.__benchRaf.push(t);
      requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  });
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  const began = Date.now();
  let moves = 0;
  while (Date.now() - began < DRAG_MS) {
    // A slow ellipse over the page, 3-4 px per step.
    const a = moves / 40;
    await page.mouse.move(start.x + Math.sin(a) * 160, start.y + (1 - Math.cos(a)) * 90);
    moves++;
  }
  await page.mouse.up();
  const stats = await page.evaluate(() => {
    window.__benchRafOn = false;
    const raf = window.__benchRaf;
    return {
      editor: window.__markerEditorStats?.dragFrames ?? [],
      raf: raf.slice(1).map((t, i) => t - raf[i]),
    };
  });
  return { ...stats, moves, ms: Date.now() - began };
}

export async function benchMarkerEditor(baseUrl, token) {
  const executablePath = findChromium();
  if (!executablePath) {
    console.log('marker editor: not measured (no Chromium; apt-get install chromium)');
    return null;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-bench-editor-'));
  const name = 'bench-100.pdf';
  const file = path.join(dir, name);
  const pdf = await contractPdf(PAGES, 45);
  fs.writeFileSync(file, pdf);
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  const opens = [];
  let drag;
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.evaluate((t) => window.localStorage.setItem('paraaf.token', t), token);
    await page.goto(`${baseUrl}/nieuwe-ondertekening`);
    const signer = page.getByRole('region', { name: 'Ondertekenaar 1', exact: true });
    await signer.getByLabel(/^Voornaam/).fill('Bench');
    await signer.getByLabel(/^Achternaam/).fill('Editor');
    await signer.getByLabel(/^E-mailadres/).fill(`bench-editor-${Date.now()}@voorbeeld.nl`);
    await page.getByRole('button', { name: 'Volgende' }).click();
    await page.locator('input[type="file"]').setInputFiles(file);
    const table = page.getByRole('table', { name: 'Documenten' });
    await table.getByText(`${PAGES} pagina’s`).waitFor({ timeout: 60_000 });

    const editor = page.getByRole('dialog', { name: 'Formuliermarkers instellen' });
    for (let i = 0; i < RUNS; i++) {
      opens.push(await openEditor(page, name));
      if (i < RUNS - 1) {
        await editor.getByRole('button', { name: 'Annuleren' }).click();
        await editor.waitFor({ state: 'hidden' });
      }
    }
    drag = await dragMarker(page);
    await context.close();
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const result = {
    pages: PAGES,
    pdfBytes: pdf.length,
    page1VisibleMs: opens.map((o) => Math.round(o.fromClick)),
    page1VisibleFromOpenMs: opens.map((o) => Math.round(o.fromOpen)),
    dragMoves: drag.moves,
    dragMs: drag.ms,
    editorFrames: drag.editor.length,
    editorFrameMedianMs: quantile(drag.editor, 0.5),
    editorFrameP95Ms: quantile(drag.editor, 0.95),
    rafFrames: drag.raf.length,
    rafFrameMedianMs: quantile(drag.raf, 0.5),
    rafFrameP95Ms: quantile(drag.raf, 0.95),
  };
  console.log(
    `editor page 1 visible: ${result.page1VisibleMs[0]} ms (${PAGES}-page PDF, ${(pdf.length / 1024).toFixed(0)} KB; from the click on 'Markers instellen'; openings 1-${RUNS}: [${result.page1VisibleMs.join(', ')}] ms, the first loads the editor's code; from the modal's 'marker-editor:open' mark: [${result.page1VisibleFromOpenMs.join(', ')}] ms)`,
  );
  console.log(
    `editor drag: ${result.dragMoves} mouse moves in ${result.dragMs} ms; frame time median ${fmt(result.editorFrameMedianMs)} ms, p95 ${fmt(result.editorFrameP95Ms)} ms over ${result.editorFrames} frames (editor stats); requestAnimationFrame intervals median ${fmt(result.rafFrameMedianMs)} ms, p95 ${fmt(result.rafFrameP95Ms)} ms over ${result.rafFrames} frames`,
  );
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let [baseUrl, token] = process.argv.slice(2);
  let server = null;
  try {
    if (!baseUrl || !token) {
      server = await startServer({ dataDirPrefix: 'paraaf-bench-editor-', quiet: true });
      baseUrl = server.baseUrl;
      ({ token } = await registerBenchCompany(baseUrl, 'Bench Markers BV'));
    }
    await benchMarkerEditor(baseUrl, token);
  } finally {
    await server?.stop();
  }
}
