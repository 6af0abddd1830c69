import type {
  ApiKeyDto,
  ApiKeyListQuery,
  CreateApiKeyBody,
  CreatedApiKeyDto,
  Paginated,
} from '@paraaf/contract';
import { assertNotImpersonated, type AuthedCtx } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { paginated } from '../../lib/pagination.ts';
import { createApiKeyToken } from './api-key-auth.ts';
import * as repo from './api-keys.repository.ts';

function toApiKeyDto({ key, creator }: repo.ApiKeyListRow): ApiKeyDto {
  return {
    id: key.id,
    name: key.name,
    description: key.description,
    prefix: key.prefix,
    created_at: key.createdAt.toISOString(),
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    created_by: creator,
  };
}

/** GET /api/access-tokens: the company's live keys, a page at a time. */
export async function listApiKeys(
  ctx: AuthedCtx,
  query: ApiKeyListQuery,
): Promise<Paginated<ApiKeyDto>> {
  const { rows, total } = await repo.findApiKeyPage(ctx.db, ctx.auth.user.companyId, {
    direction: query.order.endsWith('asc') ? 'asc' : 'desc',
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return paginated(rows.map(toApiKeyDto), total, query);
}

/**
 * POST /api/access-tokens: a key acting as the caller; the secret is in this answer only. Not
 * while a platform admin acts as the user: the key would outlive the impersonation.
 */
export async function createApiKey(
  ctx: AuthedCtx,
  body: CreateApiKeyBody,
): Promise<CreatedApiKeyDto> {
  assertNotImpersonated(ctx);
  const { token, prefix, hash } = createApiKeyToken();
  const key = await repo.insertApiKey(ctx.db, {
    companyId: ctx.auth.user.companyId,
    createdByUserId: ctx.auth.user.id,
    name: body.name,
    description: body.description,
    prefix,
    keyHash: hash,
  });
  return {
    ...toApiKeyDto({ key, creator: { id: ctx.auth.user.id, name: ctx.auth.user.name } }),
    token,
  };
}

/** DELETE /api/access-tokens/{id}: dead at once, everywhere (every key request is looked up). */
export async function revokeApiKey(ctx: AuthedCtx, id: number): Promise<void> {
  if (!(await repo.revokeApiKey(ctx.db, ctx.auth.user.companyId, id))) throw new NotFoundError();
}
