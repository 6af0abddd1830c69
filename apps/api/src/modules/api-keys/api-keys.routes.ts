import type { FastifyInstance } from 'fastify';
import {
  apiKeyListQuery,
  apiKeyPageSchema,
  createApiKeyBody,
  createdApiKeyDto,
} from '@paraaf/contract';
import { authedCtx, type Deps } from '../../lib/context.ts';
import { doc } from '../../lib/openapi/route-doc.ts';
import { idParams } from '../../lib/path-params.ts';
import { parseInput } from '../../lib/validate.ts';
import { requireFeature } from '../companies/features.ts';
import * as service from './api-keys.service.ts';

/** API keys (issue 16, seed 001 'API keys'): feature `api`, permission getAccessTokens (admins). */
export function apiKeysRoutes(app: FastifyInstance, deps: Deps): void {
  const tags: [string] = ['API-sleutels'];
  app.get(
    '/api/access-tokens',
    {
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'De API-sleutels van het bedrijf',
          description:
            'Ingetrokken sleutels staan er niet in. Alleen beheerders, met de functie api.',
          tags,
          query: apiKeyListQuery,
          response: { 200: apiKeyPageSchema },
          errors: [403],
        }),
      },
    },
    async (request) => {
      const ctx = authedCtx(deps, request, 'getAccessTokens');
      await requireFeature(ctx, 'api');
      return service.listApiKeys(ctx, parseInput(apiKeyListQuery, request.query));
    },
  );

  app.post(
    '/api/access-tokens',
    {
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'Een API-sleutel aanmaken',
          description:
            'Het antwoord bevat de sleutel (`token`) één keer; bewaard wordt alleen een hash. ' +
            "De sleutel handelt als de maker, met hoogstens de rechten van de rol 'user'.",
          tags,
          body: createApiKeyBody,
          response: { 201: createdApiKeyDto },
          errors: [403],
        }),
        answerSecrets: ['token'],
      },
    },
    async (request, reply) => {
      const ctx = authedCtx(deps, request, 'getAccessTokens');
      await requireFeature(ctx, 'api');
      const created = await service.createApiKey(ctx, parseInput(createApiKeyBody, request.body));
      return reply.code(201).send(created);
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/access-tokens/:id',
    {
      schema: { params: idParams },
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'Een API-sleutel intrekken',
          description: 'Meteen ongeldig, in elk proces.',
          tags,
          response: { 204: null },
          errors: [403, 404],
        }),
      },
    },
    async (request, reply) => {
      const ctx = authedCtx(deps, request, 'getAccessTokens');
      await requireFeature(ctx, 'api');
      await service.revokeApiKey(ctx, request.params.id);
      return reply.code(204).send();
    },
  );
}
