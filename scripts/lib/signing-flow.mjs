// One complete signing through the HTTP API, as a company's integration and its signer would do
// it: create, signer, document, ready, invitation mail, e-mail code, signature, approve, sealed
// (the mail with the signed documents). Used by the concurrency test (apps/api/src/concurrency)
// and `npm run bench` (scripts/bench-signings.mjs). Each flow talks from its own loopback address
// (127.0.x.y), as signers on their own machines do, so per-address limits apply per flow.
import http from 'node:http';
import { signatureDataUrl } from './signature-png.mjs';

/** A small JSON/multipart client for the product's API from one source address. */
export function apiClient(baseUrls, localAddress) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4, localAddress });
  let turn = 0;
  /** Sends one request to the next base URL (round robin over the api processes). */
  function send(method, path, { token, json, body, headers = {} } = {}) {
    const base = new URL(baseUrls[turn++ % baseUrls.length]);
    const payload = json !== undefined ? Buffer.from(JSON.stringify(json)) : body;
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: base.hostname,
          port: base.port,
          method,
          path,
          agent,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
            ...(payload ? { 'content-length': payload.length } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            const type = res.headers['content-type'] ?? '';
            resolve({
              status: res.statusCode,
              raw,
              body: type.startsWith('application/json') ? JSON.parse(raw.toString()) : null,
            });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }
  /** Like send, but a status other than `expected` is an error naming the call and the answer. */
  async function call(expected, method, path, options) {
    const res = await send(method, path, options);
    if (res.status !== expected) {
      const text = res.raw.toString().slice(0, 300);
      throw new Error(`${method} ${path}: HTTP ${res.status} ${text}`);
    }
    return res;
  }
  return { send, call, close: () => agent.destroy() };
}

/** The n-th flow's loopback address: 127.0.x.y, never 127.0.0.1. */
export function flowAddress(n) {
  const k = n + 2;
  return `127.0.${Math.floor(k / 250)}.${(k % 250) + 2}`;
}

/** Registers a company (through the API, from `client`'s address) and returns its session. */
export async function registerCompany(client, company, email) {
  const res = await client.call(201, 'POST', '/api/auth/register', {
    json: {
      company,
      name: 'Beheerder',
      email,
      password: 'Geheim-wachtwoord-1',
      passwordconfirmation: 'Geheim-wachtwoord-1',
      terms: true,
    },
  });
  return { token: res.body.token, companyId: res.body.user.company.id };
}

function multipart(fields, file) {
  const boundary = `----paraaf${Math.random().toString(16).slice(2)}`;
  const parts = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        'content-type: application/pdf\r\n\r\n',
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

const SIGNATURE = signatureDataUrl();

/**
 * Runs one signing. `waitForMail(to, subjectRegExp)` resolves with a caught mail ({subject, html,
 * text}). Returns the ids and the moments of each step (ms since the epoch) for the figures.
 */
export async function runSigningFlow({ client, senderToken, signerEmail, pdf, waitForMail, n }) {
  const t = { start: Date.now() };
  const token = senderToken;
  const expires = new Date(Date.now() + 14 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const created = await client.call(201, 'POST', '/api/sign-requests', {
    token,
    json: {
      expires_at: expires,
      subject: `Contract ${n}`,
      message: 'Graag ondertekenen: [[link]]',
    },
  });
  const id = created.body.id;
  await client.call(201, 'POST', `/api/sign-requests/${id}/signers`, {
    token,
    json: {
      firstname: 'Ondertekenaar',
      lastname: `Nummer ${n}`,
      email: signerEmail,
      verifications: [1, 5],
      reminder_after: 7,
      max_reminders: 1,
    },
  });
  const upload = multipart({ name: `Contract ${n}` }, { name: `contract-${n}.pdf`, bytes: pdf });
  const signable = await client.call(201, 'POST', `/api/sign-requests/${id}/signables`, {
    token,
    body: upload.body,
    headers: { 'content-type': upload.type },
  });
  t.sent = Date.now();
  await client.call(200, 'POST', `/api/sign-requests/${id}/ready`, { token });
  // The invitation's subject is the request's (seed 000: the sender's subject).
  const invitation = await waitForMail(signerEmail, new RegExp(`^Contract ${n}$`));
  t.invited = Date.now();
  const link = /\/ondertekenen\/([A-Za-z0-9_-]+)/.exec(invitation.html || invitation.text);
  if (!link) throw new Error(`flow ${n}: no signing link in the invitation`);
  const s = `/api/signing/${link[1]}`;
  await client.call(200, 'GET', s);
  await client.call(200, 'GET', `${s}/signables/${signable.body.id}/file`);
  t.codeAsked = Date.now();
  await client.call(200, 'POST', `${s}/verifications/email`);
  const codeMail = await waitForMail(signerEmail, /verificatiecode/i);
  t.codeArrived = Date.now();
  const code = /\b(\d{6})\b/.exec(codeMail.subject)?.[1];
  if (!code) throw new Error(`flow ${n}: no code in "${codeMail.subject}"`);
  await client.call(200, 'POST', `${s}/verifications/email/verify`, { json: { code } });
  await client.call(200, 'PUT', `${s}/signature`, {
    json: { type: 'signature', image: SIGNATURE },
  });
  t.approve = Date.now();
  await client.call(200, 'POST', `${s}/approve`);
  await waitForMail(signerEmail, /ondertekende documenten/i);
  t.sealed = Date.now();
  return { requestId: id, signableId: signable.body.id, t };
}

/** p-th percentile (0–100) of numbers, nearest rank. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
