import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  markerMessages,
  messages,
  signingMessages,
  type Session,
  type SignableDto,
} from '@paraaf/contract';
import { signables, signers, signRequests } from '../../db/schema/index.ts';
import { createStorage } from '../../lib/storage/create-storage.ts';
import { listKeys } from '../../lib/storage/storage.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import {
  createDraftSignRequest,
  createMember,
  createUser,
  errorsOf,
  insertSignRequest,
  login,
} from '../../../test/factories.ts';
import { makeDocx, makeEncryptedPdf, makePdf, makePng } from '../../../test/fixtures/documents.ts';
import { multipart, type FilePart } from '../../../test/fixtures/multipart.ts';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('POST /api/sign-requests/{id}/signables and GET /api/signables/{id}/file', () => {
  let t: TestApp;
  let dataDir: string;
  let admin: Session;
  let other: Session;
  let draftId: number;
  /** Every stored file (the app's storage: DATA_DIR/files, or its bucket with TEST_STORAGE=s3). */
  const storedFiles = () => listKeys(createStorage(t.config), '');

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-docs-test-'));
    t = await createTestApp({ dataDir });
    admin = await registerCompany(t);
    other = await registerCompany(t);
    // Two signers: markers may name signer 1 and 2 (input fields only signer 1).
    draftId = (
      await createDraftSignRequest(t, admin.user.company.id, {
        userId: admin.user.id,
        signers: 2,
        signables: 0,
      })
    ).request.id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const markers = {
    'variables[0][x]': '10',
    'variables[0][y]': '20',
    'variables[0][width]': '150',
    'variables[0][height]': '30',
    'variables[0][page]': '2',
    'variables[0][type]': 'generated',
    'variables[0][value]': 'signer.1.name',
    'variables[0][options][keepRatio]': 'false',
    'fields[0][x]': '100',
    'fields[0][y]': '100',
    'fields[0][width]': '150',
    'fields[0][height]': '30',
    'fields[0][page]': '1',
    'fields[0][type]': 'text',
    'fields[0][options][rules][0]': 'required',
  };

  const create = (
    token: string | undefined,
    id: number,
    file: FilePart | null,
    fields: Record<string, string> = {},
  ) =>
    t.request({
      method: 'POST',
      url: `/api/sign-requests/${id}/signables`,
      token,
      ...multipart(
        {
          name: 'Contract',
          filename: 'contract.pdf',
          type: '1',
          'settings[forms_enabled]': 'false',
          ...fields,
        },
        file ? [file] : [],
      ),
    });

  const rowsOf = (id: number) =>
    t.db.select().from(signables).where(eq(signables.signRequestId, id));

  /** Refused: a 422 on `file` with the message, and no row nor stored file left behind. */
  async function expectRefused(content: Buffer, message: string, filename = 'contract.pdf') {
    const before = (await storedFiles()).length;
    const res = await create(admin.token, draftId, { content, filename });
    expect(res.statusCode, message).toBe(422);
    expect(errorsOf(res).file).toEqual([message]);
    expect(await rowsOf(draftId)).toEqual([]);
    expect((await storedFiles()).length).toBe(before);
  }

  it('needs a session', async () => {
    expect((await create(undefined, draftId, { content: await makePdf() })).statusCode).toBe(401);
  });

  it('is forbidden for a viewer', async () => {
    const viewer = await createMember(t, admin.user.company.id, 'viewer');
    expect((await create(viewer.token, draftId, { content: await makePdf() })).statusCode).toBe(
      403,
    );
  });

  it("is a 404 for another company's sign request and an unknown one", async () => {
    const theirs = await insertSignRequest(t.db, { companyId: other.user.company.id });
    expect((await create(admin.token, theirs.id, { content: await makePdf() })).statusCode).toBe(
      404,
    );
    expect((await create(admin.token, 999999, { content: await makePdf() })).statusCode).toBe(404);
    expect(await rowsOf(theirs.id)).toEqual([]);
  });

  it('is a 409 when the request is no longer a draft', async () => {
    const sent = await insertSignRequest(t.db, { companyId: admin.user.company.id, stateId: 3 });
    const res = await create(admin.token, sent.id, { content: await makePdf() });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(signingMessages.stateConflict);
    expect(await rowsOf(sent.id)).toEqual([]);
  });

  it('refuses every bad file with the Dutch message and leaves nothing behind', async () => {
    const elf = Buffer.concat([
      Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]),
      Buffer.alloc(100),
    ]);
    await expectRefused(elf, signingMessages.fileType);
    await expectRefused(Buffer.from('Gewoon tekst met een .pdf-naam'), signingMessages.fileType);
    await expectRefused(Buffer.alloc(0), signingMessages.fileType);
    await expectRefused(await makeEncryptedPdf(), signingMessages.fileEncrypted);
    const pdf = await makePdf(3);
    await expectRefused(pdf.subarray(0, pdf.length >> 1), signingMessages.fileCorrupt);
    await expectRefused(
      Buffer.concat([pdf, Buffer.alloc(26 * 1024 * 1024)]),
      signingMessages.fileTooLarge,
    );
    await expectRefused(await makePdf(501, { text: false }), signingMessages.fileTooManyPages);
  });

  it('refuses a missing file and bad fields and markers on the right keys', async () => {
    const none = await create(admin.token, draftId, null);
    expect(errorsOf(none).file).toEqual([messages.required]);

    const pdf = await makePdf(2);
    const badType = await create(admin.token, draftId, { content: pdf }, { type: '2' });
    expect(badType.statusCode).toBe(422);
    expect(Object.keys(errorsOf(badType))).toEqual(['type']);
    const longName = await create(
      admin.token,
      draftId,
      { content: pdf },
      { name: 'x'.repeat(256) },
    );
    expect(errorsOf(longName).name).toEqual([messages.maxLength]);
    const nul = await create(admin.token, draftId, { content: pdf }, { name: 'a\u0000b' });
    expect(errorsOf(nul).name).toEqual([messages.invalidInput]);
    const badKey = await create(admin.token, draftId, { content: pdf }, { 'variables[0': '1' });
    expect(badKey.statusCode).toBe(422);

    const farPage = await create(
      admin.token,
      draftId,
      { content: pdf },
      { ...markers, 'variables[0][page]': '3' },
    );
    expect(farPage.statusCode).toBe(422);
    expect(errorsOf(farPage)['variables.0.page']).toEqual([signingMessages.markerPage]);
    const nonNumeric = await create(
      admin.token,
      draftId,
      { content: pdf },
      { ...markers, 'fields[0][x]': 'links' },
    );
    expect(Object.keys(errorsOf(nonNumeric))).toEqual(['fields.0.x']);
    const unknownType = await create(
      admin.token,
      draftId,
      { content: pdf },
      { ...markers, 'fields[0][type]': 'handtekening' },
    );
    expect(Object.keys(errorsOf(unknownType))).toEqual(['fields.0.type']);

    expect(await rowsOf(draftId)).toEqual([]);
    expect(await storedFiles()).toEqual([]);
  });

  it('removes the stored file when the insert fails', async () => {
    await t.db.execute(
      sql.raw(`CREATE FUNCTION paraaf_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'refused by test'; END $$`),
    );
    await t.db.execute(
      sql.raw(`CREATE TRIGGER paraaf_test_refuse BEFORE INSERT ON signables
        FOR EACH ROW EXECUTE FUNCTION paraaf_test_refuse()`),
    );
    try {
      const res = await create(admin.token, draftId, { content: await makePdf() });
      expect(res.statusCode).toBe(500);
      expect(await storedFiles()).toEqual([]);
    } finally {
      await t.db.execute(sql.raw('DROP TRIGGER paraaf_test_refuse ON signables'));
      await t.db.execute(sql.raw('DROP FUNCTION paraaf_test_refuse()'));
    }
  });

  let pdfBytes: Buffer;
  let created: SignableDto;

  it('stores the PDF, inspects it and keeps the markers with numbers parsed', async () => {
    pdfBytes = await makePdf(2, { form: true, size: [500, 700] });
    const res = await create(
      admin.token,
      draftId,
      { content: pdfBytes, filename: 'Contract €.pdf' },
      {
        ...markers,
        name: 'Huurcontract',
        filename: 'Huurcontract €.pdf',
        'settings[forms_enabled]': 'true',
      },
    );
    expect(res.statusCode).toBe(201);
    created = res.json<SignableDto>();
    expect(created).toMatchObject({
      name: 'Huurcontract',
      filename: 'Huurcontract €.pdf',
      size: pdfBytes.length,
      type: 1,
      state_id: 1,
      options: {
        pages: 2,
        filesize: pdfBytes.length,
        page_sizes: [
          { width: 500, height: 700 },
          { width: 500, height: 700 },
        ],
      },
      has_acroforms: true,
      settings: { forms_enabled: true },
      signed_signable: null,
    });
    expect(created.config).toEqual({
      variables: [
        {
          x: 10,
          y: 20,
          width: 150,
          height: 30,
          page: 2,
          type: 'generated',
          value: 'signer.1.name',
          options: { keepRatio: false },
        },
      ],
      fields: [
        {
          x: 100,
          y: 100,
          width: 150,
          height: 30,
          page: 1,
          type: 'text',
          options: { rules: ['required'] },
        },
      ],
    });
    const [row] = await rowsOf(draftId);
    expect(row!.sha256).toBe(sha(pdfBytes));
    expect(row!.position).toBe(1);
    expect(row!.storageKey).toMatch(new RegExp(`^companies/${admin.user.company.id}/signables/`));
    expect((await createStorage(t.config).get(row!.storageKey)).equals(pdfBytes)).toBe(true);

    // A second document (an image, converted) comes next.
    const second = await create(
      admin.token,
      draftId,
      { content: makePng(20, 10), filename: 'scan.png' },
      { name: 'Scan' },
    );
    expect(second.statusCode).toBe(201);
    expect(second.json<SignableDto>().has_acroforms).toBe(false);
    const rows = await rowsOf(draftId);
    expect(rows.map((r) => r.position).sort()).toEqual([1, 2]);
  });

  it('accepts a Word document as a signable', async () => {
    const res = await create(
      admin.token,
      draftId,
      { content: makeDocx(), filename: 'brief.docx' },
      { name: 'Brief', filename: 'brief.docx' },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json<SignableDto>().options.pages).toBe(1);
  }, 60_000);

  const download = (token: string | undefined, id: number, query = '') =>
    t.request({ method: 'GET', url: `/api/signables/${id}/file${query}`, token });

  it('serves the file as an attachment or inline, with the exact bytes', async () => {
    const attachment = await download(admin.token, created.id);
    expect(attachment.statusCode).toBe(200);
    expect(attachment.headers['content-type']).toBe('application/pdf');
    expect(attachment.headers['x-content-type-options']).toBe('nosniff');
    expect(attachment.headers['content-disposition']).toBe(
      `attachment; filename="Huurcontract _.pdf"; filename*=UTF-8''Huurcontract%20%E2%82%AC.pdf`,
    );
    expect(sha(attachment.rawPayload)).toBe(sha(pdfBytes));

    const inline = await download(admin.token, created.id, '?view=true');
    expect(inline.headers['content-disposition']).toMatch(/^inline; /);
    expect(sha(inline.rawPayload)).toBe(sha(pdfBytes));

    const user = await createMember(t, admin.user.company.id, 'user');
    expect((await download(user.token, created.id)).statusCode).toBe(200);
  });

  it('accepts the token as a query parameter; a garbage token is a 401', async () => {
    const res = await download(undefined, created.id, `?view=true&token=${admin.token}`);
    expect(res.statusCode).toBe(200);
    expect(sha(res.rawPayload)).toBe(sha(pdfBytes));
    expect((await download(undefined, created.id, '?token=onzin')).statusCode).toBe(401);
    expect((await download(undefined, created.id)).statusCode).toBe(401);
  });

  it("is a 404 for another company's document and for a viewer of a draft", async () => {
    expect((await download(other.token, created.id)).statusCode).toBe(404);
    expect((await download(admin.token, 999999)).statusCode).toBe(404);
    const viewer = await createMember(t, admin.user.company.id, 'viewer');
    expect((await download(viewer.token, created.id)).statusCode).toBe(404);
  });

  it('serves the signed file of a signed request, to its linked viewer only', async () => {
    const viewerUser = await createUser(t, admin.user.company.id, { role: 'viewer' });
    const viewer = await login(t, viewerUser.email);
    const otherViewer = await createMember(t, admin.user.company.id, 'viewer');
    const signed = await insertSignRequest(t.db, {
      companyId: admin.user.company.id,
      stateId: 5,
      viewerUserId: viewerUser.id,
    });
    const storage = createStorage(t.config);
    const original = await makePdf(1);
    const sealed = await makePdf(2);
    await storage.put(`test/${signed.id}/original.pdf`, original);
    await storage.put(`test/${signed.id}/signed.pdf`, sealed);
    const [row] = await t.db
      .insert(signables)
      .values({
        signRequestId: signed.id,
        companyId: admin.user.company.id,
        name: 'Getekend',
        filename: 'getekend.pdf',
        size: original.length,
        pageCount: 1,
        pages: [{ width: 595.28, height: 841.89 }],
        storageKey: `test/${signed.id}/original.pdf`,
        sha256: sha(original),
        stateId: 5,
        signedStorageKey: `test/${signed.id}/signed.pdf`,
        signedSha256: sha(sealed),
        signedSize: sealed.length,
        signedAt: new Date(),
      })
      .returning();

    const res = await download(viewer.token, row!.id, '?view=true');
    expect(res.statusCode).toBe(200);
    expect(sha(res.rawPayload)).toBe(sha(sealed));
    // Named as the sealed document, never as the original it replaces.
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="getekend-ondertekend.pdf"; filename*=UTF-8''getekend-ondertekend.pdf`,
    );
    expect(sha((await download(admin.token, row!.id)).rawPayload)).toBe(sha(sealed));
    expect((await download(otherViewer.token, row!.id)).statusCode).toBe(404);
  });

  describe('marker rules and the wizard rules', () => {
    const requestRow = async (id: number) =>
      (await t.db.select().from(signRequests).where(eq(signRequests.id, id)))[0]!;
    const signerRows = (id: number) =>
      t.db
        .select({ position: signers.position, allowFormEdit: signers.allowFormEdit })
        .from(signers)
        .where(eq(signers.signRequestId, id))
        .orderBy(signers.position);
    const draft = async (signerCount: number) =>
      (
        await createDraftSignRequest(t, admin.user.company.id, {
          signers: signerCount,
          signables: 0,
        })
      ).request.id;
    const textField = {
      'fields[0][x]': '100',
      'fields[0][y]': '100',
      'fields[0][width]': '150',
      'fields[0][height]': '30',
      'fields[0][page]': '1',
      'fields[0][type]': 'text',
    };

    it('refuses markers off the page, a small font, unknown signers and fields for signer 2', async () => {
      const id = await draft(2);
      const pdf = await makePdf(2, { size: [500, 700] });
      const offPage = await create(
        admin.token,
        id,
        { content: pdf },
        { ...markers, 'variables[0][x]': '400', 'fields[0][y]': '690' },
      );
      expect(offPage.statusCode).toBe(422);
      expect(errorsOf(offPage)).toEqual({
        'variables.0.x': [markerMessages.offPage],
        'fields.0.y': [markerMessages.offPage],
      });
      const font = await create(
        admin.token,
        id,
        { content: pdf },
        { ...markers, 'variables[0][options][fontSize]': '7' },
      );
      expect(errorsOf(font)).toEqual({
        'variables.0.options.fontSize': [markerMessages.fontSize],
      });
      const beyond = await create(
        admin.token,
        id,
        { content: pdf },
        { ...markers, 'variables[0][value]': 'signer.3.signature' },
      );
      expect(errorsOf(beyond)).toEqual({ 'variables.0.value': [markerMessages.signerUnknown] });
      const second = await create(
        admin.token,
        id,
        { content: pdf },
        { ...markers, 'fields[0][options][signer]': '2' },
      );
      expect(errorsOf(second)).toEqual({
        'fields.0.options.signer': [markerMessages.fieldsFirstSigner],
      });
      const text = await create(
        admin.token,
        id,
        { content: pdf },
        { ...markers, 'variables[0][type]': 'text', 'variables[0][value]': '' },
      );
      expect(errorsOf(text)).toEqual({ 'variables.0.value': [markerMessages.textValue] });
      expect(await rowsOf(id)).toEqual([]);
      expect((await requestRow(id)).isSync).toBe(false);
    });

    it('refuses a signature or paraph marker its signer will never fill, on the field, in Dutch', async () => {
      const {
        request,
        signers: [, second],
      } = await createDraftSignRequest(t, admin.user.company.id, {
        signers: [{ verifications: [1, 5] }, { verifications: [1, 6] }],
        signables: 0,
      });
      const pdf = await makePdf(2);
      const marker = (value: string) => ({
        'variables[0][x]': '10',
        'variables[0][y]': '20',
        'variables[0][width]': '50',
        'variables[0][height]': '50',
        'variables[0][page]': '1',
        'variables[0][type]': 'generated',
        'variables[0][value]': value,
      });
      const paraphOfSigner1 = await create(
        admin.token,
        request.id,
        { content: pdf },
        marker('signer.1.paraph'),
      );
      expect(paraphOfSigner1.statusCode).toBe(422);
      expect(errorsOf(paraphOfSigner1)).toEqual({
        'variables.0.value': [markerMessages.neverFilled.paraph],
      });
      expect(markerMessages.neverFilled.paraph).toMatch(/^Deze ondertekenaar zet geen paraaf/);
      const signatureOfSigner2 = await create(
        admin.token,
        request.id,
        { content: pdf },
        marker('signer.2.signature'),
      );
      expect(errorsOf(signatureOfSigner2)).toEqual({
        'variables.0.value': [markerMessages.neverFilled.signature],
      });
      expect(await rowsOf(request.id)).toEqual([]);
      // What each one does fill is stored; a name or date goes with any signer.
      for (const value of [
        'signer.1.signature',
        'signer.2.paraph',
        'signer.2.name',
        'signer.1.date',
      ]) {
        const ok = await create(admin.token, request.id, { content: pdf }, marker(value));
        expect(ok.statusCode, value).toBe(201);
      }
      // Nor can the draft's signer 2 drop Paraaf afterwards: the paraph marker would stay empty.
      const dropParaph = await t.request({
        method: 'PUT',
        url: `/api/sign-requests/${request.id}/update-signer`,
        token: admin.token,
        payload: {
          signer_id: second!.id,
          firstname: second!.firstname,
          lastname: second!.lastname,
          email: second!.email,
          locale: 'nl',
          verifications: [1, 5],
          reminder_after: 3,
          max_reminders: 5,
        },
      });
      expect(dropParaph.statusCode).toBe(422);
      expect(errorsOf(dropParaph)).toEqual({
        verifications: [markerMessages.neededByMarker.paraph],
      });
    });

    it('a request without signers takes no marker that names one', async () => {
      const id = await draft(0);
      const res = await create(admin.token, id, { content: await makePdf(2) }, markers);
      expect(errorsOf(res)).toEqual({
        'variables.0.value': [markerMessages.signerUnknown],
        'fields.0.options.signer': [markerMessages.signerUnknown],
      });
    });

    it('input fields with several signers force signing in sequence; one signer does not', async () => {
      const several = await draft(2);
      const res = await create(admin.token, several, { content: await makePdf(1) }, textField);
      expect(res.statusCode).toBe(201);
      expect((await requestRow(several)).isSync).toBe(true);
      expect((await signerRows(several)).map((s) => s.allowFormEdit)).toEqual([false, false]);

      const one = await draft(1);
      expect(
        (await create(admin.token, one, { content: await makePdf(1) }, textField)).statusCode,
      ).toBe(201);
      expect((await requestRow(one)).isSync).toBe(false);

      const noFields = await draft(2);
      expect((await create(admin.token, noFields, { content: await makePdf(1) })).statusCode).toBe(
        201,
      );
      expect((await requestRow(noFields)).isSync).toBe(false);
    });

    it('an AcroForm PDF with forms enabled forces sequence and lets the first signer edit forms', async () => {
      const form = await makePdf(1, { form: true });
      const disabled = await draft(2);
      expect((await create(admin.token, disabled, { content: form })).statusCode).toBe(201);
      expect((await requestRow(disabled)).isSync).toBe(false);
      expect((await signerRows(disabled)).map((s) => s.allowFormEdit)).toEqual([false, false]);

      const enabled = await draft(2);
      const res = await create(
        admin.token,
        enabled,
        { content: form },
        { 'settings[forms_enabled]': 'true' },
      );
      expect(res.statusCode).toBe(201);
      expect(res.json<SignableDto>().has_acroforms).toBe(true);
      expect((await requestRow(enabled)).isSync).toBe(true);
      expect(await signerRows(enabled)).toEqual([
        { position: 1, allowFormEdit: true },
        { position: 2, allowFormEdit: false },
      ]);
    });

    it('sending applies the rules to a signer added after the document', async () => {
      const id = await draft(1);
      expect(
        (await create(admin.token, id, { content: await makePdf(1) }, textField)).statusCode,
      ).toBe(201);
      expect((await requestRow(id)).isSync).toBe(false);
      await t.db.insert(signers).values({
        signRequestId: id,
        companyId: admin.user.company.id,
        position: 2,
        firstname: 'Tweede',
        lastname: 'Tekenaar',
        email: 'tweede@example.com',
        verifications: [1],
      });
      const sent = await t.request({
        method: 'POST',
        url: `/api/sign-requests/${id}/ready`,
        token: admin.token,
      });
      expect(sent.statusCode).toBe(200);
      expect((await requestRow(id)).isSync).toBe(true);
    });
  });
});
