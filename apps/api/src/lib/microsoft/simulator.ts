import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { MicrosoftConfig } from '../../config/env.ts';
import { escapeHtml } from '../mail/layout.ts';
import { registerGraphDirectory, registerGraphSimulator } from './simulator-graph.ts';
import { simulatedTenant, type MicrosoftSimulatorStore } from './simulator-store.ts';

export interface MicrosoftSimulatorOptions {
  microsoft: MicrosoftConfig;
  /** The one redirect URI of the app registration (Microsoft refuses any other). */
  redirectUri: string;
  store: MicrosoftSimulatorStore;
  /** MAIL_TRANSPORT=graph: also Graph's mail calls. */
  mail: boolean;
}

/**
 * Microsoft 365, built in for embedded mode (mounted at `/dev/microsoft` when MS_CLIENT_ID is
 * unset), so the consent and the 'graph' mail transport can be tried without a tenant:
 * - `GET login/{tenant}/v2.0/adminconsent`: a Dutch page 'Toestemming geven' for the simulated
 *   organisation; approve or deny redirects to the redirect URI as Microsoft does
 *   (`admin_consent=True&tenant=…&state=…` or `error=access_denied&error_description=…&state=…`);
 * - `POST login/{tenant}/oauth2/v2.0/token`: client credentials, checks client id and secret,
 *   scope and tenant, with Microsoft's error shapes;
 * - `GET graph/v1.0/organization`: the simulated organisation's displayName;
 * and, with MAIL_TRANSPORT=graph only (simulator-graph.ts):
 * - `POST graph/v1.0/users/{sender}/sendMail`: checks the token and the message (recipients,
 *   only `X-` headers, fileAttachments), keeps it; `GET messages` lists them (this machine only);
 * - for large files: drafts (`…/messages`), `…/messages/{id}/attachments`, upload sessions
 *   (`…/attachments/createUploadSession`, then PUT chunks with Content-Range) and `…/send`.
 * Like Graph, a JSON request may be at most about 4 MB.
 */
export const microsoftSimulator: FastifyPluginAsync<MicrosoftSimulatorOptions> = (
  app,
  { microsoft, redirectUri, store, mail },
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
<ul><li>Mail versturen als elke gebruiker (Mail.Send, toepassingsmachtiging)</li>
<li>De naam van de organisatie lezen (Organization.Read.All, toepassingsmachtiging)</li></ul>
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

  // The token and the organisation's name always (the consent result names it); Graph's mail
  // calls only when the product sends through Graph: an SMTP installation leaves no mailbox in
  // memory that anyone could fill.
  registerGraphDirectory(app, { microsoft, store });
  if (mail) registerGraphSimulator(app, { store });

  return Promise.resolve();
};

function page(reply: FastifyReply, status: number, title: string, content: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} — Microsoft 365-simulator</title><style>body{font-family:'Segoe UI',system-ui,sans-serif;background:#f3f2f1;margin:0;padding:3rem 1rem;color:#1b1b1b}main{max-width:28rem;margin:0 auto;background:#fff;padding:2rem;box-shadow:0 2px 6px rgba(0,0,0,.2)}h1{font-size:1.5rem;font-weight:600}button{font:inherit;padding:.5rem 1.5rem;margin-right:.5rem;border:1px solid #8a8886;background:#fff;cursor:pointer}button[value=approve]{background:#0067b8;border-color:#0067b8;color:#fff}.note{color:#605e5c;font-size:.85rem;margin-top:2rem}</style></head><body><main><p><strong>Microsoft</strong></p><h1>${escapeHtml(title)}</h1>${content}</main></body></html>`,
    );
}
