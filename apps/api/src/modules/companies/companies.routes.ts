import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { locales, localesSchema } from '@paraaf/contract';
import { ctxFrom, type Deps } from '../../lib/context.ts';
import { doc, file } from '../../lib/openapi/route-doc.ts';
import { getLogo } from './logo.ts';

const tags: ['Bedrijf'] = ['Bedrijf'];

export function companiesRoutes(app: FastifyInstance, deps: Deps): void {
  app.get<{ Params: { token: string } }>(
    '/api/logos/:token',
    {
      config: {
        openapi: doc({
          summary: 'Het logo van een bedrijf (zonder sessie: mails en de ondertekenpagina)',
          tags,
          auth: 'public',
          params: z.object({ token: z.string() }),
          response: { 200: file('image/png', 'image/jpeg') },
          errors: [404],
        }),
      },
    },
    async (request, reply) => {
      const logo = await getLogo(ctxFrom(deps, request), request.params.token);
      // Mails show the logo from the mail client's origin (webmail): cross-origin.
      return reply
        .type(logo.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=3600')
        .header('content-security-policy', "default-src 'none'")
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(logo.bytes);
    },
  );

  app.get(
    '/api/locales',
    {
      config: {
        openapi: doc({
          summary: 'De talen van de ondertekenpagina en de mails aan ondertekenaars',
          tags: ['Algemeen'],
          auth: 'public',
          response: { 200: localesSchema },
        }),
      },
    },
    () => ({ data: locales }),
  );
}
