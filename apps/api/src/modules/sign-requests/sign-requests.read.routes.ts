import type { FastifyInstance } from 'fastify';
import { signRequestListQuery } from '@paraaf/contract';
import { authedCtx, type Deps } from '../../lib/context.ts';
import { parseInput } from '../../lib/validate.ts';
import { listSignRequests, scopeOf } from './list-sign-requests.ts';
import { getSignRequest } from './get-sign-request.ts';

const idParam = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  required: ['id'],
} as const;

const idName = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
  required: ['id', 'name'],
} as const;

/**
 * The list's 200 answer (Paginated<SignRequestListItem>), for Fastify's compiled serializer:
 * the list is the hottest read, and a schema-built stringify is cheaper than JSON.stringify.
 * Every field of SignRequestListItem must be here: a property missing from it is dropped.
 */
const listResponse = {
  type: 'object',
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          created_at: { type: 'string' },
          state_id: { type: 'integer' },
          state: {
            type: 'object',
            properties: { id: { type: 'integer' }, label: { type: 'string' } },
            required: ['id', 'label'],
          },
          signers: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'integer' },
                firstname: { type: 'string' },
                lastname: { type: 'string' },
              },
              required: ['id', 'firstname', 'lastname'],
            },
          },
          signables: { type: 'array', items: idName },
          viewer_user: { anyOf: [idName, { type: 'null' }] },
          custom_field_values: {
            type: 'array',
            items: {
              type: 'object',
              properties: { name: { type: 'string' }, value: { type: 'string' } },
              required: ['name', 'value'],
            },
          },
        },
        required: [
          'id',
          'created_at',
          'state_id',
          'state',
          'signers',
          'signables',
          'viewer_user',
          'custom_field_values',
        ],
      },
    },
    total: { type: 'integer' },
    per_page: { type: 'integer' },
    current_page: { type: 'integer' },
    last_page: { type: 'integer' },
  },
  required: ['data', 'total', 'per_page', 'current_page', 'last_page'],
} as const;

/** Reading sign requests: the list (GET /api/sign-requests) and the detail. */
export function signRequestsReadRoutes(app: FastifyInstance, deps: Deps): void {
  app.get('/api/sign-requests', { schema: { response: { 200: listResponse } } }, (request) => {
    const ctx = authedCtx(deps, request);
    // getSignRequests, or a viewer's getMySignRequests (403 before any 422).
    const scope = scopeOf(ctx, 'list');
    return listSignRequests(ctx, scope, parseInput(signRequestListQuery, request.query));
  });

  app.get<{ Params: { id: number } }>(
    '/api/sign-requests/:id',
    { schema: { params: idParam } },
    (request) => getSignRequest(authedCtx(deps, request), request.params.id),
  );
}
