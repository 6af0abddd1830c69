import SwaggerParser from '@apidevtools/swagger-parser';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signerFieldTypes } from '@paraaf/contract';
import { createTestApp, registerCompany, type TestApp } from './app.ts';
import { PLAN, createUser, registerCompanyOnPlan } from './factories.ts';
import { makePdf } from './fixtures/documents.ts';
import { multipart } from './fixtures/multipart.ts';
import { pngDataUrl, sendTestRequest } from '../src/modules/signing/signing.fixture.ts';
import { OPERATION_METHODS, OpenApiChecker, type Operation } from './openapi-checker.ts';

/**
 * The OpenAPI document (GET /api/openapi.json, lib/openapi): every route the server registers
 * under /api is in it and documented (request and response schemas, error answers, an
 * example), a standard validator accepts it, every example matches its schema, and real
 * answers match the documented schemas.
 */

/**
 * Under /api but not operations of the API: the reference page's own files (its HTML, scripts,
 * styles and its copy of this document, served by @fastify/swagger-ui).
 */
const isDocsPage = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

/** `/api/sign-requests/:id` as the document writes it: `/api/sign-requests/{id}`. */
const templateOf = (url: string) => url.replace(/:(\w+)/g, '{$1}');

interface Route {
  method: string;
  url: string;
}

type Json = Record<string, unknown>;

/** Why an operation is not documented (route-doc.ts), or null when it is. */
function undocumented(operation: Operation): string | null {
  if (typeof operation.summary !== 'string') return 'no summary';
  const success = Object.entries(operation.responses).filter(([status]) => /^[23]/.test(status));
  if (success.length === 0) return 'no success or redirect answer';
  for (const [status, response] of success) {
    if (response.description === 'Default Response') return `answer ${status} has no schema`;
  }
  return null;
}

/** The examples of an operation with the schema each must match. */
function examplesOf(operation: Operation): { where: string; schema: unknown; value: unknown }[] {
  const found: { where: string; schema: unknown; value: unknown }[] = [];
  const body = (operation.requestBody as Json | undefined)?.content as
    Record<string, Json> | undefined;
  for (const [type, media] of Object.entries(body ?? {})) {
    if ('example' in media)
      found.push({ where: `body ${type}`, schema: media.schema, value: media.example });
  }
  for (const [status, response] of Object.entries(operation.responses)) {
    const content = response.content as Record<string, Json> | undefined;
    for (const [type, media] of Object.entries(content ?? {})) {
      if ('example' in media)
        found.push({ where: `${status} ${type}`, schema: media.schema, value: media.example });
    }
  }
  return found;
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: Json & { paths: Record<string, Record<string, Operation>> };
  let checker: OpenApiChecker;
  const routes: Route[] = [];
  const problems: string[] = [];

  /** A request (through `t.request`, so fixtures' calls count too); its answer is checked. */
  const call = (options: InjectOptions & { token?: string; url: string }) => t.request(options);

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        onRoute: (route) => {
          for (const method of [route.method].flat()) {
            if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url: route.url });
          }
        },
      },
    );
    const res = await t.request({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    document = res.json();
    checker = await OpenApiChecker.create(document);
    // From here on every answer of the app is checked against the document.
    const request = t.request.bind(t);
    t.request = async (options) => {
      const answer: LightMyRequestResponse = await request(options);
      const url = typeof options.url === 'string' ? options.url : '';
      if (isDocsPage(url)) return answer;
      const problem = checker.problemOf(options.method ?? 'GET', url, answer);
      if (problem) problems.push(problem);
      return answer;
    };
  });
  afterAll(() => t?.close());
  afterEach(() => {
    const found = problems.splice(0);
    expect(found, 'answers that do not match the document').toEqual([]);
  });

  it('is OpenAPI 3.1 and accepted by a standard validator', async () => {
    expect(document.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('has every route the server registers under /api, with its method, documented', () => {
    const apiRoutes = routes.filter((r) => r.url.startsWith('/api/') && !isDocsPage(r.url));
    expect(apiRoutes.length).toBeGreaterThan(50);
    const missing: string[] = [];
    for (const { method, url } of apiRoutes) {
      const key = `${method} ${url}`;
      const operation = document.paths[templateOf(url)]?.[method.toLowerCase()];
      if (!operation) {
        missing.push(`${key}: not in the document`);
        continue;
      }
      const why = undocumented(operation);
      if (why) missing.push(`${key}: ${why}`);
    }
    expect(missing).toEqual([]);
  });

  it('leaves the /dev simulators and the reference page itself out', () => {
    expect(Object.keys(document.paths).filter((p) => !p.startsWith('/api/'))).toEqual([]);
    expect(Object.keys(document.paths).filter(isDocsPage)).toEqual([]);
  });

  it('gives every documented route its error answers and an example that matches its schema', () => {
    const problemsFound: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of OPERATION_METHODS) {
        const operation = item[method];
        if (!operation || undocumented(operation)) continue;
        const label = `${method.toUpperCase()} ${path}`;
        const secured = (operation.security as unknown[] | undefined)?.length ?? 0;
        if (secured > 0 && !operation.responses['401']) problemsFound.push(`${label}: no 401`);
        // Fields sent (JSON, a form, a query) are checked and refused with a 422; raw bytes
        // (the TSA's timestamp query) are no fields and have no example to show.
        const bodyTypes = Object.entries(
          ((operation.requestBody as Json | undefined)?.content as Record<string, Json>) ?? {},
        )
          .filter(([, media]) => (media.schema as Json | undefined)?.format !== 'binary')
          .map(([type]) => type);
        const hasInput =
          bodyTypes.length > 0 ||
          ((operation.parameters as Json[] | undefined) ?? []).some((p) => p.in === 'query');
        if (hasInput && !operation.responses['422']) problemsFound.push(`${label}: no 422`);
        const examples = examplesOf(operation);
        // Every body sent and every JSON answer has an example; a route with neither (logout:
        // no body, 204) has nothing to show.
        const media = [
          ...bodyTypes.map((type) => `body ${type}`),
          ...Object.entries(operation.responses)
            .filter(([status]) => status.startsWith('2'))
            .flatMap(([status, r]) =>
              Object.keys((r.content as Json | undefined) ?? {})
                .filter((type) => type === 'application/json')
                .map((type) => `${status} ${type}`),
            ),
        ];
        const firstAnswer = media.find((m) => !m.startsWith('body'));
        for (const where of media.filter((m) => m.startsWith('body') || m === firstAnswer)) {
          if (!examples.some((e) => e.where === where))
            problemsFound.push(`${label}: no example of ${where}`);
        }
        for (const example of examples) {
          // Dereferenced (checker.document), so a $ref'd error schema resolves too.
          const schema = (checker.document.paths[path] as Record<string, Operation>)[method]!;
          const derefExample = examplesOf(schema).find((e) => e.where === example.where)!;
          const problem = checker.validate(
            `example ${label} ${example.where}`,
            derefExample.schema,
            example.value,
          );
          if (problem) problemsFound.push(`${label} example of ${example.where}: ${problem}`);
        }
      }
    }
    expect(problemsFound).toEqual([]);
  });

  it('describes the shared error shapes and the bearer scheme once', () => {
    const components = document.components as Json & { responses: Json; securitySchemes: Json };
    expect(Object.keys(components.responses)).toEqual(
      expect.arrayContaining([
        'Error401',
        'Error403',
        'Error404',
        'Error409',
        'Error422',
        'Error429',
      ]),
    );
    expect(components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const get = document.paths['/api/sign-requests/{id}']!.get!;
    expect(get.responses['404']).toEqual({ $ref: '#/components/responses/Error404' });
  });

  it('lists every signer field type wherever a field type is described, and the attachment routes', () => {
    const enums: unknown[][] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (!node || typeof node !== 'object') return;
      const value = node as Json;
      if (Array.isArray(value.enum) && value.enum.includes('checkbox_group'))
        enums.push(value.enum);
      Object.values(value).forEach(walk);
    };
    walk(document);
    // The signer's page, templates and sign request documents (field_values) at least.
    expect(enums.length).toBeGreaterThanOrEqual(3);
    for (const list of enums) expect([...list].sort()).toEqual([...signerFieldTypes].sort());
    expect(document.paths['/api/signing/{token}/attachments']?.post).toBeDefined();
    expect(
      document.paths['/api/sign-requests/{id}/signables/{signable_id}/fields/{index}/attachment']
        ?.get,
    ).toBeDefined();
    const upload = JSON.stringify(document.paths['/api/sign-requests/{id}/signables']);
    for (const type of signerFieldTypes) expect(upload).toContain(type);
  });

  it('documents Idempotency-Key, its 409 and 422 and Idempotent-Replayed on every bearer POST, once', () => {
    const components = document.components as Json & {
      parameters: Json;
      headers: Json;
      responses: Json;
    };
    expect(components.parameters.IdempotencyKey).toMatchObject({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
    });
    expect(components.headers.IdempotentReplayed).toBeTruthy();
    const missing: string[] = [];
    let posts = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of OPERATION_METHODS) {
        const operation = item[method];
        if (!operation) continue;
        const secured = ((operation.security as unknown[] | undefined)?.length ?? 0) > 0;
        const parameters = (operation.parameters as Json[] | undefined) ?? [];
        const hasKey = parameters.some((p) => p.$ref === '#/components/parameters/IdempotencyKey');
        const label = `${method.toUpperCase()} ${path}`;
        // Only authenticated POSTs are covered (lib/idempotency.ts); nothing else says so.
        if (method !== 'post' || !secured) {
          if (hasKey) missing.push(`${label}: documents a key it ignores`);
          continue;
        }
        posts++;
        if (!hasKey) missing.push(`${label}: no Idempotency-Key`);
        if (operation.responses['409']?.$ref !== '#/components/responses/Error409Idempotency')
          missing.push(`${label}: no 409 of a running key`);
        if (operation.responses['422']?.$ref !== '#/components/responses/Error422Idempotency')
          missing.push(`${label}: no 422 of a reused key`);
        for (const [status, answer] of Object.entries(operation.responses)) {
          if (!/^[23]/.test(status)) continue;
          const headers = (answer.headers as Json | undefined) ?? {};
          if (!headers['Idempotent-Replayed']) missing.push(`${label} ${status}: no replay header`);
        }
      }
    }
    expect(posts).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

  it('answers a replayed POST as the document says', async () => {
    const { token } = await registerCompany(t);
    const expires_at = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const send = () =>
      call({
        method: 'POST',
        url: '/api/sign-requests',
        token,
        headers: { 'idempotency-key': 'openapi-replay-1' },
        payload: { expires_at, subject: 'Huurovereenkomst', message: 'Graag tekenen: [[link]]' },
      });
    const first = await send();
    expect(first.statusCode).toBeLessThan(300);
    const again = await send();
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const other = await call({
      method: 'POST',
      url: '/api/sign-requests',
      token,
      headers: { 'idempotency-key': 'openapi-replay-1' },
      payload: { expires_at, subject: 'Iets anders', message: 'Graag tekenen: [[link]]' },
    });
    expect(other.statusCode).toBe(422);
    const answers = document.paths['/api/sign-requests']!.post!.responses;
    expect(answers[String(first.statusCode)]!.headers).toHaveProperty('Idempotent-Replayed');
    expect(answers['422']).toEqual({ $ref: '#/components/responses/Error422Idempotency' });
  });

  it('serves the reference page and its assets itself, under the CSP of the app', async () => {
    const page = await t.request({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(3);
    for (const asset of assets) {
      expect(asset, 'no CDN').toMatch(/^\/api\/docs\/static\//);
      const res = await t.request({ method: 'GET', url: asset });
      expect(res.statusCode, asset).toBe(200);
    }
    const initializer = await t.request({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
    });
    expect(initializer.body).toContain("resolveUrl('./json')");
  });

  it('is cached: the same text on every request', async () => {
    const again = await t.request({ method: 'GET', url: '/api/openapi.json' });
    expect(again.body).toBe(JSON.stringify(document));
  });

  it('finds an answer that does not match its schema (the checker can fail)', async () => {
    const res = await t.request({ method: 'GET', url: '/api/user' });
    expect(res.statusCode).toBe(401);
    expect(checker.problemOf('GET', '/api/user', res)).toBeNull();
    const session = await registerCompany(t);
    const user = await t.request({ method: 'GET', url: '/api/user', token: session.token });
    expect(checker.problemOf('GET', '/api/user', user)).toBeNull();
    const leaking = { ...user, json: () => ({ ...user.json<Json>(), password_hash: 'x' }) };
    expect(checker.problemOf('GET', '/api/user', leaking as never)).toMatch(
      /must NOT have additional properties/,
    );
    const wrongType = { ...user, json: () => ({ ...user.json<Json>(), id: 'twaalf' }) };
    expect(checker.problemOf('GET', '/api/user', wrongType as never)).toMatch(/id must be integer/);
  });

  it('matches the answers of a real flow: register, log in, create and read a sign request', async () => {
    const email = `openapi-${Date.now()}@voorbeeld.nl`;
    const password = 'Geheim-wachtwoord-1';
    const registered = await call({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        company: 'Verhuur Amsterdam',
        name: 'Sanne de Vries',
        email,
        password,
        passwordconfirmation: password,
        terms: true,
      },
    });
    expect(registered.statusCode).toBe(201);
    const login = await call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    });
    expect(login.statusCode).toBe(200);
    const token = login.json<{ token: string }>().token;
    await call({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'fout' } });
    await call({ method: 'POST', url: '/api/auth/login', payload: {} });
    await call({ method: 'GET', url: '/api/user', token });
    await call({ method: 'GET', url: '/api/user' });
    const created = await call({
      method: 'POST',
      url: '/api/sign-requests',
      token,
      payload: {
        expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        subject: 'Huurovereenkomst',
        message: 'Graag tekenen: [[link]]',
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    await call({ method: 'GET', url: `/api/sign-requests/${id}`, token });
    await call({ method: 'GET', url: '/api/sign-requests/999999', token });
    await call({ method: 'GET', url: '/api/sign-requests?page=1&limit=10', token });
    await call({ method: 'GET', url: '/api/sign-requests?page=nul', token });
    await call({ method: 'POST', url: '/api/user/password-change', token, payload: {} });
    await call({
      method: 'POST',
      url: '/api/auth/password-reminder',
      payload: { email },
    });
    await call({ method: 'POST', url: '/api/auth/logout', token });
    expect([...checker.answered]).toEqual(
      expect.arrayContaining([
        'POST /api/auth/register',
        'POST /api/auth/login',
        'GET /api/user',
        'POST /api/sign-requests',
        'GET /api/sign-requests/{id}',
        'GET /api/sign-requests',
      ]),
    );
  });

  it('matches the answers of the sender flow: signer, document, ready, reminder, cancel', async () => {
    const admin = await registerCompanyOnPlan(t, PLAN.premium);
    const token = admin.token;
    const other = await registerCompany(t);
    const created = await call({
      method: 'POST',
      url: '/api/sign-requests',
      token,
      payload: {
        expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        subject: 'Huurovereenkomst Prinsengracht 12',
        message: 'Beste huurder, graag uw handtekening: [[link]]',
        emails: ['administratie@verhuur-amsterdam.nl'],
      },
    });
    const id = created.json<{ id: number }>().id;
    const signerBody = {
      firstname: 'Daan',
      lastname: 'Visser',
      email: `daan-${Date.now()}@voorbeeld.nl`,
      verifications: [1],
      reminder_after: 3,
      max_reminders: 2,
    };
    const signer = await call({
      method: 'POST',
      url: `/api/sign-requests/${id}/signers`,
      token,
      payload: signerBody,
    });
    expect(signer.statusCode, signer.body).toBe(201);
    const signerId = signer.json<{ id: number }>().id;
    await call({ method: 'POST', url: `/api/sign-requests/${id}/signers`, token, payload: {} });
    const upload = multipart({ name: 'Huurovereenkomst' }, [{ content: await makePdf(1) }]);
    const signable = await call({
      method: 'POST',
      url: `/api/sign-requests/${id}/signables`,
      token,
      ...upload,
    });
    expect(signable.statusCode, signable.body).toBe(201);
    const signableId = signable.json<{ id: number }>().id;
    await call({
      method: 'POST',
      url: '/api/upload-file',
      token,
      ...multipart({}, [{ content: await makePdf(1) }]),
    });
    await call({ method: 'GET', url: `/api/signables/${signableId}/file`, token });
    await call({ method: 'GET', url: '/api/signrequests/variables?search=naam', token });
    await call({ method: 'GET', url: `/api/sign-requests/${id}`, token });
    await call({ method: 'GET', url: `/api/sign-requests/${id}`, token: other.token });
    await call({
      method: 'PUT',
      url: `/api/sign-requests/${id}/update-signer`,
      token,
      payload: { signer_id: signerId, ...signerBody, lastname: 'Visser-de Jong' },
    });
    const colleague = await createUser(t, admin.user.company.id, { name: 'Pieter Bakker' });
    await call({
      method: 'POST',
      url: `/api/sign-requests/${id}/viewer-user`,
      token,
      payload: { user_id: colleague.id },
    });
    await call({ method: 'GET', url: `/api/signers/${signerId}/verifications`, token });
    const ready = await call({ method: 'POST', url: `/api/sign-requests/${id}/ready`, token });
    expect(ready.statusCode, ready.body).toBe(200);
    await call({ method: 'POST', url: `/api/sign-requests/${id}/ready`, token });
    await call({ method: 'GET', url: `/api/sign-requests/${id}`, token });
    await call({
      method: 'GET',
      url: '/api/sign-requests?filters=%5B%7B%22field%22%3A%22state_id%22%2C%22value%22%3A%5B3%5D%7D%5D',
      token,
    });
    await call({
      method: 'PUT',
      url: `/api/sign-requests/${signerId}/send-manual-reminder`,
      token,
    });
    await call({ method: 'POST', url: `/api/sign-requests/${id}/cancel`, token });
    await call({ method: 'POST', url: `/api/sign-requests/${id}/cancel`, token });
    expect([...checker.answered]).toEqual(
      expect.arrayContaining([
        'POST /api/sign-requests/{id}/signers',
        'PUT /api/sign-requests/{id}/update-signer',
        'POST /api/sign-requests/{id}/viewer-user',
        'GET /api/signers/{id}/verifications',
        'POST /api/sign-requests/{id}/ready',
        'POST /api/sign-requests/{id}/cancel',
      ]),
    );
  });

  it('matches the answers of the templates screen: create, list, read, mark, file, delete', async () => {
    const admin = await registerCompanyOnPlan(t, PLAN.premium);
    const token = admin.token;
    const upload = multipart({ name: 'Huurovereenkomst woonruimte' }, [
      { content: await makePdf(1) },
    ]);
    const created = await call({ method: 'POST', url: '/api/templates', token, ...upload });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    await call({ method: 'GET', url: '/api/templates?page=1&limit=10', token });
    await call({ method: 'GET', url: `/api/templates/${id}`, token });
    const marked = await call({
      method: 'PUT',
      url: `/api/templates/${id}`,
      token,
      payload: {
        name: 'Huurovereenkomst woonruimte',
        variables: [
          {
            x: 72,
            y: 600,
            width: 150,
            height: 30,
            page: 1,
            type: 'text',
            value: 'Prinsengracht 12',
            options: { label: 'Adres', fontSize: 11 },
          },
        ],
        fields: [
          {
            x: 72,
            y: 500,
            width: 150,
            height: 30,
            page: 1,
            type: 'text',
            options: { signer: 1, rules: ['required'] },
          },
        ],
      },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    await call({ method: 'GET', url: '/api/templates/variables?search=adres', token });
    await call({ method: 'GET', url: `/api/templates/${id}/file`, token });
    await call({
      method: 'GET',
      url: `/api/templates/${id}`,
      token: (await registerCompany(t)).token,
    });
    await call({ method: 'DELETE', url: `/api/templates/${id}`, token });
    await call({ method: 'GET', url: `/api/templates/${id}`, token });
    expect([...checker.answered]).toEqual(
      expect.arrayContaining([
        'POST /api/templates',
        'GET /api/templates',
        'GET /api/templates/{id}',
        'PUT /api/templates/{id}',
        'GET /api/templates/variables',
      ]),
    );
  });

  it('matches the answers of the signer: page, file, e-mail code, signature, approve, decline', async () => {
    const sent = await sendTestRequest(t, {
      signers: [{ verifications: [1, 5] }, { verifications: [2, 5], phone: '0612345678' }],
    });
    const [first, second] = sent.tokens as [string, string];
    const signing = (token: string, path = '') => `/api/signing/${token}${path}`;
    const page = await call({ method: 'GET', url: signing(first) });
    expect(page.statusCode, page.body).toBe(200);
    await call({ method: 'GET', url: signing('onbekend-token') });
    await call({ method: 'GET', url: signing(first, `/signables/${sent.signableIds[0]}/file`) });
    await call({
      method: 'GET',
      url: signing(first, `/signables/${sent.signableIds[0]}/file`),
      headers: { range: 'bytes=0-99' },
    });
    await call({ method: 'GET', url: signing(first, '/drawings/signature') });
    const codeSent = await call({ method: 'POST', url: signing(first, '/verifications/email') });
    expect(codeSent.statusCode, codeSent.body).toBe(200);
    const signer = page.json<{ signer: { email: string } }>().signer;
    const mail = await t.smtp.waitForMail(signer.email, /code/i);
    const code = /\b(\d{6})\b/.exec(mail.subject)![1]!;
    await call({
      method: 'POST',
      url: signing(first, '/verifications/email/verify'),
      payload: { code: '000000' === code ? '111111' : '000000' },
    });
    const verified = await call({
      method: 'POST',
      url: signing(first, '/verifications/email/verify'),
      payload: { code },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    await call({ method: 'PUT', url: signing(first, '/fields'), payload: { fields: [] } });
    await call({ method: 'PUT', url: signing(first, '/form-fields'), payload: { fields: [] } });
    await call({ method: 'POST', url: signing(first, '/approve') });
    const signature = await call({
      method: 'PUT',
      url: signing(first, '/signature'),
      payload: { type: 'signature', image: pngDataUrl() },
    });
    expect(signature.statusCode, signature.body).toBe(200);
    await call({ method: 'GET', url: signing(first, '/drawings/signature') });
    const approved = await call({ method: 'POST', url: signing(first, '/approve') });
    expect(approved.statusCode, approved.body).toBe(200);
    await call({ method: 'POST', url: signing(second, '/verifications/sms') });
    await call({
      method: 'POST',
      url: signing(second, '/verifications/sms/verify'),
      payload: { code: '12' },
    });
    await call({ method: 'POST', url: signing(second, '/verifications/idin') });
    const declined = await call({
      method: 'POST',
      url: signing(second, '/decline'),
      payload: { reason: 'De huurprijs klopt niet.' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    await call({ method: 'GET', url: signing(second) });
    await call({ method: 'GET', url: '/api/identity/callback?state=onbekend&code=x' });
    // The test bank answers this machine only (lib/simulator-access.ts).
    await call({
      method: 'GET',
      url: '/api/identity/simulator?state=onbekend',
      remoteAddress: '127.0.0.1',
    });
    await call({
      method: 'POST',
      url: '/api/identity/simulator',
      remoteAddress: '127.0.0.1',
      payload: 'state=onbekend&bank=abn&outcome=success',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await call({
      method: 'GET',
      url: `/api/sign-requests/${sent.requestId}/receipt/download`,
      token: sent.adminToken,
    });
    await call({
      method: 'POST',
      url: '/api/tsa',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect([...checker.answered]).toEqual(
      expect.arrayContaining([
        'GET /api/signing/{token}',
        'POST /api/signing/{token}/verifications/email',
        'POST /api/signing/{token}/verifications/email/verify',
        'PUT /api/signing/{token}/signature',
        'POST /api/signing/{token}/approve',
        'POST /api/signing/{token}/verifications/sms',
        'POST /api/signing/{token}/decline',
      ]),
    );
  });
});
