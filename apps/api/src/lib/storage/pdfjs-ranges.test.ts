import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signables, signerEvidence } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { sendTestRequest } from '../../modules/signing/signing.fixture.ts';
import { contractPdf } from '../../../../../scripts/lib/contract-pdf.mjs';
import { createStorage } from './create-storage.ts';

/**
 * Ranges end to end with the signer page's own PDF library: pdf.js (pdfjs-dist, its Node build)
 * opens the signer's file route by URL and shows page 1 of a 100-page document having read only
 * part of the file through Range requests (on disk, or on S3 with TEST_STORAGE=s3).
 */
describe('pdf.js reads page 1 of a 100-page document through byte ranges', () => {
  let t: TestApp;
  let url: string;
  let size: number;
  let sent: Awaited<ReturnType<typeof sendTestRequest>>;

  beforeAll(async () => {
    t = await createTestApp();
    sent = await sendTestRequest(t);
    const [row] = await t.db
      .select({ key: signables.storageKey })
      .from(signables)
      .where(eq(signables.id, sent.signableIds[0]!));
    const pdf = await contractPdf(100, 40);
    size = pdf.length;
    await createStorage(t.config).put(row!.key, pdf);
    url = `${t.url}/api/signing/${sent.tokens[0]}/signables/${sent.signableIds[0]}/file`;
  });
  afterAll(() => t.close());

  it('draws page 1 from less than the whole file', async () => {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const task = pdfjs.getDocument({
      url,
      // Only what is asked for, in 8 kB ranges (the signer's page may tune these).
      disableAutoFetch: true,
      disableStream: true,
      rangeChunkSize: 8192,
      isEvalSupported: false,
      verbosity: pdfjs.VerbosityLevel.ERRORS,
    });
    let loaded = 0;
    task.onProgress = (progress: { loaded: number }) => {
      loaded = progress.loaded;
    };
    const doc = await task.promise;
    try {
      expect(doc.numPages).toBe(100);
      const text = await (await doc.getPage(1)).getTextContent();
      expect(text.items.length).toBeGreaterThan(0);
      expect(loaded).toBeGreaterThan(0);
      expect(loaded).toBeLessThan(size);
      // Every range request counts as opening the file; the evidence names the document once.
      const evidence = await t.db.select().from(signerEvidence);
      expect(evidence).toHaveLength(1);
      expect(evidence[0]!.viewedSignableIds).toEqual([sent.signableIds[0]]);
    } finally {
      await doc.destroy();
    }
  });
});
