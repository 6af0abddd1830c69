import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, signingMessages, type Session } from '@paraaf/contract';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { createMember, errorsOf } from '../../../test/factories.ts';
import {
  jpegFixture,
  makeDoc,
  makeDocx,
  makeEncryptedPdf,
  makePdf,
  makePng,
} from '../../../test/fixtures/documents.ts';
import { multipart, type FilePart } from '../../../test/fixtures/multipart.ts';
import { detectFileKind } from '../../lib/pdf/detect.ts';

describe('POST /api/upload-file', () => {
  let t: TestApp;
  let admin: Session;
  let viewer: Session;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerCompany(t);
    viewer = await createMember(t, admin.user.company.id, 'viewer');
  });
  afterAll(() => t.close());

  const upload = (token: string | undefined, file?: FilePart) => {
    const body = multipart({}, file ? [file] : []);
    return t.request({ method: 'POST', url: '/api/upload-file', token, ...body });
  };

  it('needs a session', async () => {
    expect((await upload(undefined, { content: await makePdf() })).statusCode).toBe(401);
  });

  it('is forbidden for a viewer', async () => {
    expect((await upload(viewer.token, { content: await makePdf() })).statusCode).toBe(403);
  });

  it('refuses a request without a file, or that is not multipart', async () => {
    const none = await upload(admin.token);
    expect(none.statusCode).toBe(422);
    expect(errorsOf(none).file).toEqual([messages.required]);
    const json = await t.request({
      method: 'POST',
      url: '/api/upload-file',
      token: admin.token,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(422);
    expect(errorsOf(json).file).toEqual([messages.required]);
  });

  it('refuses files that are not of an accepted type, whatever their name', async () => {
    const elf = Buffer.concat([
      Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]),
      Buffer.alloc(200),
    ]);
    for (const content of [elf, Buffer.from('Dit is gewoon tekst.\n'), Buffer.alloc(0)]) {
      const res = await upload(admin.token, { content, filename: 'contract.pdf' });
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res).file).toEqual([signingMessages.fileType]);
    }
  });

  it('refuses encrypted and damaged PDFs with the Dutch messages', async () => {
    const encrypted = await upload(admin.token, { content: await makeEncryptedPdf() });
    expect(encrypted.statusCode).toBe(422);
    expect(errorsOf(encrypted).file).toEqual([signingMessages.fileEncrypted]);
    const pdf = await makePdf(2);
    const truncated = await upload(admin.token, { content: pdf.subarray(0, pdf.length >> 1) });
    expect(truncated.statusCode).toBe(422);
    expect(errorsOf(truncated).file).toEqual([signingMessages.fileCorrupt]);
  });

  it('refuses a file over 25 MB', async () => {
    const big = Buffer.concat([await makePdf(1), Buffer.alloc(26 * 1024 * 1024)]);
    const res = await upload(admin.token, { content: big });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res).file).toEqual([signingMessages.fileTooLarge]);
  });

  it('returns a PDF as it is, and images and Word documents converted to PDF', async () => {
    const pdf = await makePdf(2);
    const same = await upload(admin.token, { content: pdf });
    expect(same.statusCode).toBe(200);
    expect(same.headers['content-type']).toBe('application/pdf');
    expect(same.headers['x-content-type-options']).toBe('nosniff');
    expect(same.rawPayload.equals(pdf)).toBe(true);
    // The wizard reads the page count and whether there are form fields from the headers.
    expect(same.headers['x-page-count']).toBe('2');
    expect(same.headers['x-has-acroforms']).toBe('0');
    const form = await upload(admin.token, { content: await makePdf(3, { form: true }) });
    expect(form.headers['x-page-count']).toBe('3');
    expect(form.headers['x-has-acroforms']).toBe('1');

    // A PNG named .pdf is a PNG: content decides.
    for (const file of [
      { content: makePng(40, 30), filename: 'scan.pdf', contentType: 'application/pdf' },
      { content: jpegFixture(), filename: 'foto.jpg', contentType: 'image/jpeg' },
      { content: makeDocx(), filename: 'brief.docx', contentType: 'application/octet-stream' },
      { content: makeDoc(), filename: 'brief.doc', contentType: 'application/msword' },
    ]) {
      const res = await upload(admin.token, file);
      expect(res.statusCode, file.filename).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(detectFileKind(res.rawPayload)).toBe('pdf');
      expect(res.headers['x-page-count']).toBe('1');
    }
  }, 120_000);

  it('is allowed for a user', async () => {
    const user = await createMember(t, admin.user.company.id, 'user');
    expect((await upload(user.token, { content: makePng(4, 4) })).statusCode).toBe(200);
  });
});
