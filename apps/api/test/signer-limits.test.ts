import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signerApiMessages } from '@paraaf/contract';
import { signerLinks } from '../src/db/schema/index.ts';
import { sha256 } from '../src/lib/crypto.ts';
import { sendTestRequest } from '../src/modules/signing/signing.fixture.ts';
import {
  SIGNER_LINK_CALLS_PER_MINUTE,
  SIGNER_MISSES_PER_MINUTE,
} from '../src/modules/signing/signer-limits.ts';
import { createTestApp, type TestApp } from './app.ts';

/**
 * The signer endpoints' limits: per client address only links that open nothing count; each
 * valid link has its own generous budget. Every test uses addresses of its own.
 */
describe("the signer endpoints' limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const status = (token: string, remoteAddress: string) =>
    t.request({ method: 'GET', url: `/api/signing/${token}/status`, remoteAddress });
  const unknownToken = (i: number) => `${'x'.repeat(40)}${String(i).padStart(3, '0')}`;
  const validLink = async () => (await sendTestRequest(t)).tokens[0]!;

  it('answers 300 calls of one valid link from one address within a minute', async () => {
    const token = await validLink();
    const codes = new Set<number>();
    for (let i = 0; i < 300; i++) codes.add((await status(token, '10.251.0.1')).statusCode);
    expect([...codes]).toEqual([200]);
  });

  it(`refuses an address after ${SIGNER_MISSES_PER_MINUTE} links that open nothing, with a Dutch 429; links already at work from it go on, other addresses are not affected`, async () => {
    const address = '10.251.0.2';
    const atWork = await validLink();
    expect((await status(atWork, address)).statusCode).toBe(200);
    // A retired link (410) is a miss like a token never issued (404).
    const retired = await validLink();
    await t.db
      .update(signerLinks)
      .set({ retiredAt: new Date() })
      .where(eq(signerLinks.tokenHash, sha256(retired)));
    expect((await status(retired, address)).statusCode).toBe(410);
    for (let i = 1; i < SIGNER_MISSES_PER_MINUTE; i++)
      expect((await status(unknownToken(i), address)).statusCode).toBe(404);

    const refused = await status(unknownToken(0), address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ message: signerApiMessages.tooManyInvalidLinks });
    // The wallet's and the bank's ways back are looked up by random ids too: refused alike.
    const refusedWallet = await t.request({
      method: 'GET',
      url: '/api/wallet/requests/onbekend',
      remoteAddress: address,
    });
    expect(refusedWallet.statusCode).toBe(429);
    // The signer who was already at work behind the same address carries on.
    expect((await status(atWork, address)).statusCode).toBe(200);
    // A link not seen open yet waits out the minute from this address (no lookup for it)...
    const fresh = await validLink();
    expect((await status(fresh, address)).statusCode).toBe(429);
    // ...and opens from any other address, where the misses of this one count nothing.
    expect((await status(fresh, '10.251.0.3')).statusCode).toBe(200);
    expect((await status(unknownToken(0), '10.251.0.3')).statusCode).toBe(404);
    // An unknown wallet attempt is a miss too.
    const walletRequest = (i: number) =>
      t.request({ method: 'GET', url: `/api/wallet/requests/x${i}`, remoteAddress: '10.251.0.6' });
    for (let i = 0; i < SIGNER_MISSES_PER_MINUTE; i++)
      expect((await walletRequest(i)).statusCode).toBe(404);
    expect((await walletRequest(0)).statusCode).toBe(429);
  });

  it(`refuses one link past ${SIGNER_LINK_CALLS_PER_MINUTE} calls a minute with a Dutch 429, while another link from the same address works`, async () => {
    const address = '10.251.0.4';
    const sent = await sendTestRequest(t);
    const busy = sent.tokens[0]!;
    const other = await validLink();
    for (let i = 0; i < SIGNER_LINK_CALLS_PER_MINUTE; i++)
      expect((await status(busy, address)).statusCode).toBe(200);

    const refused = await status(busy, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ message: signerApiMessages.linkTooBusy });
    // The link's budget is the link's, from any address.
    expect((await status(busy, '10.251.0.5')).statusCode).toBe(429);
    expect((await status(other, address)).statusCode).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: `/api/signing/${other}`, remoteAddress: address }))
        .statusCode,
    ).toBe(200);
    // Counted per signer, never under the token: the shared row (written within about a second).
    const keys = async () =>
      (await t.db.execute<{ key: string }>(sql`SELECT key FROM rate_limits`)).rows.map(
        (r) => r.key,
      );
    await expect.poll(keys, { timeout: 5000 }).toContain(`signing-link:${sent.signerIds[0]}`);
    expect(
      (await keys()).filter((key) => key.includes(busy) || key.includes(sha256(busy))),
    ).toEqual([]);
  });
});
