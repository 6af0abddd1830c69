import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Another company's web site on a loopback address of its own, embedding Paraaf. */
export interface HostSite {
  origin: string;
  /** The address of a page that embeds `url` with `<paraaf-signing>` (or `<paraaf-editor>`). */
  pageFor(url: string, element?: 'paraaf-signing' | 'paraaf-editor'): string;
  close(): Promise<void>;
}

const EVENTS = [
  'paraaf:loaded',
  'paraaf:verified',
  'paraaf:signed',
  'paraaf:declined',
  'paraaf:completed',
  'paraaf:error',
  'paraaf:ready',
  'paraaf:saved',
  'paraaf:sent',
  'paraaf:closed',
];

/** The HTML example of README.md's 'Paraaf insluiten', as written there. */
function readmeExample(): string {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('### Paraaf insluiten'));
  const html = /```html\n([\s\S]*?)```/.exec(section)?.[1];
  if (!html) throw new Error("README.md has no HTML example under 'Paraaf insluiten'");
  return html;
}

/**
 * Serves one page at `/?url=…&element=…`: README.md's example, with Paraaf's address and the link
 * filled in (`paraaf-editor` for an editor link), plus a script keeping every Paraaf DOM event
 * (but resize) in `window.paraafEvents` for the test to read.
 */
export async function startHostSite(host: string, paraafUrl: string): Promise<HostSite> {
  const example = readmeExample();
  const server = http.createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://host').searchParams;
    const url = (query.get('url') ?? '').replace(/[^\w:/.?=&%-]/g, '');
    const element = query.get('element') === 'paraaf-editor' ? 'paraaf-editor' : 'paraaf-signing';
    const collector = `<script>
  window.paraafEvents = [];
  for (const type of ${JSON.stringify(EVENTS)})
    document.addEventListener(type, (e) => window.paraafEvents.push(e.detail));
</script>`;
    const page = example
      .replaceAll('https://paraaf.example', paraafUrl)
      .replace('EMBED_URL', url)
      .replaceAll('paraaf-signing', element)
      .replace('</head>', `${collector}\n</head>`);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host}:${port}`;
  return {
    origin,
    pageFor: (url, element = 'paraaf-signing') =>
      `${origin}/?url=${encodeURIComponent(url)}&element=${element}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
