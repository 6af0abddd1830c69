import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  createEmbedLinkBody,
  embedEditorSchema,
  embedEditorSessionSchema,
  embedLinkClosedSchema,
  embedLinkSchema,
  embedMarkersBody,
  embedMarkersSavedSchema,
  embedSigningSessionSchema,
  signRequestIdSchema,
} from '@paraaf/contract';
import { authedCtx, ctxFrom, type Deps } from '../../lib/context.ts';
import { doc, file } from '../../lib/openapi/route-doc.ts';
import { sendStoredFile } from '../../lib/storage/send-stored-file.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { idParams } from '../../lib/path-params.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/validate.ts';
import { pathNumber } from '../sign-requests/get-field-attachment.ts';
import { EmbedLinkClosedError, frameOriginsOf } from './embed-links.ts';
import { createSignerEmbed, openSignerEmbed } from './embed-signing.ts';
import {
  createDraftEditorEmbed,
  createTemplateEditorEmbed,
  getEditor,
  getEditorFile,
  openEditorEmbed,
  saveEditorMarkers,
  sendFromEditor,
} from './embed-editor.ts';
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
        // The link opens once: a replayed answer does not hand it out again.
        answerSecrets: ['url'],
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

  const editorEvents =
    'De editor stuurt `paraaf:ready` (geladen), `paraaf:saved` (markers van een document ' +
    'opgeslagen, met `sign_request_id` of `template_id`), `paraaf:sent` (het concept is ' +
    'verstuurd; niet opgeslagen markers worden eerst opgeslagen) en `paraaf:closed` (de editor ' +
    'is gesloten met Annuleren; `saved` zegt of er iets is opgeslagen) naar de herkomst van de ' +
    'pagina die haar insluit.';
  const editorLinkDoc = (summary: string) =>
    doc({
      summary,
      description:
        'Eenmalig, 10 minuten geldig; opent in `<paraaf-editor url="…">` (of `<paraaf-signing>`) ' +
        'van `/embed.js` de markereditor van alleen dit object: niets anders van het account is ' +
        'vanuit het frame bereikbaar. 409 zolang `embed_origins` leeg is. ' +
        editorEvents,
      tags,
      body: createEmbedLinkBody,
      response: { 200: embedLinkSchema },
      errors: [403, 404, 409],
    });

  app.post<{ Params: { id: number } }>(
    '/api/sign-requests/:id/embed-editor',
    {
      schema: { params: idParams },
      config: {
        openapi: editorLinkDoc('Een eenmalige link naar de markereditor van dit concept'),
        answerSecrets: ['url'],
      },
    },
    (request) =>
      createDraftEditorEmbed(
        authedCtx(deps, request, 'createSignRequest'),
        request.params.id,
        parseInput(createEmbedLinkBody, request.body ?? {}),
      ),
  );

  app.post<{ Params: { id: number } }>(
    '/api/templates/:id/embed-editor',
    {
      schema: { params: idParams },
      config: {
        openapi: editorLinkDoc('Een eenmalige link naar de markereditor van dit sjabloon'),
        answerSecrets: ['url'],
      },
    },
    (request) =>
      createTemplateEditorEmbed(
        authedCtx(deps, request, 'updateTemplate'),
        request.params.id,
        parseInput(createEmbedLinkBody, request.body ?? {}),
      ),
  );

  app.post<TokenParams>(
    '/api/embed/editor/:token',
    {
      schema: { params: tokenParam },
      config: {
        openapi: doc({
          summary: 'De ingesloten editor opent haar link (eenmalig)',
          description:
            'Door de pagina zelf aangeroepen: de link wordt gebruikt en ingewisseld voor een sessie ' +
            '(2 uur) die alleen `/api/embed/editor-session/{token}/…` van dit concept of sjabloon ' +
            'bereikt. Een gebruikte of verlopen link: 410 met `code`.',
          tags,
          auth: 'public',
          response: { 200: embedEditorSessionSchema, 410: embedLinkClosedSchema },
          errors: [404],
        }),
      },
    },
    async (request, reply) => {
      setFramePolicy(reply, isHttps, await frameOriginsOf(deps.db, request.params.token));
      try {
        return await openEditorEmbed(ctxFrom(deps, request), request.params.token);
      } catch (error) {
        if (!(error instanceof EmbedLinkClosedError) || error.statusCode !== 410) throw error;
        return reply.code(410).send({ message: error.message, code: error.code });
      }
    },
  );

  const sessionDoc = (summary: string, rest: Partial<Parameters<typeof doc>[0]> = {}) =>
    doc({
      summary,
      description: 'Met de sessie van de ingesloten editor (de token in het pad).',
      tags,
      auth: 'public',
      response: { 200: signRequestIdSchema },
      errors: [404],
      ...rest,
    });
  const documentParams = {
    type: 'object',
    properties: {
      token: { type: 'string', minLength: 1, maxLength: 200 },
      document_id: { type: 'string' },
    },
    required: ['token', 'document_id'],
  } as const;
  type DocumentParams = { Params: { token: string; document_id: string } };
  const documentIdOf = (raw: string) => {
    const id = pathNumber(raw, 1);
    if (id === null) throw new NotFoundError();
    return id;
  };

  app.get<TokenParams>(
    '/api/embed/editor-session/:token',
    {
      schema: { params: tokenParam },
      config: {
        openapi: sessionDoc('Het concept of sjabloon van de editor: documenten en ondertekenaars', {
          response: { 200: embedEditorSchema },
        }),
      },
    },
    (request) => getEditor(ctxFrom(deps, request), request.params.token),
  );

  app.get<DocumentParams>(
    '/api/embed/editor-session/:token/documents/:document_id/file',
    {
      schema: { params: documentParams },
      config: {
        openapi: sessionDoc('Een document van de editor als PDF', {
          response: { 200: file('application/pdf') },
        }),
      },
    },
    async (request, reply) => {
      const found = await getEditorFile(
        ctxFrom(deps, request),
        request.params.token,
        documentIdOf(request.params.document_id),
      );
      return sendStoredFile(request, reply, deps.storage, found.key, {
        'content-type': 'application/pdf',
        'content-disposition': contentDisposition('inline', found.filename),
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      });
    },
  );

  app.put<DocumentParams>(
    '/api/embed/editor-session/:token/documents/:document_id/markers',
    {
      schema: { params: documentParams },
      config: {
        openapi: sessionDoc('De markers en invulvelden van een document opslaan', {
          body: embedMarkersBody,
          response: { 200: embedMarkersSavedSchema },
          errors: [404, 409],
        }),
      },
    },
    (request) =>
      saveEditorMarkers(
        ctxFrom(deps, request),
        request.params.token,
        documentIdOf(request.params.document_id),
        parseInput(embedMarkersBody, request.body ?? {}),
      ),
  );

  app.post<TokenParams>(
    '/api/embed/editor-session/:token/send',
    {
      schema: { params: tokenParam },
      config: {
        openapi: sessionDoc('Het concept versturen vanuit de editor', { errors: [402, 404, 409] }),
      },
    },
    (request) => sendFromEditor(ctxFrom(deps, request), request.params.token),
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
