import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signables } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { sendTestRequest, type SentRequest } from '../../modules/signing/signing.fixture.ts';
import { createStorage } from './create-storage.ts';

/**
 * The PDF file routes stream the stored file with its length and serve byte ranges (pdf.js on
 * the signer's page asks for page 1's bytes first), over real HTTP, on disk or on S3
 * (TEST_STORAGE=s3).
 */
describe('PDF file routes: streamed, with byte ranges', () => {
  let t: TestApp;
  let sent: SentRequest;
  let stored: Buffer;
  let signerUrl: string;
  let senderUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    sent = await sendTestRequest(t);
    const [row] = await t.db
      .select({ key: signables.storageKey })
      .from(signables)
      .where(eq(signables.id, sent.signableIds[0]!));
    stored = await createStorage(t.config).get(row!.key);
    signerUrl = `${t.url}/api/signing/${sent.tokens[0]}/signables/${sent.signableIds[0]}/file`;
    senderUrl = `${t.url}/api/signables/${sent.signableIds[0]}/file`;
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    fetch(url, {
      headers:
        url === senderUrl ? { authorization: `Bearer ${sent.adminToken}`, ...headers } : headers,
    });

  it.each(['signer', 'sender'])('the %s gets the whole file with its length', async (who) => {
    const res = await get(who === 'signer' ? signerUrl : senderUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-length')).toBe(String(stored.length));
    expect(Buffer.from(await res.arrayBuffer())).toEqual(stored);
  });

  it.each(['signer', 'sender'])('the %s gets a byte range as 206', async (who) => {
    const res = await get(who === 'signer' ? signerUrl : senderUrl, { range: 'bytes=100-299' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 100-299/${stored.length}`);
    expect(res.headers.get('content-length')).toBe('200');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(stored.subarray(100, 300));
  });

  it('open and suffix ranges, as pdf.js asks for the end of the file first', async () => {
    const suffix = await get(signerUrl, { range: 'bytes=-64' });
    expect(suffix.status).toBe(206);
    expect(Buffer.from(await suffix.arrayBuffer())).toEqual(stored.subarray(stored.length - 64));
    const open = await get(signerUrl, { range: `bytes=${stored.length - 10}-` });
    expect(open.status).toBe(206);
    expect(open.headers.get('content-range')).toBe(
      `bytes ${stored.length - 10}-${stored.length - 1}/${stored.length}`,
    );
    expect(Buffer.from(await open.arrayBuffer())).toEqual(stored.subarray(stored.length - 10));
  });

  it('a range past the end is 416 with the size; a malformed or multiple range gets the whole file', async () => {
    const past = await get(signerUrl, { range: `bytes=${stored.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${stored.length}`);
    expect(((await past.json()) as { message: string }).message).toBeTruthy();
    for (const range of ['bytes=abc', 'items=0-10', 'bytes=0-9,100-109']) {
      const res = await get(signerUrl, { range });
      expect(res.status, range).toBe(200);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(stored);
    }
  });

  it('a document whose file is gone is a 404, ranges or not', async () => {
    const other = await sendTestRequest(t);
    const [row] = await t.db
      .select({ key: signables.storageKey })
      .from(signables)
      .where(eq(signables.id, other.signableIds[0]!));
    await createStorage(t.config).delete(row!.key);
    const url = `${t.url}/api/signing/${other.tokens[0]}/signables/${other.signableIds[0]}/file`;
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(url, { headers: { range: 'bytes=0-9' } })).status).toBe(404);
    const sender = await fetch(`${t.url}/api/signables/${other.signableIds[0]}/file`, {
      headers: { authorization: `Bearer ${other.adminToken}` },
    });
    expect(sender.status).toBe(404);
  });
});
