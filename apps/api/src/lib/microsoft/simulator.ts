import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { MicrosoftConfig } from '../../config/env.ts';
import { escapeHtml } from '../mail/layout.ts';
import { graphDefaultScope } from './consent-url.ts';
import { MicrosoftSimulatorStore, simulatedTenant } from './simulator-store.ts';

export interface MicrosoftSimulatorOptions {
  microsoft: MicrosoftConfig;
  /** The one redirect URI of the app registration (Microsoft refuses any other). */
  redirectUri: string;
  store: MicrosoftSimulatorStore;
}

const tokenLifetimeSeconds = 3599;
const isLoopback = (ip: string) => ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';

/**
 * Microsoft 365, built in for embedded mode (mounted at `/dev/microsoft` when MS_CLIENT_ID is
 * unset), so the consent and the 'graph' mail transport can be tried without a tenant:
 * - `GET login/{tenant}/v2.0/adminconsent`: a Dutch page 'Toestemming geven' for the simulated
 *   organisation; approve or deny redirects to the redirect URI as Microsoft does
 *   (`admin_consent=True&tenant=…&state=…` or `error=access_denied&error_description=…&state=…`);
 * - `POST login/{tenant}/oauth2/v2.0/token`: client credentials, checks client id and secret,
 *   scope and tenant, with Microsoft's error shapes;
 * - `POST graph/v1.0/users/{sender}/sendMail`: checks the token and the message (recipients,
 *   only `X-` headers, fileAttachments), keeps it; `GET messages` lists them (this machine only).
 */
export const microsoftSimulator: FastifyPluginAsync<MicrosoftSimulatorOptions> = (
  app,
  { microsoft, redirectUri, store },
) => {
  // The consent form and the token request are urlencoded; parsed only here.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get<{ Params: { tenant: string }; Querystring: Record<string, string | undefined> }>(
    '/login/:tenant/v2.0/adminconsent',
    async (request, reply) => {
      const q = request.query;
      if (q.client_id !== microsoft.clientId) {
        return page(
          reply,
          400,
          'Onbekende app',
          `<p>De app met client-id ${escapeHtml(q.client_id ?? '')} is niet geregistreerd (AADSTS700016).</p>`,
        );
      }
      if (q.redirect_uri !== redirectUri) {
        return page(
          reply,
          400,
          'Onbekend terugkeeradres',
          `<p>Het terugkeeradres ${escapeHtml(q.redirect_uri ?? '')} is niet geregistreerd voor deze app (AADSTS50011).</p>`,
        );
      }
      const hidden = (name: string, value: string) =>
        `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
      return page(
        reply,
        200,
        'Toestemming geven',
        `<p>Paraaf vraagt toestemming voor de organisatie <strong>${escapeHtml(simulatedTenant.name)}</strong>:</p>
<ul><li>Mail versturen als elke gebruiker (Mail.Send, toepassingsmachtiging)</li></ul>
<p>Als beheerder geef je deze toestemming voor de hele organisatie.</p>
<form method="post" action="../../consent">
${hidden('redirect_uri', q.redirect_uri)}${hidden('state', q.state ?? '')}
<button type="submit" name="decision" value="approve">Accepteren</button>
<button type="submit" name="decision" value="deny">Annuleren</button>
</form>
<p class="note">Dit is de ingebouwde simulator van Microsoft 365; er wordt niets naar Microsoft gestuurd.</p>`,
      );
    },
  );

  app.post<{ Body: Record<string, string | undefined> | null }>(
    '/login/consent',
    async (request, reply) => {
      const body = request.body ?? {};
      if (body.redirect_uri !== redirectUri) {
        return page(
          reply,
          400,
          'Onbekend terugkeeradres',
          '<p>Het terugkeeradres is niet geregistreerd voor deze app.</p>',
        );
      }
      const target = new URL(redirectUri);
      if (body.decision === 'approve') {
        target.searchParams.set('admin_consent', 'True');
        target.searchParams.set('tenant', simulatedTenant.id);
        target.searchParams.set('scope', 'https://graph.microsoft.com/Mail.Send');
      } else {
        target.searchParams.set('error', 'access_denied');
        target.searchParams.set(
          'error_description',
          'AADSTS65004: User declined to consent to access the app.',
        );
      }
      if (body.state) target.searchParams.set('state', body.state);
      return reply.redirect(target.toString(), 302);
    },
  );

  app.post<{ Params: { tenant: string }; Body: Record<string, string | undefined> | null }>(
    '/login/:tenant/oauth2/v2.0/token',
    async (request, reply) => {
      const body = request.body ?? {};
      const fail = (status: number, error: string, description: string) =>
        reply.code(status).send({ error, error_description: description });
      if (request.params.tenant !== simulatedTenant.id) {
        return fail(
          400,
          'invalid_request',
          `AADSTS90002: Tenant '${request.params.tenant}' not found.`,
        );
      }
      if (body.grant_type !== 'client_credentials') {
        return fail(
          400,
          'unsupported_grant_type',
          'AADSTS70003: The app requested an unsupported grant type.',
        );
      }
      if (body.client_id !== microsoft.clientId) {
        return fail(
          400,
          'unauthorized_client',
          `AADSTS700016: Application '${body.client_id ?? ''}' was not found.`,
        );
      }
      if (body.client_secret !== microsoft.clientSecret) {
        return fail(401, 'invalid_client', 'AADSTS7000215: Invalid client secret provided.');
      }
      if (body.scope !== graphDefaultScope) {
        return fail(
          400,
          'invalid_scope',
          'AADSTS1002012: The provided value for scope is not valid.',
        );
      }
      return {
        token_type: 'Bearer',
        expires_in: tokenLifetimeSeconds,
        ext_expires_in: tokenLifetimeSeconds,
        access_token: store.issueToken(tokenLifetimeSeconds),
      };
    },
  );

  app.post<{ Params: { sender: string }; Body: unknown }>(
    '/graph/v1.0/users/:sender/sendMail',
    // Graph takes requests of about 4 MB (attachments in base64 included).
    { bodyLimit: 5 * 1024 * 1024 },
    async (request, reply) => {
      const graphError = (status: number, code: string, message: string) =>
        reply.code(status).send({ error: { code, message } });
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!token || !store.isTokenValid(token)) {
        return graphError(401, 'InvalidAuthenticationToken', 'Access token is empty or expired.');
      }
      const problem = messageProblem(request.body);
      if (problem) return graphError(400, problem.code, problem.message);
      store.receive({
        sender: request.params.sender,
        receivedAt: new Date().toISOString(),
        message: (request.body as { message: unknown }).message,
      });
      return reply.code(202).send();
    },
  );

  app.get('/messages', async (request, reply) => {
    // The messages carry login links: only for this machine, as /dev/mailbox.
    if (!isLoopback(request.ip)) return reply.code(404).send({ message: 'Niet gevonden' });
    return { data: [...store.messages].reverse(), tokens_issued: store.tokensIssued };
  });

  return Promise.resolve();
};

function messageProblem(body: unknown): { code: string; message: string } | null {
  const message = (body as { message?: Record<string, unknown> } | null)?.message;
  if (!message || typeof message !== 'object') {
    return { code: 'ErrorInvalidRequest', message: 'The message is missing.' };
  }
  const recipients = message.toRecipients;
  const isAddress = (r: unknown) =>
    typeof (r as { emailAddress?: { address?: unknown } })?.emailAddress?.address === 'string' &&
    /^[^@\s]+@[^@\s]+$/.test((r as { emailAddress: { address: string } }).emailAddress.address);
  if (!Array.isArray(recipients) || recipients.length === 0 || !recipients.every(isAddress)) {
    return { code: 'ErrorInvalidRecipients', message: 'At least one recipient is not valid.' };
  }
  const headers = message.internetMessageHeaders;
  if (
    Array.isArray(headers) &&
    headers.some((h) => !/^x-/i.test(String((h as { name?: unknown })?.name)))
  ) {
    return {
      code: 'InvalidInternetMessageHeader',
      message: 'The internet message header name should start with x- or X-.',
    };
  }
  const attachments = message.attachments;
  if (
    Array.isArray(attachments) &&
    attachments.some(
      (a) =>
        (a as Record<string, unknown>)?.['@odata.type'] !== '#microsoft.graph.fileAttachment' ||
        typeof (a as Record<string, unknown>).contentBytes !== 'string' ||
        typeof (a as Record<string, unknown>).name !== 'string',
    )
  ) {
    return { code: 'ErrorInvalidRequest', message: 'An attachment is not a valid fileAttachment.' };
  }
  return null;
}

function page(reply: FastifyReply, status: number, title: string, content: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} — Microsoft 365-simulator</title><style>body{font-family:'Segoe UI',system-ui,sans-serif;background:#f3f2f1;margin:0;padding:3rem 1rem;color:#1b1b1b}main{max-width:28rem;margin:0 auto;background:#fff;padding:2rem;box-shadow:0 2px 6px rgba(0,0,0,.2)}h1{font-size:1.5rem;font-weight:600}button{font:inherit;padding:.5rem 1.5rem;margin-right:.5rem;border:1px solid #8a8886;background:#fff;cursor:pointer}button[value=approve]{background:#0067b8;border-color:#0067b8;color:#fff}.note{color:#605e5c;font-size:.85rem;margin-top:2rem}</style></head><body><main><p><strong>Microsoft</strong></p><h1>${escapeHtml(title)}</h1>${content}</main></body></html>`,
    );
}
