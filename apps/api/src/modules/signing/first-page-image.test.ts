import { execFileSync } from 'node:child_process';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SigningPage } from '@paraaf/contract';
import { signables, signers, signRequests } from '../../db/schema/index.ts';
import { createToken, sha256 } from '../../lib/crypto.ts';
import { firstPageImageKey } from '../../lib/pdf/first-page.ts';
import { createStorage } from '../../lib/storage/create-storage.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { createDraftSignRequest } from '../../../test/factories.ts';
import { makePdf, makeScanPdf } from '../../../test/fixtures/documents.ts';
import { multipart } from '../../../test/fixtures/multipart.ts';
import { purgeSignRequest } from '../gdpr/purge-request.ts';
import { recordSignerLink } from '../sign-requests/signer-links.ts';
import { requestRow } from './signing.fixture.ts';

/** The pixels of a PNG or WebP, as RGB triples. */
async function pixelsOf(image: Buffer) {
  const picture = await loadImage(image);
  const canvas = createCanvas(picture.width, picture.height);
  const context = canvas.getContext('2d');
  context.drawImage(picture, 0, 0);
  const { data, width } = context.getImageData(0, 0, picture.width, picture.height);
  const at = (x: number, y: number) => [
    ...data.subarray((y * width + x) * 4, (y * width + x) * 4 + 3),
  ];
  return {
    at,
    /** The mean difference per channel (0–255) over the rows from `top` to `bottom`. */
    meanDifference(other: { at: typeof at }, rows: { top: number; bottom: number }) {
      let sum = 0;
      let count = 0;
      for (let y = rows.top; y < rows.bottom; y++)
        for (let x = 0; x < width; x++) {
          const [a, b] = [at(x, y), other.at(x, y)];
          for (let c = 0; c < 3; c++) sum += Math.abs(a[c]! - b[c]!);
          count += 3;
        }
      return sum / count;
    },
  };
}

/** Page 1 drawn by poppler (pdftoppm), `width` pixels wide, as PNG. */
function popplerPage1(pdf: Buffer, width: number): Buffer {
  return execFileSync(
    'pdftoppm',
    ['-png', '-f', '1', '-l', '1', '-scale-to-x', String(width), '-scale-to-y', '-1', '-'],
    {
      input: pdf,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A request with one document uploaded through the API (as a sender does), sent to one signer. */
async function sentWith(pdf: Buffer) {
  const admin = await registerCompany(t);
  const draft = await createDraftSignRequest(t, admin.user.company.id, {
    userId: admin.user.id,
    signers: [{ verifications: [5] }],
    signables: 0,
  });
  const upload = await t.request({
    method: 'POST',
    url: `/api/sign-requests/${draft.request.id}/signables`,
    token: admin.token,
    ...multipart({ name: 'Scan', filename: 'scan.pdf', type: '1' }, [{ content: pdf }]),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const documentId = upload.json<{ id: number }>().id;
  await t.db
    .update(signRequests)
    .set({ stateId: 3, sentAt: new Date() })
    .where(eq(signRequests.id, draft.request.id));
  const token = createToken();
  const signerId = draft.signers[0]!.id;
  await t.db
    .update(signers)
    .set({ tokenHash: sha256(token), stateId: 3, invitedAt: new Date() })
    .where(eq(signers.id, signerId));
  await recordSignerLink(t.db, signerId, token, new Date());
  const [row] = await t.db.select().from(signables).where(eq(signables.id, documentId));
  return { requestId: draft.request.id, documentId, token, storageKey: row!.storageKey };
}

const pageData = async (token: string) =>
  (await t.request({ method: 'GET', url: `/api/signing/${token}` })).json<SigningPage>();
const image = (token: string, id: number) =>
  t.request({ method: 'GET', url: `/api/signing/${token}/signables/${id}/page-1` });

describe('page 1 of a large document as an image', () => {
  it('is drawn at upload and served to the signer: page 1 as pdf.js draws it, 1000 px wide', async () => {
    const scan = await makeScanPdf();
    expect(scan.length).toBeGreaterThan(1024 * 1024);
    const sent = await sentWith(scan);
    const [doc] = (await pageData(sent.token)).documents;
    expect(doc).toMatchObject({ id: sent.documentId, first_page_image: true });

    const res = await image(sent.token, sent.documentId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('no-store');
    const picture = await loadImage(res.rawPayload);
    expect(picture.width).toBe(1000);
    expect(picture.height).toBe(Math.round((1000 * 841.89) / 595.28));
    // The page's look: a black band, noise below it (neither white nor black).
    const pixels = await pixelsOf(res.rawPayload);
    expect(pixels.at(500, 500).every((v) => v < 40)).toBe(true);
    const noise = [100, 300, 500, 700, 900].map((x) => pixels.at(x, 1200).join());
    expect(new Set(noise).size).toBeGreaterThan(1);
    // Its text drawn as poppler draws it (a font the PDF does not embed is drawn from pdf.js's
    // standard fonts; without them each letter would be an empty box).
    const reference = await pixelsOf(popplerPage1(scan, picture.width));
    const difference = pixels.meanDifference(reference, { top: 60, bottom: 160 });
    // Measured: 13 with the standard fonts (anti-aliasing differs), 29 without them.
    expect(difference).toBeLessThan(20);
  });

  it('is not made for a small document, and is a 404 for another request’s document', async () => {
    const small = await sentWith(await makePdf(2));
    const [doc] = (await pageData(small.token)).documents;
    expect(doc!.first_page_image).toBe(false);
    expect(await createStorage(t.config).head(firstPageImageKey(small.storageKey))).toBeNull();
    expect((await image(small.token, small.documentId)).statusCode).toBe(404);

    const scan = await sentWith(await makeScanPdf());
    expect((await image(small.token, scan.documentId)).statusCode).toBe(404);
    expect((await image('b'.repeat(43), scan.documentId)).statusCode).toBe(404);
  });

  it('goes with its PDF when the request is purged', async () => {
    const sent = await sentWith(await makeScanPdf());
    const storage = createStorage(t.config);
    expect(await storage.head(firstPageImageKey(sent.storageKey))).not.toBeNull();
    const declined = await t.request({
      method: 'POST',
      url: `/api/signing/${sent.token}/decline`,
      payload: { reason: 'Nee' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    // A declined request's page no longer offers the image.
    expect((await pageData(sent.token)).documents).toEqual([]);
    const due = new Date((await requestRow(t, sent.requestId)).estimatedGdprPurgeAt!.getTime() + 1);
    expect(await purgeSignRequest({ db: t.db, storage }, sent.requestId, due)).toBe(true);
    expect(await storage.head(sent.storageKey)).toBeNull();
    expect(await storage.head(firstPageImageKey(sent.storageKey))).toBeNull();
  });
});
