import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inputMessages,
  markerMessages,
  messages,
  signingMessages,
  type Paginated,
  type ReusableVariable,
  type Session,
  type TemplateDto,
} from '@paraaf/contract';
import { companies, templates } from '../../db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { createStorage } from '../../lib/storage/create-storage.ts';
import { listKeys } from '../../lib/storage/storage.ts';
import { createMember, errorsOf, seedSignRequest } from '../../../test/factories.ts';
import { makePdf, makePng } from '../../../test/fixtures/documents.ts';
import { multipart, type FilePart } from '../../../test/fixtures/multipart.ts';

const marker = (i: number, over: Record<string, string> = {}) => {
  const base: Record<string, string> = {
    x: '10',
    y: '20',
    width: '150',
    height: '30',
    page: '1',
    type: 'generated',
    value: 'signer.10.signature',
    ...over,
  };
  return Object.fromEntries(Object.entries(base).map(([k, v]) => [`variables[${i}][${k}]`, v]));
};

describe('templates API', () => {
  let t: TestApp;
  let dataDir: string;
  let admin: Session;
  let viewer: Session;
  let other: Session;
  let withoutFeature: Session;
  /** The app's storage (DATA_DIR/files, or its bucket with TEST_STORAGE=s3). */
  const storage = () => createStorage(t.config);
  const storedFiles = () => listKeys(storage(), '');

  const enableTemplates = (companyId: number) =>
    t.db
      .update(companies)
      .set({ extraFeatures: ['templates'] })
      .where(eq(companies.id, companyId));

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-templates-test-'));
    t = await createTestApp({ dataDir });
    admin = await registerCompany(t);
    other = await registerCompany(t);
    withoutFeature = await registerCompany(t);
    await enableTemplates(admin.user.company.id);
    await enableTemplates(other.user.company.id);
    viewer = await createMember(t, admin.user.company.id, 'viewer');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (
    token: string | undefined,
    file: FilePart | null,
    fields: Record<string, string> = {},
  ) =>
    t.request({
      method: 'POST',
      url: '/api/templates',
      token,
      ...multipart({ name: 'Huurcontract', ...fields }, file ? [file] : []),
    });
  const get = (token: string | undefined, url: string) => t.request({ method: 'GET', url, token });
  const put = (token: string | undefined, id: number, payload: unknown) =>
    t.request({ method: 'PUT', url: `/api/templates/${id}`, token, payload: payload as object });
  const del = (token: string | undefined, id: number) =>
    t.request({ method: 'DELETE', url: `/api/templates/${id}`, token });
  const rowsOf = (companyId: number) =>
    t.db.select().from(templates).where(eq(templates.companyId, companyId));

  let theirs: TemplateDto;
  beforeAll(async () => {
    const res = await upload(
      other.token,
      { content: await makePdf(1) },
      {
        name: 'Van een ander',
        ...marker(0, { type: 'text', value: 'Geheim adres' }),
      },
    );
    expect(res.statusCode).toBe(201);
    theirs = res.json<TemplateDto>();
  });

  describe('refusals', () => {
    it('needs a session on every route', async () => {
      expect((await upload(undefined, { content: await makePdf(1) })).statusCode).toBe(401);
      for (const url of [
        '/api/templates',
        '/api/templates/variables',
        `/api/templates/${theirs.id}`,
        `/api/templates/${theirs.id}/file`,
        '/api/signrequests/variables',
      ]) {
        expect((await get(undefined, url)).statusCode, url).toBe(401);
      }
      expect((await put(undefined, theirs.id, { name: 'x' })).statusCode).toBe(401);
      expect((await del(undefined, theirs.id)).statusCode).toBe(401);
    });

    it('is forbidden for a viewer, on every route', async () => {
      expect((await upload(viewer.token, { content: await makePdf(1) })).statusCode).toBe(403);
      for (const url of [
        '/api/templates',
        '/api/templates/variables',
        `/api/templates/${theirs.id}`,
        `/api/templates/${theirs.id}/file`,
        '/api/signrequests/variables',
      ]) {
        expect((await get(viewer.token, url)).statusCode, url).toBe(403);
      }
      expect((await put(viewer.token, theirs.id, { name: 'x' })).statusCode).toBe(403);
      expect((await del(viewer.token, theirs.id)).statusCode).toBe(403);
    });

    it('is forbidden without the templates feature (sign request markers stay open)', async () => {
      const token = withoutFeature.token;
      expect((await upload(token, { content: await makePdf(1) })).statusCode).toBe(403);
      expect((await get(token, '/api/templates')).statusCode).toBe(403);
      expect((await get(token, '/api/templates/variables')).statusCode).toBe(403);
      expect((await put(token, theirs.id, { name: 'x' })).statusCode).toBe(403);
      expect((await del(token, theirs.id)).statusCode).toBe(403);
      expect(await rowsOf(withoutFeature.user.company.id)).toEqual([]);
      expect((await get(token, '/api/signrequests/variables')).statusCode).toBe(200);
    });

    it("is a 404 for another company's template on every route, and it stays", async () => {
      expect((await get(admin.token, `/api/templates/${theirs.id}`)).statusCode).toBe(404);
      expect((await get(admin.token, `/api/templates/${theirs.id}/file`)).statusCode).toBe(404);
      expect((await put(admin.token, theirs.id, { name: 'Overgenomen' })).statusCode).toBe(404);
      expect((await put(admin.token, theirs.id, { name: '' })).statusCode).toBe(404);
      expect((await del(admin.token, theirs.id)).statusCode).toBe(404);
      expect((await get(admin.token, '/api/templates/999999')).statusCode).toBe(404);
      const [row] = await rowsOf(other.user.company.id);
      expect(row!.name).toBe('Van een ander');
    });

    it('refuses bad files and bad markers on the right keys, leaving nothing behind', async () => {
      const before = (await storedFiles()).length;
      const pdf = await makePdf(2, { size: [500, 700] });
      const cases: [FilePart | null, Record<string, string>, Record<string, string[]>][] = [
        [null, {}, { file: [messages.required] }],
        [{ content: Buffer.from('gewoon tekst') }, {}, { file: [signingMessages.fileType] }],
        [{ content: pdf }, { name: 'x'.repeat(256) }, { name: [messages.maxLength] }],
        [{ content: pdf }, marker(0, { x: '400' }), { 'variables.0.x': [markerMessages.offPage] }],
        [
          { content: pdf },
          marker(0, { page: '3' }),
          { 'variables.0.page': [signingMessages.markerPage] },
        ],
        [
          { content: pdf },
          marker(0, { type: 'stempel' }),
          { 'variables.0.type': [markerMessages.type] },
        ],
        [
          { content: pdf },
          marker(0, { value: 'signer.11.signature' }),
          { 'variables.0.value': [markerMessages.signerUnknown] },
        ],
        [
          { content: pdf },
          { ...marker(0), 'variables[0][options][fontSize]': '7' },
          { 'variables.0.options.fontSize': [markerMessages.fontSize] },
        ],
        [
          { content: pdf },
          {
            'fields[0][x]': '1',
            'fields[0][y]': '1',
            'fields[0][width]': '100',
            'fields[0][height]': '20',
            'fields[0][page]': '1',
            'fields[0][type]': 'text',
            'fields[0][options][signer]': '11',
          },
          { 'fields.0.options.signer': [markerMessages.signerUnknown] },
        ],
      ];
      for (const [file, fields, errors] of cases) {
        const res = await upload(admin.token, file, fields);
        expect(res.statusCode, JSON.stringify(errors)).toBe(422);
        expect(errorsOf(res)).toEqual(errors);
      }
      expect(await rowsOf(admin.user.company.id)).toEqual([]);
      expect((await storedFiles()).length).toBe(before);
    });
  });

  describe('create, read, update, delete', () => {
    let created: TemplateDto;

    it('creates a template from a PDF with markers for placeholder signers up to 10', async () => {
      const res = await upload(
        admin.token,
        { content: await makePdf(2, { size: [500, 700], form: true }), filename: 'huur.pdf' },
        {
          ...marker(0),
          ...marker(1, { type: 'text', value: 'Amsterdam', page: '2', x: '12.5' }),
          'fields[0][x]': '100',
          'fields[0][y]': '600',
          'fields[0][width]': '150',
          'fields[0][height]': '30',
          'fields[0][page]': '2',
          'fields[0][type]': 'text',
          'fields[0][options][signer]': '3',
          'fields[0][options][rules][0]': 'required',
        },
      );
      expect(res.statusCode).toBe(201);
      created = res.json<TemplateDto>();
      expect(created).toMatchObject({
        name: 'Huurcontract',
        page_count: 2,
        pages: [
          { width: 500, height: 700 },
          { width: 500, height: 700 },
        ],
        has_acroforms: true,
        variables: [
          {
            x: 10,
            y: 20,
            width: 150,
            height: 30,
            page: 1,
            type: 'generated',
            value: 'signer.10.signature',
            options: {},
          },
          {
            x: 12.5,
            y: 20,
            width: 150,
            height: 30,
            page: 2,
            type: 'text',
            value: 'Amsterdam',
            options: {},
          },
        ],
        fields: [
          {
            x: 100,
            y: 600,
            width: 150,
            height: 30,
            page: 2,
            type: 'text',
            options: { signer: 3, rules: ['required'] },
          },
        ],
      });
      expect(created.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
      const [row] = await rowsOf(admin.user.company.id);
      expect(row!.storageKey).toMatch(new RegExp(`^companies/${admin.user.company.id}/templates/`));
      expect(row!.createdByUserId).toBe(admin.user.id);
      expect(await storage().head(row!.storageKey)).not.toBeNull();
    });

    it('names a template after its file when no name is given, and converts images', async () => {
      const res = await upload(
        admin.token,
        { content: makePng(40, 30), filename: 'Scan van paspoort.png' },
        { name: '  ' },
      );
      expect(res.statusCode).toBe(201);
      expect(res.json<TemplateDto>()).toMatchObject({ name: 'Scan van paspoort', page_count: 1 });
    });

    it('serves one template and its PDF inline, not cached', async () => {
      const one = await get(admin.token, `/api/templates/${created.id}`);
      expect(one.statusCode).toBe(200);
      expect(one.json<TemplateDto>()).toEqual(created);
      const file = await get(admin.token, `/api/templates/${created.id}/file`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toBe(
        `inline; filename="Huurcontract.pdf"; filename*=UTF-8''Huurcontract.pdf`,
      );
      expect(file.headers['cache-control']).toContain('no-store');
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(file.rawPayload.length).toBe(created.size);
      const user = await createMember(t, admin.user.company.id, 'user');
      expect((await get(user.token, `/api/templates/${created.id}/file`)).statusCode).toBe(200);
    });

    it('updates the name and the markers from JSON, checked against the stored pages', async () => {
      const empty = await put(admin.token, created.id, { name: '  ', variables: [], fields: [] });
      expect(empty.statusCode).toBe(422);
      expect(errorsOf(empty)).toEqual({ name: [messages.required] });
      expect(errorsOf(await put(admin.token, created.id, {}))).toEqual({
        name: [messages.required],
      });
      const long = await put(admin.token, created.id, { name: 'x'.repeat(256) });
      expect(errorsOf(long)).toEqual({ name: [messages.maxLength] });
      const off = await put(admin.token, created.id, {
        name: 'Nieuw',
        variables: [
          {
            x: 10,
            y: 680,
            width: 150,
            height: 30,
            page: 1,
            type: 'date',
            value: null,
            options: {},
          },
        ],
      });
      expect(errorsOf(off)).toEqual({ 'variables.0.y': [markerMessages.offPage] });
      const eleven = await put(admin.token, created.id, {
        name: 'Nieuw',
        variables: [
          {
            x: 1,
            y: 1,
            width: 50,
            height: 50,
            page: 1,
            type: 'generated',
            value: 'signer.11.paraph',
            options: {},
          },
        ],
      });
      expect(errorsOf(eleven)).toEqual({ 'variables.0.value': [markerMessages.signerUnknown] });

      const res = await put(admin.token, created.id, {
        name: 'Huurcontract 2026',
        variables: [
          {
            x: 10,
            y: 600,
            width: 50,
            height: 50,
            page: 2,
            type: 'generated',
            value: 'signer.2.paraph',
            options: { keepRatio: true },
          },
        ],
      });
      expect(res.statusCode).toBe(200);
      const updated = res.json<TemplateDto>();
      expect(updated.name).toBe('Huurcontract 2026');
      expect(updated.variables).toEqual([
        {
          x: 10,
          y: 600,
          width: 50,
          height: 50,
          page: 2,
          type: 'generated',
          value: 'signer.2.paraph',
          options: { keepRatio: true },
        },
      ]);
      // Fields absent from the body stay as they were.
      expect(updated.fields).toEqual(created.fields);
      expect(Date.parse(updated.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.updated_at));
    });

    it("keeps a placeholder's verifications and wallet attributes; the EU wallet needs its feature", async () => {
      const settings = [
        { signer: 1, routing_order: 1, role: 'signer', verifications: [1, 7, 5] },
        {
          signer: 2,
          routing_order: 2,
          role: 'signer',
          verifications: [7],
          wallet_attributes: ['nationality'],
        },
      ];
      const refused = await put(admin.token, created.id, {
        name: created.name,
        signer_routing: settings,
      });
      expect(refused.statusCode).toBe(422);
      expect(errorsOf(refused)).toEqual({
        'signer_routing.0.verifications': [signingMessages.walletNotAvailable],
      });
      const bad = await put(admin.token, created.id, {
        name: created.name,
        signer_routing: [{ ...settings[1], verifications: [3], wallet_attributes: ['bsn'] }],
      });
      expect(errorsOf(bad)).toEqual({
        'signer_routing.0.verifications.0': [signingMessages.verificationUnknown],
        'signer_routing.0.wallet_attributes.0': [inputMessages.choice],
      });

      await t.db
        .update(companies)
        .set({ extraFeatures: ['templates', 'wallet_verification'] })
        .where(eq(companies.id, admin.user.company.id));
      const saved = await put(admin.token, created.id, {
        name: created.name,
        signer_routing: settings,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const expected = [
        {
          signer: 1,
          routing_order: 1,
          role: 'signer',
          verifications: [1, 7, 5],
          wallet_attributes: ['name', 'birth_date'],
        },
        {
          signer: 2,
          routing_order: 2,
          role: 'signer',
          verifications: [7],
          wallet_attributes: ['name', 'nationality'],
        },
      ];
      expect(saved.json<TemplateDto>().signer_routing).toEqual(expected);
      const loaded = await get(admin.token, `/api/templates/${created.id}`);
      expect(loaded.json<TemplateDto>().signer_routing).toEqual(expected);

      // After a downgrade the saved placeholders may be saved back unchanged, not changed.
      await enableTemplates(admin.user.company.id);
      expect(
        (await put(admin.token, created.id, { name: 'Terug', signer_routing: expected }))
          .statusCode,
      ).toBe(200);
      const changed = await put(admin.token, created.id, {
        name: created.name,
        signer_routing: [expected[0], { ...expected[1], wallet_attributes: ['name'] }],
      });
      expect(errorsOf(changed)).toEqual({
        'signer_routing.1.verifications': [signingMessages.walletNotAvailable],
      });
    });

    it('deletes the row and the stored file; a second delete is a 404', async () => {
      const [row] = (await rowsOf(admin.user.company.id)).filter((r) => r.id === created.id);
      expect(await storage().head(row!.storageKey)).not.toBeNull();
      const res = await del(admin.token, created.id);
      expect(res.statusCode).toBe(204);
      expect(await storage().head(row!.storageKey)).toBeNull();
      expect((await rowsOf(admin.user.company.id)).map((r) => r.id)).not.toContain(created.id);
      expect((await del(admin.token, created.id)).statusCode).toBe(404);
      expect((await get(admin.token, `/api/templates/${created.id}`)).statusCode).toBe(404);
    });
  });

  describe('the list', () => {
    let company: Session;
    beforeAll(async () => {
      company = await registerCompany(t);
      await enableTemplates(company.user.company.id);
      const names = [
        'Bravo',
        'Alfa',
        'Delta',
        'Charlie',
        'Echo',
        'Foxtrot',
        'Golf',
        'Hotel',
        'India',
        'Juliet',
        'Kilo',
        'Lima',
      ];
      const start = Date.now() - names.length * 60_000;
      await t.db.insert(templates).values(
        names.map((name, i) => ({
          companyId: company.user.company.id,
          name,
          filename: `${name}.pdf`,
          storageKey: `test/${name}.pdf`,
          size: 100,
          pageCount: 1,
          pages: [{ width: 595, height: 842 }],
          createdAt: new Date(start + i * 60_000),
        })),
      );
    });
    const list = (query = '') => get(company.token, `/api/templates${query}`);

    it('pages by 10, newest first, as the sign request list does', async () => {
      const res = await list();
      expect(res.statusCode).toBe(200);
      const page = res.json<Paginated<TemplateDto>>();
      expect(page).toMatchObject({ total: 12, per_page: 10, current_page: 1, last_page: 2 });
      expect(page.data.map((d) => d.name)).toEqual([
        'Lima',
        'Kilo',
        'Juliet',
        'India',
        'Hotel',
        'Golf',
        'Foxtrot',
        'Echo',
        'Charlie',
        'Delta',
      ]);
      const second = (await list('?page=2')).json<Paginated<TemplateDto>>();
      expect(second.data.map((d) => d.name)).toEqual(['Alfa', 'Bravo']);
      const picker = (await list('?limit=100')).json<Paginated<TemplateDto>>();
      expect(picker).toMatchObject({ total: 12, per_page: 100, last_page: 1 });
      expect(picker.data).toHaveLength(12);
    });

    it('orders by id, name or created_at either way', async () => {
      const names = async (order: string) =>
        (await list(`?order=${order}&limit=3`))
          .json<Paginated<TemplateDto>>()
          .data.map((d) => d.name);
      expect(await names('id,asc')).toEqual(['Bravo', 'Alfa', 'Delta']);
      expect(await names('created_at,desc')).toEqual(['Lima', 'Kilo', 'Juliet']);
      expect(await names('name,desc')).toEqual(['Lima', 'Kilo', 'Juliet']);
      expect(await names('name,asc')).toEqual(['Alfa', 'Bravo', 'Charlie']);
    });

    it('refuses an unknown order and limits out of range', async () => {
      expect(errorsOf(await list('?order=size,desc'))).toEqual({ order: [messages.invalidInput] });
      expect(errorsOf(await list('?order=name'))).toEqual({ order: [messages.invalidInput] });
      expect(errorsOf(await list('?limit=101'))).toEqual({ limit: [messages.max] });
      expect(errorsOf(await list('?page=0'))).toEqual({ page: [messages.min] });
    });
  });

  describe('reusable markers', () => {
    let company: Session;
    const box = (over: Record<string, unknown>) => ({
      x: 1,
      y: 1,
      width: 150,
      height: 30,
      page: 1,
      options: {},
      ...over,
    });
    beforeAll(async () => {
      company = await registerCompany(t);
      await enableTemplates(company.user.company.id);
      const insert = (name: string, variables: unknown[]) =>
        t.db.insert(templates).values({
          companyId: company.user.company.id,
          name,
          filename: `${name}.pdf`,
          storageKey: `test/${name}.pdf`,
          size: 100,
          pageCount: 1,
          pages: [{ width: 595, height: 842 }],
          config: { variables: variables as never, fields: [] },
        });
      await insert('Oud', [
        box({ type: 'text', value: 'Amsterdam' }),
        box({ type: 'generated', value: 'signer.1.name' }),
        box({
          type: 'date',
          value: null,
          options: { label: 'Datum van ingang', format: 'DD-MM-YYYY' },
        }),
      ]);
      await insert('Nieuw', [
        box({ type: 'text', value: 'Rotterdam' }),
        box({ type: 'text', value: 'Amsterdam' }),
        box({ type: 'checkbox_checked', value: null, width: 14, height: 14 }),
      ]);
      await seedSignRequest(t.db, {
        companyId: company.user.company.id,
        signables: [
          {
            name: 'Koopakte',
            config: {
              variables: [
                box({ type: 'text', value: 'Notaris de Vries' }),
                box({ type: 'generated', value: 'signer.2.signature' }),
              ],
              fields: [],
            },
          },
        ],
      });
      await seedSignRequest(t.db, {
        companyId: other.user.company.id,
        signables: [
          {
            name: 'Van een ander',
            config: { variables: [box({ type: 'text', value: 'Notaris Jansen' })], fields: [] },
          },
        ],
      });
    });
    const search = async (url: string, token = company.token) => {
      const res = await get(token, url);
      expect(res.statusCode, url).toBe(200);
      return res.json<{ data: ReusableVariable[] }>().data;
    };

    it('finds distinct template markers by value or label, newest first, never generated ones', async () => {
      const all = await search('/api/templates/variables');
      expect(all.map((v) => [v.type, v.value])).toEqual([
        ['checkbox_checked', null],
        ['text', 'Amsterdam'],
        ['text', 'Rotterdam'],
        ['date', null],
      ]);
      expect(all[0]).toEqual({
        type: 'checkbox_checked',
        value: null,
        width: 14,
        height: 14,
        options: {},
      });
      expect(await search('/api/templates/variables?search=AMSTER')).toEqual([
        { type: 'text', value: 'Amsterdam', width: 150, height: 30, options: {} },
      ]);
      expect(
        (await search('/api/templates/variables?search=ingang')).map((v) => v.options),
      ).toEqual([{ label: 'Datum van ingang', format: 'DD-MM-YYYY' }]);
      expect(await search('/api/templates/variables?search=signer')).toEqual([]);
      expect(await search('/api/templates/variables?search=Geheim')).toEqual([]);
    });

    it("finds the company's sign request markers, not another company's", async () => {
      expect(await search('/api/signrequests/variables?search=notaris')).toEqual([
        { type: 'text', value: 'Notaris de Vries', width: 150, height: 30, options: {} },
      ]);
      expect(await search('/api/signrequests/variables?search=Jansen')).toEqual([]);
      expect(await search('/api/signrequests/variables?search=Jansen', other.token)).toHaveLength(
        1,
      );
      expect(await search('/api/signrequests/variables?search=signer')).toEqual([]);
    });

    it('refuses a search that is too long', async () => {
      const res = await get(company.token, `/api/templates/variables?search=${'a'.repeat(256)}`);
      expect(errorsOf(res)).toEqual({ search: [messages.maxLength] });
    });
  });
});
