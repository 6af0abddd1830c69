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
];

/**
 * Serves one page at `/?url=…&element=…`: the integrator's own screen with Paraaf's /embed.js
 * from `paraafUrl`, the element, and every Paraaf DOM event (but resize) kept in
 * `window.paraafEvents`, as a host page would use them.
 */
export async function startHostSite(host: string, paraafUrl: string): Promise<HostSite> {
  const server = http.createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://host').searchParams;
    const url = (query.get('url') ?? '').replace(/[^\w:/.?=&%-]/g, '');
    const element = query.get('element') === 'paraaf-editor' ? 'paraaf-editor' : 'paraaf-signing';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html>
<html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Verhuurplatform</title>
<style>body{font-family:sans-serif;margin:0;background:#f3f0ea}header{background:#2b3a55;color:#fff;padding:12px 20px}main{max-width:960px;margin:0 auto;padding:16px}</style>
<script src="${paraafUrl}/embed.js"></script>
<script>
  window.paraafEvents = [];
  for (const type of ${JSON.stringify(EVENTS)})
    document.addEventListener(type, (e) => window.paraafEvents.push(e.detail));
</script></head>
<body><header>Verhuurplatform · Mijn huurcontract</header>
<main><h1>Huurcontract tekenen</h1><${element} url="${url}" title="Paraaf"></${element}></main></body></html>`);
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
