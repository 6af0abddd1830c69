import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sharedComponents, withErrorResponses } from './components.ts';
import { withIdempotency } from './idempotency-doc.ts';
import { doc } from './route-doc.ts';
import { routeSchemaOf } from './route-schema.ts';

/** Where the interactive reference lives; its assets are served beneath it. */
export const DOCS_PREFIX = '/api/docs';

/**
 * The OpenAPI 3.1 document of every /api route (GET /api/openapi.json) and its reference page
 * (/api/docs, Swagger UI served from the package itself, no CDN). Register before the routes:
 * @fastify/swagger collects them with an `onRoute` hook.
 *
 * Each route documents itself in `config.openapi` (route-doc.ts); the swagger `transform`
 * turns that into the route's OpenAPI schema at document time. Fastify never sees it as a
 * validation schema, so the routes keep their own Dutch 422s (`parseInput`) and 404s for bad
 * path ids (lib/path-params.ts). Routes outside /api (the /dev simulators) are left out.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Paraaf API',
        version: '1.0.0',
        description:
          'De API van Paraaf: dezelfde routes die de webapp gebruikt. Authenticatie met ' +
          '`Authorization: Bearer <token>`: een sessietoken of een API-sleutel (`pk_…`); een ' +
          'sleutel alleen op de routes die `apiKeyAuth` noemen. ' +
          'Foutmeldingen zijn Nederlands; een object van een ander bedrijf is een 404.',
      },
      components: sharedComponents(),
    },
    transform: ({ schema, url, route }) => {
      if (!url.startsWith('/api/')) return { schema: { ...schema, hide: true }, url };
      const documented = route.config?.openapi;
      if (!documented) return { schema, url };
      return { schema: routeSchemaOf(documented, schema?.params), url };
    },
    transformObject: (document) =>
      'openapiObject' in document
        ? (withIdempotency(
            withErrorResponses(document.openapiObject as Record<string, unknown>),
          ) as typeof document.openapiObject)
        : document.swaggerObject,
  });

  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    theme: { title: 'Paraaf API' },
    uiConfig: { deepLinking: true },
  });

  // Built once on the first request (every route is registered by then) and kept as text.
  let documentText: string | null = null;
  app.get(
    '/api/openapi.json',
    {
      config: {
        openapi: doc({
          summary: 'Het OpenAPI-document van deze API',
          tags: ['API'],
          auth: 'public',
          response: { 200: z.looseObject({ openapi: z.literal('3.1.0') }) },
          example: { response: { openapi: '3.1.0', info: { title: 'Paraaf API' } } },
        }),
      },
    },
    async (_request, reply) => {
      documentText ??= JSON.stringify(app.swagger());
      return reply
        .type('application/json; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(documentText);
    },
  );
}
