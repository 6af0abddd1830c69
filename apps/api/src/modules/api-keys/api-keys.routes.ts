import type { FastifyInstance } from 'fastify';
import { apiKeyListQuery, createApiKeyBody } from '@paraaf/contract';
import { authedCtx, type Deps } from '../../lib/context.ts';
import { idParams } from '../../lib/path-params.ts';
import { parseInput } from '../../lib/validate.ts';
import { requireFeature } from '../companies/features.ts';
import * as service from './api-keys.service.ts';

/** API keys (issue 16, seed 001 'API keys'): feature `api`, permission getAccessTokens (admins). */
export function apiKeysRoutes(app: FastifyInstance, deps: Deps): void {
  app.get('/api/access-tokens', async (request) => {
    const ctx = authedCtx(deps, request, 'getAccessTokens');
    await requireFeature(ctx, 'api');
    return service.listApiKeys(ctx, parseInput(apiKeyListQuery, request.query));
  });

  app.post('/api/access-tokens', async (request, reply) => {
    const ctx = authedCtx(deps, request, 'getAccessTokens');
    await requireFeature(ctx, 'api');
    const created = await service.createApiKey(ctx, parseInput(createApiKeyBody, request.body));
    return reply.code(201).send(created);
  });

  app.delete<{ Params: { id: number } }>(
    '/api/access-tokens/:id',
    { schema: { params: idParams } },
    async (request, reply) => {
      const ctx = authedCtx(deps, request, 'getAccessTokens');
      await requireFeature(ctx, 'api');
      await service.revokeApiKey(ctx, request.params.id);
      return reply.code(204).send();
    },
  );
}
