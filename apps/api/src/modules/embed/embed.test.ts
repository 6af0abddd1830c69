import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingMessages,
  embedMessages,
  type Company,
  type EmbedEditor,
  type EmbedEditorSession,
  type EmbedLink,
  type EmbedSigningSession,
  type Session,
  type SignRequestDetail,
} from '@paraaf/contract';
import { embedLinks, mails, signables } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  createDraftThroughApi,
  errorsOf,
  PLAN,
  registerCompanyOnPlan,
} from '../../../test/factories.ts';
import { makePdf } from '../../../test/fixtures/documents.ts';
import { multipart } from '../../../test/fixtures/multipart.ts';

let t: TestApp;
let webDist: string;
// The built /embed.js in miniature (outside the web build: that one has no embed.js).
const embedScript = path.join(os.tmpdir(), `paraaf-embed-${process.pid}.js`);
const logs: string[] = [];
let premium: Session;
let other: Session;

beforeAll(async () => {
  // A built web app in miniature, so the embedded pages are served as the real ones are.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-embed-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(
    embedScript,
    'customElements.define("paraaf-signing", class extends HTMLElement {});',
  );
  t = await createTestApp(
    { webDist, embedScript, logLevel: 'info' },
    { logStream: { write: (line: string) => void logs.push(line) } },
  );
  premium = await registerCompanyOnPlan(t, PLAN.premium, { company: 'Verhuurplatform BV' });
  other = await registerCompanyOnPlan(t, PLAN.premium, { company: 'Ander BV' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
  fs.rmSync(embedScript, { force: true });
});

function saveCompany(token: string, name: string, origins: Record<string, string>) {
  return t.request({
    method: 'POST',
    url: '/api/company',
    token,
    ...multipart({ name, sms_name: 'Paraaf', ...origins }),
  });
}

/** A sent request of `session`'s company with one embedded and one mailed signer. */
async function sentRequest(session: Session) {
  const draft = await createDraftThroughApi(t, session.token, {
    documents: 1,
    signers: [{ delivery: 'embedded' }, {}],
  });
  const ready = await t.request({
    method: 'POST',
    url: `/api/sign-requests/${draft.id}/ready`,
    token: session.token,
  });
  expect(ready.statusCode, ready.body).toBe(200);
  const detail = await t.request({
    method: 'GET',
    url: `/api/sign-requests/${draft.id}`,
    token: session.token,
  });
  const signers = detail.json<SignRequestDetail>().signers;
  return { id: draft.id, embedded: signers[0]!, mailed: signers[1]! };
}

const embed = (token: string, requestId: number, signerId: number, body: object = {}) =>
  t.request({
    method: 'POST',
    url: `/api/sign-requests/${requestId}/signers/${signerId}/embed`,
    token,
    payload: body,
  });
const open = (linkToken: string) =>
  t.request({ method: 'POST', url: `/api/embed/signing/${linkToken}` });
const tokenOf = (link: EmbedLink) => link.url.split('/').at(-1)!;
const frameAncestors = (header: unknown) =>
  /frame-ancestors ([^;]+)/.exec(String(header))?.[1]?.split(' ');

describe('allowed origins on the company', () => {
  it('refuses http, a path, a deep or bare wildcard with a Dutch 422 on the entry', async () => {
    const res = await saveCompany(premium.token, 'Verhuurplatform BV', {
      'embed_origins[0]': 'https://app.verhuur.nl',
      'embed_origins[1]': 'http://app.verhuur.nl',
      'embed_origins[2]': 'https://app.verhuur.nl/huurders',
      'embed_origins[3]': 'https://*.*.verhuur.nl',
      'embed_origins[4]': 'https://*.nl',
    });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({
      'embed_origins.1': [embedMessages.originHttps],
      'embed_origins.2': [embedMessages.originInvalid],
      'embed_origins.3': [embedMessages.originWildcard],
      'embed_origins.4': [embedMessages.originWildcard],
    });
  });

  it('stores the normalised list (one per line from the form), and an empty text clears it', async () => {
    const saved = await saveCompany(premium.token, 'Verhuurplatform BV', {
      embed_origins:
        ' HTTPS://App.Verhuur.nl:443/\nhttps://*.verhuur.nl\n\nhttp://127.0.0.2:8123\n',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Company>().embed_origins).toEqual([
      'https://app.verhuur.nl',
      'https://*.verhuur.nl',
      'http://127.0.0.2:8123',
    ]);
    // Left out: unchanged (the settings of a company without the API feature).
    const kept = await saveCompany(premium.token, 'Verhuurplatform BV', {});
    expect(kept.json<Company>().embed_origins).toHaveLength(3);
    const cleared = await saveCompany(premium.token, 'Verhuurplatform BV', { embed_origins: '' });
    expect(cleared.json<Company>().embed_origins).toEqual([]);
  });

  it('is part of the API feature: a list is a 422 without it', async () => {
    const free = await registerCompanyOnPlan(t, PLAN.standard);
    const res = await saveCompany(free.token, 'Zonder API', {
      'embed_origins[0]': 'https://app.verhuur.nl',
    });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ embed_origins: [billingMessages.featureMissing] });
  });
});

describe('signing in a frame', () => {
  let request: Awaited<ReturnType<typeof sentRequest>>;
  beforeAll(async () => {
    request = await sentRequest(premium);
  });

  it("sends no invitation to an embedded signer, and the mailed signer's as before", async () => {
    expect(request.embedded.delivery).toBe('embedded');
    expect(request.embedded.state_id).toBe(3);
    const mailTo = async (signerId: number) =>
      t.db.select().from(mails).where(eq(mails.signerId, signerId));
    expect(await mailTo(request.embedded.id)).toHaveLength(0);
    expect(await mailTo(request.mailed.id)).toHaveLength(1);
  });

  it('answers 409 while the company lists no origin', async () => {
    await saveCompany(premium.token, 'Verhuurplatform BV', { embed_origins: '' });
    const res = await embed(premium.token, request.id, request.embedded.id);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(embedMessages.noOrigins);
  });

  it("answers 404 for another company's request or a signer of another request", async () => {
    await saveCompany(premium.token, 'Verhuurplatform BV', {
      embed_origins: 'https://app.verhuur.nl',
    });
    await saveCompany(other.token, 'Ander BV', { embed_origins: 'https://crm.ander.nl' });
    expect((await embed(other.token, request.id, request.embedded.id)).statusCode).toBe(404);
    const theirs = await sentRequest(other);
    expect((await embed(premium.token, request.id, theirs.embedded.id)).statusCode).toBe(404);
    expect((await embed(premium.token, theirs.id, theirs.embedded.id)).statusCode).toBe(404);
  });

  it('opens once: the link becomes the signer page token, a second load is a 410 link_used', async () => {
    const res = await embed(premium.token, request.id, request.embedded.id);
    expect(res.statusCode, res.body).toBe(200);
    const link = res.json<EmbedLink>();
    expect(link.url).toMatch(/\/insluiten\/ondertekenen\/[\w-]{43}$/);
    const minutes = (new Date(link.expires_at).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
    // Only the hash is kept.
    const [row] = await t.db
      .select()
      .from(embedLinks)
      .where(eq(embedLinks.signerId, request.embedded.id));
    expect(row!.tokenHash).not.toContain(tokenOf(link));

    const first = await open(tokenOf(link));
    expect(first.statusCode, first.body).toBe(200);
    const session = first.json<EmbedSigningSession>();
    expect(session).toMatchObject({
      sign_request_id: request.id,
      signer_id: request.embedded.id,
      origins: ['https://app.verhuur.nl'],
      hide_footer: false,
    });
    const page = await t.request({ method: 'GET', url: `/api/signing/${session.token}` });
    expect(page.statusCode).toBe(200);
    expect(page.json<{ signer: { id: number } }>().signer.id).toBe(request.embedded.id);

    const second = await open(tokenOf(link));
    expect(second.statusCode).toBe(410);
    expect(second.json()).toEqual({ message: embedMessages.linkUsed, code: 'link_used' });
  });

  it('expires after 10 minutes (410 link_expired); a token never issued is a 404', async () => {
    const link = (await embed(premium.token, request.id, request.embedded.id)).json<EmbedLink>();
    await t.db
      .update(embedLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(embedLinks.signerId, request.embedded.id), eq(embedLinks.kind, 'signer')));
    const res = await open(tokenOf(link));
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ message: embedMessages.linkExpired, code: 'link_expired' });
    expect((await open('Onbekend0123456789abcdefghijklmnopqrstuvwxy')).statusCode).toBe(404);
  });

  it('hides the footer only on premium when asked', async () => {
    const link = (
      await embed(premium.token, request.id, request.embedded.id, { hide_footer: true })
    ).json<EmbedLink>();
    expect((await open(tokenOf(link))).json<EmbedSigningSession>().hide_footer).toBe(true);
  });

  it("frames the page for exactly its company's origins, and every other page for none", async () => {
    const ours = (await embed(premium.token, request.id, request.embedded.id)).json<EmbedLink>();
    const theirsRequest = await sentRequest(other);
    const theirs = (
      await embed(other.token, theirsRequest.id, theirsRequest.embedded.id)
    ).json<EmbedLink>();

    const page = await t.request({ method: 'GET', url: new URL(ours.url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(frameAncestors(page.headers['content-security-policy'])).toEqual([
      'https://app.verhuur.nl',
    ]);
    expect(page.headers['x-frame-options']).toBeUndefined();
    // The rest of the policy stays.
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");

    const theirPage = await t.request({ method: 'GET', url: new URL(theirs.url).pathname });
    expect(frameAncestors(theirPage.headers['content-security-policy'])).toEqual([
      'https://crm.ander.nl',
    ]);
    // The exchange call answers with the same policy (used or not).
    const exchanged = await open(tokenOf(ours));
    expect(frameAncestors(exchanged.headers['content-security-policy'])).toEqual([
      'https://app.verhuur.nl',
    ]);

    for (const url of [
      '/',
      '/ondertekeningen',
      '/insluiten/ondertekenen/Onbekend0123456789abcdefghijklmnopqrstuvwxy',
    ]) {
      const res = await t.request({ method: 'GET', url });
      expect(frameAncestors(res.headers['content-security-policy']), url).toEqual(["'none'"]);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('keeps every embed token out of the log', async () => {
    const link = (await embed(premium.token, request.id, request.embedded.id)).json<EmbedLink>();
    const token = tokenOf(link);
    await t.request({ method: 'GET', url: new URL(link.url).pathname });
    const session = (await open(token)).json<EmbedSigningSession>();
    await t.request({ method: 'GET', url: `/api/signing/${session.token}` });
    // The editor's link, its page, its exchange and its session calls.
    const draft = await createDraftThroughApi(t, premium.token, { documents: 1 });
    const editor = (
      await t.request({
        method: 'POST',
        url: `/api/sign-requests/${draft.id}/embed-editor`,
        token: premium.token,
        payload: {},
      })
    ).json<EmbedLink>();
    await t.request({ method: 'GET', url: new URL(editor.url).pathname });
    const editorSession = (
      await t.request({ method: 'POST', url: `/api/embed/editor/${tokenOf(editor)}` })
    ).json<EmbedEditorSession>();
    await t.request({ method: 'GET', url: `/api/embed/editor-session/${editorSession.token}` });
    const log = logs.join('');
    expect(log).toContain('/insluiten/voorbereiden/[redacted]');
    expect(log).toContain('/api/embed/editor-session/[redacted]');
    for (const secret of [tokenOf(editor), editorSession.token]) expect(log).not.toContain(secret);
    expect(log).toContain('/insluiten/ondertekenen/[redacted]');
    expect(log).toContain('/api/embed/signing/[redacted]');
    expect(log).not.toContain(token);
    expect(log).not.toContain(session.token);
  });

  it('is refused to a role without the right to send', async () => {
    const viewerToken = (await registerCompanyOnPlan(t, PLAN.premium)).token;
    t.withoutPermissions(viewerToken, ['createSignRequest']);
    expect((await embed(viewerToken, request.id, request.embedded.id)).statusCode).toBe(403);
  });
});

describe('/embed.js', () => {
  it('is served to other sites: script type, cross-origin resource policy, short cache', async () => {
    const res = await t.request({ method: 'GET', url: '/embed.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body).toContain('paraaf-signing');
  });
});

describe('preparing in a frame', () => {
  const signature = (signer: number) => ({
    x: 60,
    y: 660,
    width: 180,
    height: 60,
    page: 1,
    type: 'generated',
    value: `signer.${signer}.signature`,
  });
  const editorLink = (token: string, path: string) =>
    t.request({ method: 'POST', url: `/api/${path}/embed-editor`, token, payload: {} });
  const openEditor = (linkToken: string) =>
    t.request({ method: 'POST', url: `/api/embed/editor/${linkToken}` });

  it('opens one draft once: its documents, its markers saved, and sent from the editor', async () => {
    await saveCompany(premium.token, 'Verhuurplatform BV', {
      embed_origins: 'https://app.verhuur.nl',
    });
    const draft = await createDraftThroughApi(t, premium.token, {
      documents: 1,
      signers: [{ verifications: [1, 5] }],
    });
    const other = await createDraftThroughApi(t, premium.token, { documents: 1 });
    const res = await editorLink(premium.token, `sign-requests/${draft.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const link = res.json<EmbedLink>();
    expect(link.url).toMatch(/\/insluiten\/voorbereiden\/[\w-]{43}$/);

    const opened = await openEditor(tokenOf(link));
    expect(opened.statusCode, opened.body).toBe(200);
    const session = opened.json<EmbedEditorSession>();
    expect(session).toMatchObject({ kind: 'sign_request', sign_request_id: draft.id });
    expect((await openEditor(tokenOf(link))).json()).toEqual({
      message: embedMessages.linkUsed,
      code: 'link_used',
    });

    const base = `/api/embed/editor-session/${session.token}`;
    const editor = (await t.request({ method: 'GET', url: base })).json<EmbedEditor>();
    expect(editor.can_send).toBe(true);
    expect(editor.documents.map((d) => d.id)).toEqual(draft.signableIds);
    const file = await t.request({
      method: 'GET',
      url: `${base}/documents/${draft.signableIds[0]}/file`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Another draft's document of the same company is out of reach.
    for (const url of [
      `${base}/documents/${other.signableIds[0]}/file`,
      `${base}/documents/${other.signableIds[0]}/markers`,
    ]) {
      const method = url.endsWith('markers') ? 'PUT' : 'GET';
      const refused = await t.request({
        method,
        url,
        payload: method === 'PUT' ? { variables: [], fields: [] } : undefined,
      });
      expect(refused.statusCode, url).toBe(404);
    }
    // The session is no key to the account's API.
    const api = await t.request({ method: 'GET', url: '/api/sign-requests', token: session.token });
    expect(api.statusCode).toBe(401);

    const bad = await t.request({
      method: 'PUT',
      url: `${base}/documents/${draft.signableIds[0]}/markers`,
      payload: { variables: [signature(2)], fields: [] },
    });
    expect(bad.statusCode).toBe(422);
    const saved = await t.request({
      method: 'PUT',
      url: `${base}/documents/${draft.signableIds[0]}/markers`,
      payload: { variables: [signature(1)], fields: [] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [row] = await t.db
      .select()
      .from(signables)
      .where(eq(signables.id, draft.signableIds[0]!));
    expect(row!.config.variables).toEqual([
      expect.objectContaining({ value: 'signer.1.signature', page: 1 }),
    ]);

    const sent = await t.request({ method: 'POST', url: `${base}/send` });
    expect(sent.statusCode, sent.body).toBe(200);
    const detail = await t.request({
      method: 'GET',
      url: `/api/sign-requests/${draft.id}`,
      token: premium.token,
    });
    expect(detail.json<SignRequestDetail>().state_id).toBe(3);
    // Sent: no more changes, and no second editor link.
    const after = await t.request({
      method: 'PUT',
      url: `${base}/documents/${draft.signableIds[0]}/markers`,
      payload: { variables: [], fields: [] },
    });
    expect(after.statusCode).toBe(409);
    expect((await editorLink(premium.token, `sign-requests/${draft.id}`)).statusCode).toBe(409);
  });

  it("answers 404 for another company's draft or template, and ends the session after 2 hours", async () => {
    const draft = await createDraftThroughApi(t, premium.token, { documents: 1 });
    expect((await editorLink(other.token, `sign-requests/${draft.id}`)).statusCode).toBe(404);
    const link = (await editorLink(premium.token, `sign-requests/${draft.id}`)).json<EmbedLink>();
    const session = (await openEditor(tokenOf(link))).json<EmbedEditorSession>();
    await t.db
      .update(embedLinks)
      .set({ sessionExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(embedLinks.signRequestId, draft.id));
    const ended = await t.request({
      method: 'GET',
      url: `/api/embed/editor-session/${session.token}`,
    });
    expect(ended.statusCode).toBe(404);
    expect(ended.json<{ message: string }>().message).toBe(embedMessages.sessionEnded);
  });

  it('opens one template: ten placeholder signers, markers saved on the template', async () => {
    const template = await t.request({
      method: 'POST',
      url: '/api/templates',
      token: premium.token,
      ...multipart({ name: 'Huurcontract' }, [{ content: await makePdf(1) }]),
    });
    expect(template.statusCode, template.body).toBe(201);
    const id = template.json<{ id: number }>().id;
    expect((await editorLink(other.token, `templates/${id}`)).statusCode).toBe(404);
    const link = (await editorLink(premium.token, `templates/${id}`)).json<EmbedLink>();
    const session = (await openEditor(tokenOf(link))).json<EmbedEditorSession>();
    expect(session).toMatchObject({ kind: 'template', template_id: id });
    const base = `/api/embed/editor-session/${session.token}`;
    const editor = (await t.request({ method: 'GET', url: base })).json<EmbedEditor>();
    expect(editor).toMatchObject({ kind: 'template', can_send: false, title: 'Huurcontract' });
    expect(editor.signers).toHaveLength(10);
    const saved = await t.request({
      method: 'PUT',
      url: `${base}/documents/${id}/markers`,
      payload: { variables: [signature(2)], fields: [] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await t.request({
      method: 'GET',
      url: `/api/templates/${id}`,
      token: premium.token,
    });
    expect(read.json<{ variables: unknown[]; name: string }>()).toMatchObject({
      name: 'Huurcontract',
      variables: [expect.objectContaining({ value: 'signer.2.signature' })],
    });
    expect((await t.request({ method: 'POST', url: `${base}/send` })).statusCode).toBe(404);
  });
});
