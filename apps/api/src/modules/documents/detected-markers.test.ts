import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { PLACE_CONFIDENCE, type DetectedMarker, type Variable } from '@paraaf/contract';
import { signables, templates } from '../../db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import {
  createDraftThroughApi,
  createMember,
  PLAN,
  registerCompanyOnPlan,
} from '../../../test/factories.ts';
import { twoColumnContract } from '../../../test/fixtures/detection-pdfs.ts';
import { makePdf } from '../../../test/fixtures/documents.ts';
import { multipart } from '../../../test/fixtures/multipart.ts';

/** `variables[0][options][fontSize]`-style form keys, as the seed's multipart body has them. */
function formKeys(prefix: string, value: unknown): Record<string, string> {
  if (value === null || typeof value !== 'object') return { [prefix]: String(value) };
  return Object.assign(
    {},
    ...Object.entries(value).map(([k, v]) => formKeys(`${prefix}[${k}]`, v)),
  ) as Record<string, string>;
}

describe('detected markers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signing = [1, 5];
  async function draftWith(
    token: string,
    pdf: Uint8Array,
    variables: unknown[] = [],
    extra: Record<string, string> = {},
  ) {
    const draft = await createDraftThroughApi(t, token, {
      signers: [{ verifications: signing }, { verifications: signing }],
    });
    const upload = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${draft.id}/signables`,
      token,
      ...multipart({ name: 'Overeenkomst', ...formKeys('variables', variables), ...extra }, [
        { content: Buffer.from(pdf), filename: 'overeenkomst.pdf' },
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    return { id: draft.id, signableId: upload.json<{ id: number }>().id };
  }
  const detected = (token: string, id: number) =>
    t.request({ method: 'GET', url: `/api/signables/${id}/detected-markers`, token });
  const variablesOf = async (id: number) =>
    (await t.db.select().from(signables).where(eq(signables.id, id)))[0]!.config
      .variables as Variable[];

  it('finds each party block of an uploaded contract, for the signers in reading order', async () => {
    const admin = await registerCompany(t);
    const contract = await twoColumnContract();
    const { signableId } = await draftWith(admin.token, contract.bytes);
    const res = await detected(admin.token, signableId);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: DetectedMarker[] }>().data;
    expect(data.map((m) => m.value).sort()).toEqual(contract.expected.map((e) => e.value).sort());
    const right = data.find((m) => m.value === 'signer.2.signature')!;
    expect(right).toMatchObject({ page: 3, options: { label: 'Opdrachtnemer – Handtekening' } });
    expect(right.x).toBeGreaterThan(300);
  });

  it('is 404 for another company, 403 for a viewer, and empty for a page without text', async () => {
    const admin = await registerCompany(t);
    const other = await registerCompany(t);
    const { signableId } = await draftWith(admin.token, (await twoColumnContract()).bytes);
    expect((await detected(other.token, signableId)).statusCode).toBe(404);
    expect((await detected(admin.token, 999_999)).statusCode).toBe(404);
    const viewer = await createMember(t, admin.user.company.id, 'viewer');
    expect((await detected(viewer.token, signableId)).statusCode).toBe(403);

    const blank = await draftWith(admin.token, await makePdf(1));
    const res = await detected(admin.token, blank.signableId);
    expect(res.json()).toEqual({ data: [] });
  });

  it('sends each signer without markers to their own party line; a marked signer keeps theirs', async () => {
    const admin = await registerCompany(t);
    const contract = await twoColumnContract();
    const own = {
      type: 'generated',
      value: 'signer.1.signature',
      page: 1,
      x: 100,
      y: 100,
      width: 150,
      height: 50,
      options: {},
    };
    const { id, signableId } = await draftWith(admin.token, contract.bytes, [own]);
    const sent = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${id}/ready`,
      token: admin.token,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const variables = await variablesOf(signableId);
    // Signer 1 placed their own signature: nothing found is added for them, no fallback either.
    expect(variables.filter((v) => v.value?.startsWith('signer.1.'))).toEqual([own]);
    // Signer 2 gets the Opdrachtnemer block: name, date and signature where they were found.
    const second = variables.filter((v) => v.value?.startsWith('signer.2.'));
    const expected = contract.expected.filter((e) => e.value.startsWith('signer.2.'));
    expect(second.map((v) => v.value).sort()).toEqual(expected.map((e) => e.value).sort());
    for (const e of expected) {
      const v = second.find((s) => s.value === e.value)!;
      expect(v.page).toBe(3);
      expect(Math.abs(v.x - e.x)).toBeLessThanOrEqual(20);
      expect(Math.abs(v.y - e.y)).toBeLessThanOrEqual(20);
      expect(v).not.toHaveProperty('confidence');
    }
  });

  it('remembers a turned-down suggestion: flagged on the document, not placed on send', async () => {
    const admin = await registerCompany(t);
    const contract = await twoColumnContract();
    const place = contract.expected.find((e) => e.value === 'signer.2.signature')!;
    // The editor names the turned-down box by its place; a few points off is the same place.
    const turnedDown = { page: place.page, x: place.x + 3, y: place.y - 2, value: place.value };
    const { id, signableId } = await draftWith(admin.token, contract.bytes, [], {
      ...formKeys('rejected_suggestions', [turnedDown]),
    });
    const data = (await detected(admin.token, signableId)).json<{ data: DetectedMarker[] }>().data;
    expect(data.filter((m) => m.rejected).map((m) => m.value)).toEqual(['signer.2.signature']);
    expect(data.filter((m) => !m.rejected)).toHaveLength(contract.expected.length - 1);

    const sent = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${id}/ready`,
      token: admin.token,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const variables = await variablesOf(signableId);
    // Signer 2's name and date lines are still taken; the signature goes to the fallback, not
    // to the turned-down line.
    const second = variables.filter((v) => v.value?.startsWith('signer.2.'));
    expect(second.map((v) => v.value)).toContain('signer.2.name');
    const signature = second.find((v) => v.value === 'signer.2.signature');
    expect(signature).toBeDefined();
    expect(Math.abs(signature!.x - place.x) + Math.abs(signature!.y - place.y)).toBeGreaterThan(20);

    const bad = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${(await createDraftThroughApi(t, admin.token, {})).id}/signables`,
      token: admin.token,
      ...multipart({ 'rejected_suggestions[0][page]': 'nul', 'rejected_suggestions[0][x]': '1' }, [
        { content: Buffer.from(contract.bytes), filename: 'o.pdf' },
      ]),
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ errors: object }>().errors).sort()).toEqual([
      'rejected_suggestions.0.page',
      'rejected_suggestions.0.value',
      'rejected_suggestions.0.y',
    ]);
  });

  it('keeps a turned-down suggestion of a template turned down on the documents made from it', async () => {
    const admin = await registerCompanyOnPlan(t, PLAN.premium);
    const contract = await twoColumnContract();
    const place = contract.expected.find((e) => e.value === 'signer.1.signature')!;
    const created = await t.request({
      method: 'POST',
      url: '/api/templates',
      token: admin.token,
      ...multipart(
        {
          name: 'Overeenkomst',
          ...formKeys('rejected_suggestions', [
            { page: place.page, x: place.x, y: place.y, value: place.value },
          ]),
        },
        [{ content: Buffer.from(contract.bytes), filename: 'overeenkomst.pdf' }],
      ),
    });
    expect(created.statusCode, created.body).toBe(201);
    const [row] = await t.db
      .select()
      .from(templates)
      .where(eq(templates.id, created.json<{ id: number }>().id));
    expect(row!.detectedMarkers.filter((m) => m.rejected).map((m) => m.value)).toEqual([
      'signer.1.signature',
    ]);
    const draft = await createDraftThroughApi(t, admin.token, {
      signers: [{ verifications: signing }, { verifications: signing }],
    });
    const copy = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${draft.id}/signables/from-template`,
      token: admin.token,
      payload: { template_id: row!.id },
    });
    expect(copy.statusCode, copy.body).toBe(201);
    const found = await detected(admin.token, copy.json<{ id: number }>().id);
    const data = found.json<{ data: DetectedMarker[] }>().data;
    expect(data.filter((m) => m.rejected).map((m) => m.value)).toEqual(['signer.1.signature']);
  });

  it('finds the fields of a file before it is a document, and refuses what is no PDF', async () => {
    const admin = await registerCompany(t);
    const contract = await twoColumnContract();
    const detect = (content: Buffer, filename: string) =>
      t.request({
        method: 'POST',
        url: '/api/upload-file/detected-markers',
        token: admin.token,
        ...multipart({}, [{ content, filename }]),
      });
    const res = await detect(Buffer.from(contract.bytes), 'overeenkomst.pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: DetectedMarker[] }>().data).toHaveLength(contract.expected.length);
    const refused = await detect(Buffer.from('geen pdf'), 'x.pdf');
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json<{ errors: object }>().errors)).toEqual(['file']);
    const viewer = await createMember(t, admin.user.company.id, 'viewer');
    const forbidden = await t.request({
      method: 'POST',
      url: '/api/upload-file/detected-markers',
      token: viewer.token,
      ...multipart({}, [{ content: Buffer.from(contract.bytes), filename: 'o.pdf' }]),
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('finds the fields of an uploaded template and hands them to the documents made from it', async () => {
    const admin = await registerCompanyOnPlan(t, PLAN.premium);
    const contract = await twoColumnContract();
    const created = await t.request({
      method: 'POST',
      url: '/api/templates',
      token: admin.token,
      ...multipart({ name: 'Overeenkomst' }, [
        { content: Buffer.from(contract.bytes), filename: 'overeenkomst.pdf' },
      ]),
    });
    expect(created.statusCode, created.body).toBe(201);
    const templateId = created.json<{ id: number }>().id;
    const [row] = await t.db.select().from(templates).where(eq(templates.id, templateId));
    expect(row!.detectedMarkers.map((m) => m.value).sort()).toEqual(
      contract.expected.map((e) => e.value).sort(),
    );
    const draft = await createDraftThroughApi(t, admin.token, {
      signers: [{ verifications: signing }, { verifications: signing }],
    });
    const copy = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${draft.id}/signables/from-template`,
      token: admin.token,
      payload: { template_id: templateId },
    });
    expect(copy.statusCode, copy.body).toBe(201);
    const res = await detected(admin.token, copy.json<{ id: number }>().id);
    expect(res.json<{ data: DetectedMarker[] }>().data).toEqual(row!.detectedMarkers);
  });

  it('offers a bare label without a line, but sends with the fallback rather than on it', async () => {
    const admin = await registerCompany(t);
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc
      .addPage([595.28, 841.89])
      .drawText('Handtekening koper:', { x: 60, y: 200, size: 12, font });
    const { id, signableId } = await draftWith(admin.token, await doc.save());
    const offered = (await detected(admin.token, signableId)).json<{ data: DetectedMarker[] }>();
    expect(offered.data.map((m) => m.value)).toEqual(['signer.1.signature']);
    expect(offered.data[0]!.confidence).toBeLessThan(PLACE_CONFIDENCE);
    const sent = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${id}/ready`,
      token: admin.token,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const signatures = (await variablesOf(signableId)).filter((v) =>
      v.value?.endsWith('.signature'),
    );
    expect(signatures.map((v) => v.y)).toEqual([signatures[0]!.y, signatures[0]!.y]);
    expect(signatures[0]!.y).toBeGreaterThan(841.89 - 36 - 62 - 1);
  });

  it('keeps the foot-of-the-page fallback where nothing was found', async () => {
    const admin = await registerCompany(t);
    const { id, signableId } = await draftWith(admin.token, await makePdf(1));
    const sent = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${id}/ready`,
      token: admin.token,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const signatures = (await variablesOf(signableId)).filter((v) =>
      v.value?.endsWith('.signature'),
    );
    expect(signatures.map((v) => v.value)).toEqual(['signer.1.signature', 'signer.2.signature']);
    expect(signatures[0]!.y).toBe(signatures[1]!.y);
  });
});
