/** The API calls the specs make as the wizard would, outside the browser. */
import { expect } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';

const password = 'Eerste-wachtwoord-1';

/** The platform administrator the e2e server creates at start (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const platformAdmin = {
  email: 'beheer@paraaf-e2e.test',
  password: 'Beheer-e2e-wachtwoord-1',
};

/** A call to the product's API with the session token, failing loudly on an error status. */
export async function call<T>(
  baseURL: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  // The specs share one server and register many companies: each registration comes from its own
  // client address (the e2e servers trust the loopback proxy), as new customers do, so the
  // per-address registration limit stays what production has.
  if (path === '/auth/register') headers['X-Forwarded-For'] = nextClientAddress();
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(baseURL + '/api' + path, { method, headers, body: payload });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

let clients = 0;
function nextClientAddress(): string {
  clients += 1;
  return `198.51.${(clients >> 8) & 255}.${clients & 255}`;
}

/** The platform administrator's session token, logged in through the API. */
export async function platformAdminToken(baseURL: string): Promise<string> {
  const { token } = await call<{ token: string }>(baseURL, null, 'POST', '/auth/login', {
    email: platformAdmin.email,
    password: platformAdmin.password,
  });
  return token;
}

/** A new company through the API: its first user's e-mail and session token. */
export async function registerAccount(
  baseURL: string,
  company: string,
  name: string,
  twoFactor = false,
) {
  const email = `${name.split(' ')[0]!.toLowerCase()}-${Date.now()}@${company.replace(/\W/g, '').toLowerCase()}.nl`;
  const session = await call<{ token: string }>(baseURL, null, 'POST', '/auth/register', {
    company,
    name,
    email,
    password,
    passwordconfirmation: password,
    terms: true,
    two_factor_auth: twoFactor,
  });
  return { email, token: session.token };
}

/** A new company through the API; returns its first user's session token. */
export async function registerCompany(baseURL: string, company: string, name: string) {
  return (await registerAccount(baseURL, company, name)).token;
}

export interface SignerInput {
  firstname: string;
  lastname: string;
  email: string;
  /** The signer's language (nl when not given). */
  locale?: 'nl' | 'en' | 'de' | 'fr';
  phone?: string;
  /** This signer's steps; else the request's `verifications`. */
  verifications?: number[];
  /** 'embedded': no invitation mail; the signer signs in the sender's own site. */
  delivery?: 'email' | 'embedded';
  /** An approver (approves, no signature) or a cc (gets a copy); else a signer. */
  role?: 'signer' | 'approver' | 'cc';
}

/** The id of the company the session belongs to. */
export async function companyIdOf(baseURL: string, token: string): Promise<number> {
  return (await call<{ id: number }>(baseURL, token, 'GET', '/company')).id;
}

/**
 * Gives a company features outside its plan (iDIN, templates), as the back office does: logs in
 * as the platform administrator and calls PUT /api/admin/companies/{id}/features.
 */
export async function enableFeatures(
  baseURL: string,
  companyId: number,
  features: string[],
): Promise<void> {
  const session = await call<{ token: string }>(baseURL, null, 'POST', '/auth/login', {
    email: platformAdmin.email,
    password: platformAdmin.password,
  });
  await call(baseURL, session.token, 'PUT', `/admin/companies/${companyId}/features`, {
    extra_features: features,
  });
}

/**
 * Puts the company on a plan the way its admin would (POST /api/payment-plans): a monthly plan
 * without a mandate answers a checkout URL of the payment simulator, which is paid there; then
 * waits until the plan is in effect (the simulator's webhook is asynchronous, as Mollie's).
 */
export async function choosePlan(baseURL: string, token: string, planId: number): Promise<void> {
  const chosen = await call<{ redirect_url: string | null }>(
    baseURL,
    token,
    'POST',
    '/payment-plans',
    { id: planId },
  );
  if (chosen.redirect_url) {
    const checkout = await fetch(chosen.redirect_url);
    const action = /<form method="post" action="([^"]+)"/.exec(await checkout.text())?.[1];
    if (!action) throw new Error(`no checkout form at ${chosen.redirect_url}`);
    const paid = await fetch(new URL(action.replaceAll('&amp;', '&'), chosen.redirect_url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'status=paid',
      redirect: 'manual',
    });
    if (paid.status >= 400) throw new Error(`checkout → ${paid.status}`);
  }
  await expect
    .poll(
      async () =>
        (await call<{ current_payment_plan: { id: number } }>(baseURL, token, 'GET', '/company'))
          .current_payment_plan.id,
    )
    .toBe(planId);
}

/** A small contract PDF: a title and a signature line on every page. */
export async function contractPdf(title: string, pages = 2): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`${title} — pagina ${i}`, { x: 60, y: 760, size: 18, font });
    page.drawText('Handtekening koper:', { x: 60, y: 200, size: 12, font });
  }
  return doc.save();
}

/** The creation flow of seed 000 §4: request, each signer, one document, then ready if asked. */
export async function createSignRequest(
  baseURL: string,
  token: string,
  opts: {
    subject: string;
    document: string;
    signers: SignerInput[];
    send: boolean;
    pages?: number;
    /** The document's bytes; else a small contract of `pages` pages titled `document`. */
    pdf?: Uint8Array;
    message?: string;
    isSync?: boolean;
    /** Signers may hand their invitation over to someone else. */
    allowDelegation?: boolean;
    verifications?: number[];
    /** Adds marker (`variables[i][..]`) and field (`fields[i][..]`) keys to the document's form. */
    markers?: (form: FormData) => void;
  },
): Promise<number> {
  const { id } = await call<{ id: number }>(baseURL, token, 'POST', '/sign-requests', {
    expires_at: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
    subject: opts.subject,
    message: opts.message ?? 'Wil je dit document ondertekenen? [[link]]',
    is_sync: opts.isSync ?? false,
    allow_delegation: opts.allowDelegation ?? false,
    send_documents_to_initiator: false,
    emails: [],
    custom_fields: [],
  });
  for (const signer of opts.signers) {
    await call(baseURL, token, 'POST', `/sign-requests/${id}/signers`, {
      locale: 'nl',
      ...signer,
      verifications: signer.verifications ?? opts.verifications ?? [5],
      reminder_after: 3,
      max_reminders: 5,
    });
  }
  const form = new FormData();
  const bytes = opts.pdf ?? (await contractPdf(opts.document, opts.pages));
  form.set(
    'file',
    new Blob([Buffer.from(bytes)], { type: 'application/pdf' }),
    `${opts.document}.pdf`,
  );
  form.set('name', opts.document);
  form.set('filename', `${opts.document}.pdf`);
  form.set('type', '1');
  opts.markers?.(form);
  await call(baseURL, token, 'POST', `/sign-requests/${id}/signables`, form);
  if (opts.send) await call(baseURL, token, 'POST', `/sign-requests/${id}/ready`);
  return id;
}

/** Waits (up to 30 s) until the request is sealed (state 5); returns its detail as the API gives it. */
export async function waitUntilSigned<T = { signables: { id: number }[] }>(
  baseURL: string,
  token: string,
  id: number,
): Promise<T> {
  await expect
    .poll(
      async () =>
        (await call<{ state_id: number }>(baseURL, token, 'GET', `/sign-requests/${id}`)).state_id,
      { timeout: 30_000 },
    )
    .toBe(5);
  return call<T>(baseURL, token, 'GET', `/sign-requests/${id}`);
}

/** A document as the sender downloads it (the sealed file once signed). */
export async function downloadSignable(
  baseURL: string,
  token: string,
  signableId: number,
): Promise<Buffer> {
  const res = await fetch(`${baseURL}/api/signables/${signableId}/file`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}
