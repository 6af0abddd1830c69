import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetch } from './guarded-fetch.ts';

/**
 * The fetch for a company's issuer or metadata URL connects to the address the SSRF guard
 * checked: a name the system's DNS does not know still reaches the guard's answer, so a second,
 * different DNS answer (rebinding) can never be the one used.
 */
describe('guardedFetch', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/elders') {
        res.writeHead(302, { location: 'http://127.0.0.1/binnen' }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ host: req.headers.host, method: req.method }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const checkedAs = (address: string) => ({
    allowLoopback: true,
    resolver: () => Promise.resolve([{ address, family: 4 as const }]),
  });

  it('connects to the checked address, whatever the system DNS would answer', async () => {
    const fetchGuarded = guardedFetch(checkedAs('127.0.0.1'));
    const response = await fetchGuarded(`http://idp.paraaf-onbekend.invalid:${port}/config`);
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      host: `idp.paraaf-onbekend.invalid:${port}`,
      method: 'GET',
    });
  });

  it('refuses a private address and does not follow a redirect', async () => {
    await expect(
      guardedFetch({ ...checkedAs('10.1.2.3'), allowLoopback: false })(
        `http://idp.paraaf-onbekend.invalid:${port}/config`,
      ),
    ).rejects.toThrow();
    const redirected = await guardedFetch(checkedAs('127.0.0.1'))(
      `http://idp.paraaf-onbekend.invalid:${port}/elders`,
    );
    expect(redirected.status).toBe(302);
  });
});
