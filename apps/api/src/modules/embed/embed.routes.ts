import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  createEmbedLinkBody,
  embedLinkClosedSchema,
  embedLinkSchema,
  embedSigningSessionSchema,
} from '@paraaf/contract';
import { authedCtx, ctxFrom, type Deps } from '../../lib/context.ts';
import { doc } from '../../lib/openapi/route-doc.ts';
import { idParams } from '../../lib/path-params.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/validate.ts';
import { pathNumber } from '../sign-requests/get-field-attachment.ts';
import { EmbedLinkClosedError, frameOriginsOf } from './embed-links.ts';
import { createSignerEmbed, openSignerEmbed } from './embed-signing.ts';
import { setFramePolicy } from './frame-policy.ts';

const tags: ['Insluiten'] = ['Insluiten'];

const tokenParam = {
  type: 'object',
  properties: { token: { type: 'string', minLength: 1, maxLength: 200 } },
  required: ['token'],
} as const;
type TokenParams = { Params: { token: string } };

export const embedEventsDescription =
  'De pagina in het frame stuurt met `postMessage`, alleen naar de herkomst van de pagina die ' +
  'haar insluit (een van `embed_origins`), berichten `{ type, … }`: `paraaf:loaded`, ' +
  '`paraaf:verified`, `paraaf:signed`, `paraaf:declined`, `paraaf:completed` (na het verzegelen, ' +
  'met `sign_request_id`), `paraaf:error` (`code`: link_used, link_expired, link_invalid, failed; ' +
  '`message` in het Nederlands) en `paraaf:resize` (`height` in pixels). `/embed.js` maakt er ' +
  'DOM-events van op `<paraaf-signing>`.';

export interface EmbedRouteOptions {
  /** Answers the web app's index.html (404 when this server has no web build). */
  sendPage: (reply: FastifyReply) => Promise<unknown> | FastifyReply;
  /** The built `/embed.js`, or null when packages/embed was not built. */
  embedScript: () => Promise<Buffer | null>;
}

/** Embedding Paraaf in a company's own site: the links, their pages, the frame policy, /embed.js. */
export function embedRoutes(app: FastifyInstance, deps: Deps, options: EmbedRouteOptions): void {
  const isHttps = deps.config.appUrl.startsWith('https:');

  app.post<{ Params: { id: number; signer_id: string } }>(
    '/api/sign-requests/:id/signers/:signer_id/embed',
    {
      schema: {
        params: {
          type: 'object',
          properties: { ...idParams.properties, signer_id: { type: 'string' } },
          required: ['id', 'signer_id'],
        },
      },
      config: {
        openapi: doc({
          summary:
            'Een eenmalige link die de ondertekenpagina van deze ondertekenaar in je eigen site opent',
          description:
            'De link is 10 minuten geldig en opent één keer; zet hem in `<paraaf-signing url="…">` ' +
            'van `/embed.js`. Alleen sites uit `embed_origins` (Bedrijfsinstellingen, API) mogen de ' +
            'pagina tonen (Content-Security-Policy `frame-ancestors`); 409 zolang die lijst leeg is, ' +
            'het verzoek niet verstuurd is of de ondertekenaar klaar is. Verstuur met ' +
            "`delivery: 'embedded'` per ondertekenaar, dan gaat er geen uitnodiging per e-mail. " +
            embedEventsDescription,
          tags,
          body: createEmbedLinkBody,
          response: { 200: embedLinkSchema },
          errors: [403, 404, 409],
        }),
      },
    },
    async (request) => {
      const ctx = authedCtx(deps, request, 'createSignRequest');
      const signerId = pathNumber(request.params.signer_id, 1);
      if (signerId === null) throw new NotFoundError();
      const input = parseInput(createEmbedLinkBody, request.body ?? {});
      return createSignerEmbed(ctx, request.params.id, signerId, input);
    },
  );

  app.post<TokenParams>(
    '/api/embed/signing/:token',
    {
      schema: { params: tokenParam },
      config: {
        openapi: doc({
          summary: 'De ingesloten ondertekenpagina opent haar link (eenmalig)',
          description:
            'Door de pagina zelf aangeroepen bij het eerste laden: de link wordt gebruikt en ' +
            'ingewisseld voor de token van de ondertekenpagina (`/api/signing/{token}/…`). ' +
            'Een gebruikte of verlopen link: 410 met `code`.',
          tags,
          auth: 'public',
          response: { 200: embedSigningSessionSchema, 410: embedLinkClosedSchema },
          errors: [404],
        }),
      },
    },
    async (request, reply) => {
      const origins = await frameOriginsOf(deps.db, request.params.token);
      setFramePolicy(reply, isHttps, origins);
      try {
        return await openSignerEmbed(ctxFrom(deps, request), request.params.token);
      } catch (error) {
        if (!(error instanceof EmbedLinkClosedError) || error.statusCode !== 410) throw error;
        return reply.code(410).send({ message: error.message, code: error.code });
      }
    },
  );

  // The pages themselves: the web app, with a frame policy naming the link's company's origins.
  for (const page of ['/insluiten/ondertekenen/:token', '/insluiten/voorbereiden/:token']) {
    app.get<TokenParams>(page, { schema: { params: tokenParam } }, async (request, reply) => {
      setFramePolicy(reply, isHttps, await frameOriginsOf(deps.db, request.params.token));
      return options.sendPage(reply);
    });
  }

  app.get('/embed.js', async (_request, reply) => {
    const script = await options.embedScript();
    if (!script) throw new NotFoundError();
    return (
      reply
        .type('text/javascript; charset=utf-8')
        // Loaded by other sites' pages: their CORP/CORS checks must let it through.
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('access-control-allow-origin', '*')
        .header('cache-control', 'public, max-age=300')
        .send(script)
    );
  });
}
