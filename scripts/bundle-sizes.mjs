// The JavaScript a page downloads, as gzip sizes (issue 17: the rich-text editor loads only on
// /instellingen/emailtemplates, so the login page stays under 150 kB gzip and the signer's page
// does not grow). Loads each page in Chromium against the built product and sums the .js files
// it fetched, gzipped at level 9 as a server would send them. Prints figures; asserts nothing.
//   npm run -s build && node scripts/bundle-sizes.mjs
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumArgs, findChromium } from './chromium.mjs';
import { repoRoot, startServer } from './lib/server.mjs';

const dist = path.join(repoRoot, 'apps/web/dist');

/** The .js files a page fetched until the network was idle, with raw and gzip sizes. */
async function pageJs(browser, url) {
  const page = await browser.newPage();
  const files = new Set();
  page.on('response', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.endsWith('.js')) files.add(pathname);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.close();
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const buf = fs.readFileSync(path.join(dist, f));
    raw += buf.length;
    gzip += zlib.gzipSync(buf, { level: 9 }).length;
  }
  return { files: [...files].sort(), raw, gzip };
}

const kB = (n) => `${(n / 1024).toFixed(1)} kB`;

export async function bundleSizes(base) {
  const executablePath = findChromium();
  if (!executablePath) {
    console.log('  not measured (no Chromium; apt-get install chromium)');
    return null;
  }
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  try {
    const pages = {
      'Login page (/login)': `${base}/login`,
      // An unknown link: the signer's page and its code, without a document to draw.
      "Signer's page (/ondertekenen/…)": `${base}/ondertekenen/onbekende-link-voor-de-meting`,
    };
    const out = {};
    for (const [label, url] of Object.entries(pages)) {
      const js = await pageJs(browser, url);
      out[label] = js;
      const editor = js.files.filter((f) => /tiptap|prosemirror|email-templates/i.test(f));
      console.log(
        `  ${label}: ${js.files.length} files, ${kB(js.raw)} raw, ${kB(js.gzip)} gzip` +
          (editor.length ? `   (editor files: ${editor.join(', ')})` : '   (no editor files)'),
      );
    }
    return out;
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    console.error('Build first: npm run -s build');
    process.exit(1);
  }
  const server = await startServer({ dataDirPrefix: 'paraaf-bundle-', quiet: true });
  try {
    console.log('JavaScript per page (gzip level 9, Chromium)');
    await bundleSizes(server.baseUrl);
  } finally {
    await server.stop();
  }
}
