import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeyMessages,
  billingMessages,
  type CreatedApiKeyDto,
  type Session,
  type SignableDto,
  type TemplateDto,
} from '@paraaf/contract';
import { mails, signables, signers, signRequests, templates } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  createDraftSignRequest,
  createDraftThroughApi,
  errorsOf,
  PLAN,
  registerCompanyOnPlan,
} from '../../../test/factories.ts';
import { makePdf } from '../../../test/fixtures/documents.ts';
import { multipart } from '../../../test/fixtures/multipart.ts';

/** POST /api/sign-requests/{id}/signables/from-template, used with an API key (issue 16). */
describe('a signable from a template', () => {
  let t: TestApp;
  let admin: Session;
  let other: Session;
  let key: CreatedApiKeyDto;
  let template: TemplateDto;
  let templatePdf: Buffer;
  let theirs: TemplateDto;

  const marker = (i: number, over: Record<string, string>) =>
    Object.fromEntries(
      Object.entries({ x: '40', y: '60', width: '150', height: '30', page: '2', ...over }).map(
        ([k, v]) => [`variables[${i}][${k}]`, v],
      ),
    );

  async function uploadTemplate(session: Session, name: string, fields: Record<string, string>) {
    templatePdf = await makePdf(2);
    const res = await t.request({
      method: 'POST',
      url: '/api/templates',
      token: session.token,
      ...multipart({ name, ...fields }, [{ content: templatePdf, filename: 'huur.pdf' }]),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<TemplateDto>();
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerCompanyOnPlan(t, PLAN.premium);
    other = await registerCompanyOnPlan(t, PLAN.premium);
    key = (
      await t.request({
        method: 'POST',
        url: '/api/access-tokens',
        token: admin.token,
        payload: { name: 'Koppeling' },
      })
    ).json<CreatedApiKeyDto>();
    theirs = await uploadTemplate(other, 'Van een ander', {});
    template = await uploadTemplate(admin, 'Huurcontract', {
      ...marker(0, { type: 'generated', value: 'signer.1.signature' }),
      ...marker(1, { type: 'text', value: 'Keizersgracht 12', page: '1' }),
    });
  });
  afterAll(() => t?.close());

  const fromTemplate = (id: number, payload: object, token = key.token) =>
    t.request({
      method: 'POST',
      url: `/api/sign-requests/${id}/signables/from-template`,
      token,
      payload,
    });

  // The template's signature marker is for signer 1, who signs (a marker no one fills is refused).
  const draftWithSigner = async () =>
    (await createDraftThroughApi(t, key.token, { signers: [{ verifications: [1, 5] }] })).id;

  it("copies the template's PDF and markers into the draft, which can then be sent", async () => {
    const id = await draftWithSigner();
    const res = await fromTemplate(id, { template_id: template.id });
    expect(res.statusCode, res.body).toBe(201);
    const signable = res.json<SignableDto>();
    expect(signable.name).toBe('Huurcontract');
    const [row] = await t.db.select().from(signables).where(eq(signables.id, signable.id));
    const [templateRow] = await t.db.select().from(templates).where(eq(templates.id, template.id));
    expect(row!.config).toEqual(templateRow!.config);
    expect(row!.pages).toEqual(templateRow!.pages);
    expect(row!.storageKey).not.toBe(templateRow!.storageKey);

    // The template may go: the request keeps its own copy of the bytes.
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/templates/${template.id}`,
      token: admin.token,
    });
    expect(deleted.statusCode).toBe(204);
    const file = await t.request({
      method: 'GET',
      url: `/api/signables/${signable.id}/file`,
      token: key.token,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(templatePdf)).toBe(true);

    const ready = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${id}/ready`,
      token: key.token,
    });
    expect(ready.statusCode, ready.body).toBe(200);
    template = await uploadTemplate(admin, 'Huurcontract', {
      ...marker(0, { type: 'generated', value: 'signer.1.signature' }),
    });
  });

  it("gives the draft's signers the template's steps, roles and cc mail; the cc hears of the sending", async () => {
    const routed = await uploadTemplate(admin, 'Met stappen', {
      ...marker(0, { type: 'generated', value: 'signer.1.signature' }),
    });
    const put = await t.request({
      method: 'PUT',
      url: `/api/templates/${routed.id}`,
      token: admin.token,
      payload: {
        name: 'Met stappen',
        signer_routing: [
          { signer: 2, routing_order: 2, role: 'approver' },
          { signer: 3, routing_order: 2, role: 'cc', notify_on_send: true },
          { signer: 4, routing_order: 3, role: 'approver' },
        ],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<TemplateDto>().signer_routing[1]).toEqual({
      signer: 3,
      routing_order: 2,
      role: 'cc',
      notify_on_send: true,
    });
    const cc = `kopie-${Date.now()}@voorbeeld.nl`;
    const { id } = await createDraftThroughApi(t, key.token, {
      signers: [
        { verifications: [1, 5] },
        { verifications: [1, 5] },
        { verifications: [1], email: cc },
        // The caller's own step wins over the template's.
        { verifications: [1], routing_order: 4 },
      ],
    });
    const res = await fromTemplate(id, { template_id: routed.id });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await t.db
      .select()
      .from(signers)
      .where(eq(signers.signRequestId, id))
      .orderBy(signers.position);
    expect(rows.map((r) => [r.routingOrder, r.role, r.notifyOnSend, r.verifications])).toEqual([
      [1, 'signer', false, [1, 5]],
      [2, 'approver', false, [1]],
      [2, 'cc', true, [1]],
      [4, 'signer', false, [1]],
    ]);
    const ready = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${id}/ready`,
      token: key.token,
    });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(await t.db.select().from(mails).where(eq(mails.to, cc))).toHaveLength(1);
  });

  it('takes the name given', async () => {
    const id = await draftWithSigner();
    const res = await fromTemplate(id, { template_id: template.id, name: 'Huur Keizersgracht' });
    expect(res.statusCode).toBe(201);
    expect(res.json<SignableDto>().name).toBe('Huur Keizersgracht');
  });

  it("answers 422 on template_id for another company's or an unknown template", async () => {
    const id = await draftWithSigner();
    for (const templateId of [theirs.id, 999999]) {
      const res = await fromTemplate(id, { template_id: templateId });
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)).toEqual({ template_id: [apiKeyMessages.templateNotFound] });
    }
    const bad = await fromTemplate(id, { template_id: 'drie' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(errorsOf(bad))).toEqual(['template_id']);
  });

  it("answers 404 for another company's sign request and 409 once it is no draft", async () => {
    const { request } = await createDraftSignRequest(t, other.user.company.id);
    expect((await fromTemplate(request.id, { template_id: template.id })).statusCode).toBe(404);
    const sent = await createDraftSignRequest(t, admin.user.company.id);
    await t.db.update(signRequests).set({ stateId: 3 }).where(eq(signRequests.id, sent.request.id));
    expect((await fromTemplate(sent.request.id, { template_id: template.id })).statusCode).toBe(
      409,
    );
  });

  it('checks the markers against the signers, as an upload does', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/sign-requests',
      token: key.token,
      payload: {
        expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        subject: 'Zonder ondertekenaar',
        message: '[[link]]',
      },
    });
    const res = await fromTemplate(created.json<{ id: number }>().id, { template_id: template.id });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(errorsOf(res))[0]).toMatch(/^variables\.0/);
  });

  it('needs the templates feature (403)', async () => {
    const free = await registerCompanyOnPlan(t, PLAN.free);
    const { request } = await createDraftSignRequest(t, free.user.company.id);
    const res = await fromTemplate(request.id, { template_id: template.id }, free.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: billingMessages.featureMissing });
  });
});
