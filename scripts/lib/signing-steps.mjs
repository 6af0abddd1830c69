// One complete signing over HTTP, in the steps a sender and a signer take, for the benches and
// the process tests: create → signer → document → ready → (invitation) → code → signature →
// approve. How the invitation and code mails are read is the caller's (an SMTP catcher, or
// /dev/mailbox without SMTP_URL).
import { shadedPng } from './signature-png.mjs';
import { contractPdf } from './contract-pdf.mjs';

export { registerBenchCompany } from './bench-account.mjs';

/** A JSON (or FormData) call to /api with an optional bearer token; throws on an error status. */
export async function api(baseUrl, token, method, path, body) {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  let payload = body;
  if (body !== undefined && !(body instanceof FormData)) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${baseUrl}/api${path}`, { method, headers, body: payload });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * A sent request (state 3) with one signer and one document of `pages` pages (or `pdf`); the
 * signer's steps are `verifications` (5: drawn signature; 1: e-mail code). Returns its id. With
 * `send: false` it stays a draft, ready to be sent. Each call goes through `step(route, call)`
 * (a bench times them there).
 */
export async function sendSignRequest(
  baseUrl,
  token,
  {
    signerEmail,
    pages = 2,
    pdf,
    verifications = [5],
    send = true,
    step = (_route, call) => call(),
  },
) {
  const { id } = await step('POST /sign-requests', () =>
    api(baseUrl, token, 'POST', '/sign-requests', {
      expires_at: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
      subject: `Contract ${signerEmail}`,
      message: 'Graag tekenen: [[link]]',
      is_sync: false,
      send_documents_to_initiator: true,
      emails: [],
      custom_fields: [],
    }),
  );
  await step('POST /sign-requests/{id}/signers', () =>
    api(baseUrl, token, 'POST', `/sign-requests/${id}/signers`, {
      firstname: 'Sanne',
      lastname: 'de Vries',
      email: signerEmail,
      locale: 'nl',
      verifications,
      reminder_after: 3,
      max_reminders: 5,
    }),
  );
  const form = new FormData();
  form.set('name', `Contract ${pages} pagina's`);
  form.set('filename', 'contract.pdf');
  form.set('type', '1');
  const file = pdf ?? (await contractPdf(pages, 45));
  form.set('file', new Blob([file], { type: 'application/pdf' }), 'contract.pdf');
  await step('POST /sign-requests/{id}/signables', () =>
    api(baseUrl, token, 'POST', `/sign-requests/${id}/signables`, form),
  );
  if (send) {
    await step('POST /sign-requests/{id}/ready', () =>
      api(baseUrl, token, 'POST', `/sign-requests/${id}/ready`),
    );
  }
  return id;
}

/** The signer's link token in an invitation's text or HTML. */
export function signerTokenIn(text) {
  const token = /\/ondertekenen\/([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1];
  if (!token) throw new Error('no signer link in the mail');
  return token;
}

/** The six-digit code in a verification mail's subject or text. */
export function codeIn(text) {
  const code = /\b(\d{6})\b/.exec(text ?? '')?.[1];
  if (!code) throw new Error('no code in the mail');
  return code;
}

/** Asks for the e-mail code (the mail is the caller's to read). */
export const requestEmailCode = (baseUrl, signerToken) =>
  api(baseUrl, null, 'POST', `/signing/${signerToken}/verifications/email`);

export const verifyEmailCode = (baseUrl, signerToken, code) =>
  api(baseUrl, null, 'POST', `/signing/${signerToken}/verifications/email/verify`, { code });

/** Everything before the approval: the page, the drawn signature, each document viewed. */
export async function prepareApproval(baseUrl, signerToken) {
  const page = await api(baseUrl, null, 'GET', `/signing/${signerToken}`);
  await api(baseUrl, null, 'PUT', `/signing/${signerToken}/signature`, {
    type: 'signature',
    image: `data:image/png;base64,${shadedPng(300, 100, 90).toString('base64')}`,
  });
  for (const doc of page.documents) {
    const res = await fetch(`${baseUrl}/api/signing/${signerToken}/signables/${doc.id}/file`);
    if (!res.ok) throw new Error(`document ${doc.id}: ${res.status}`);
    await res.arrayBuffer();
  }
}

export const approve = (baseUrl, signerToken) =>
  api(baseUrl, null, 'POST', `/signing/${signerToken}/approve`);
