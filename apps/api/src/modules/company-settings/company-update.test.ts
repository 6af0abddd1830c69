import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingMessages,
  companyMessages,
  messages,
  type Company,
  type Session,
  type SigningPage,
} from '@paraaf/contract';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  createMember,
  errorsOf,
  PLAN,
  registerCompanyOnPlan,
  setPlan,
} from '../../../test/factories.ts';
import { jpegFixture, makePdf, makePng } from '../../../test/fixtures/documents.ts';
import { multipart, type FilePart } from '../../../test/fixtures/multipart.ts';
import { sendTestRequest } from '../signing/signing.fixture.ts';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  // Standard has own styling: the logo.
  admin = await registerCompanyOnPlan(t, PLAN.standard, { company: 'Logo BV' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const valid = {
  name: 'Logo BV',
  sms_name: 'LogoBV',
  phone: '010-1234567',
  send_signed_documents_to_email: '1',
  'address[tnv]': 'Afdeling inkoop',
  'address[street]': 'Kerkstraat',
  'address[housenumber]': '12',
  'address[housenumber_addition]': 'a',
  'address[postal]': '1234 AB',
  'address[city]': 'Utrecht',
  'custom_fields[0][name]': 'Dossiernummer',
  'custom_fields[0][description]': 'Het nummer van het dossier',
  'custom_fields[0][required]': '1',
};

function post(
  token: string | undefined,
  fields: Record<string, string>,
  logo?: Partial<FilePart> & { content: Buffer },
) {
  const body = multipart(
    fields,
    logo ? [{ field: 'logo', filename: 'logo.png', contentType: 'image/png', ...logo }] : [],
  );
  return t.request({
    method: 'POST',
    url: '/api/company',
    payload: body.payload,
    headers: body.headers,
    token,
  });
}

const logoPath = (url: string | null) => {
  expect(url).toMatch(/^\/api\/logos\/[A-Za-z0-9_-]{32}$/);
  return url!;
};

describe('POST /api/company: refusals', () => {
  it('needs a session', async () => {
    expect((await post(undefined, valid)).statusCode).toBe(401);
  });

  it.each(['user', 'viewer'] as const)('is forbidden for role %s', async (role) => {
    const member = await createMember(t, admin.user.company.id, role);
    const res = await post(member.token, valid);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: messages.forbidden });
  });

  it('refuses a PDF renamed to .png as the logo', async () => {
    const res = await post(admin.token, valid, { content: await makePdf(1) });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ logo: [companyMessages.logoType] });
  });

  it('refuses a logo over 2 MB', async () => {
    const big = Buffer.concat([makePng(10, 10), Buffer.alloc(2 * 1024 * 1024)]);
    const res = await post(admin.token, valid, { content: big });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ logo: [companyMessages.logoTooLarge] });
  });

  it('refuses a logo over 2000 pixels wide', async () => {
    const res = await post(admin.token, valid, { content: makePng(2001, 1) });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ logo: [companyMessages.logoDimensions] });
  });

  it('refuses an empty name, a long SMS name, a long address part and a nameless custom field', async () => {
    const res = await post(admin.token, {
      ...valid,
      name: ' ',
      sms_name: 'TwaalfTekens',
      'address[postal]': '123456789012',
      'address[city]': 'x'.repeat(41),
      'custom_fields[0][name]': '',
    });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({
      name: [messages.required],
      sms_name: [messages.maxLength],
      'address.postal': [messages.maxLength],
      'address.city': [messages.maxLength],
      'custom_fields.0.name': [messages.required],
    });
  });

  it('needs an SMS name and changes nothing on a refusal', async () => {
    const res = await post(admin.token, { name: 'Anders BV' });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ sms_name: [messages.required] });
    const company = await t.request({ method: 'GET', url: '/api/company', token: admin.token });
    expect(company.json<Company>().name).toBe('Logo BV');
  });
});

describe('POST /api/company: saving and the logo', () => {
  it('saves the settings with a PNG logo, served at its URL without a session', async () => {
    const png = makePng(120, 40);
    const res = await post(
      admin.token,
      { ...valid, webhook_url: 'https://voorbeeld.nl/hook' },
      {
        content: png,
      },
    );
    expect(res.statusCode).toBe(200);
    const company = res.json<Company>();
    expect(company).toMatchObject({
      name: 'Logo BV',
      phone: '010-1234567',
      sms_name: 'LogoBV',
      send_signed_documents_to_email: true,
      // Not stored without the webhooks feature.
      webhook_url: null,
      address: {
        tnv: 'Afdeling inkoop',
        street: 'Kerkstraat',
        housenumber: '12',
        housenumber_addition: 'a',
        postal: '1234 AB',
        city: 'Utrecht',
      },
      custom_fields: [
        { name: 'Dossiernummer', description: 'Het nummer van het dossier', required: true },
      ],
    });
    const url = logoPath(company.logo_url);
    const again = await t.request({ method: 'GET', url: '/api/company', token: admin.token });
    expect(again.json<Company>().logo_url).toBe(url);

    const image = await t.request({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toContain('max-age');
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(image.rawPayload.equals(png)).toBe(true);
  });

  it('replaces the logo with a JPEG: the old URL answers 404, the new one the JPEG', async () => {
    const first = (await post(admin.token, valid, { content: makePng(10, 10) })).json<Company>();
    const oldUrl = logoPath(first.logo_url);
    const res = await post(admin.token, valid, {
      content: jpegFixture(),
      filename: 'logo.jpg',
      contentType: 'image/jpeg',
    });
    expect(res.statusCode).toBe(200);
    const newUrl = logoPath(res.json<Company>().logo_url);
    expect(newUrl).not.toBe(oldUrl);
    expect((await t.request({ method: 'GET', url: oldUrl })).statusCode).toBe(404);
    const image = await t.request({ method: 'GET', url: newUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
  });

  it('keeps the logo when saved without one, and removes it with delete_logo', async () => {
    const url = logoPath(
      (await post(admin.token, valid, { content: makePng(10, 10) })).json<Company>().logo_url,
    );
    const kept = await post(admin.token, valid);
    expect(kept.json<Company>().logo_url).toBe(url);

    const res = await post(admin.token, { ...valid, delete_logo: '1' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Company>().logo_url).toBeNull();
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('answers 404 for an unknown or malformed logo token', async () => {
    expect(
      (await t.request({ method: 'GET', url: `/api/logos/${'a'.repeat(32)}` })).statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/logos/..%2F..' })).statusCode).toBe(404);
  });

  it("shows the logo on the signer's page while the plan has own styling", async () => {
    const sent = await sendTestRequest(t, { planId: PLAN.standard });
    const before = await t.request({ method: 'GET', url: `/api/signing/${sent.tokens[0]!}` });
    expect(before.json<SigningPage>().company.logo_url).toBeNull();

    const saved = await post(sent.adminToken, valid, { content: makePng(64, 64) });
    const url = logoPath(saved.json<Company>().logo_url);
    const page = await t.request({ method: 'GET', url: `/api/signing/${sent.tokens[0]!}` });
    expect(page.statusCode).toBe(200);
    expect(page.json<SigningPage>().company).toEqual({ name: 'Logo BV', logo_url: url });

    // A downgrade hides the logo (page, settings) and refuses a new one; the file stays.
    await setPlan(t, sent.companyId, PLAN.free);
    const hidden = await t.request({ method: 'GET', url: `/api/signing/${sent.tokens[0]!}` });
    expect(hidden.json<SigningPage>().company.logo_url).toBeNull();
    const settings = await t.request({
      method: 'GET',
      url: '/api/company',
      token: sent.adminToken,
    });
    expect(settings.json<Company>()).toMatchObject({ logo_url: null, logo: null });
    const refused = await post(sent.adminToken, valid, { content: makePng(32, 32) });
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused)).toEqual({ logo: [billingMessages.featureMissing] });
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(200);
    // Saving the other settings without the feature works and keeps the logo.
    expect((await post(sent.adminToken, valid)).statusCode).toBe(200);

    // The upgrade brings the same logo back.
    await setPlan(t, sent.companyId, PLAN.premium);
    const back = await t.request({ method: 'GET', url: `/api/signing/${sent.tokens[0]!}` });
    expect(back.json<SigningPage>().company.logo_url).toBe(url);
  });
});
