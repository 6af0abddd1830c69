import type { FastifyInstance } from 'fastify';
import { inviteUserBody, listQuery, updateUserBody, userSchema } from '@paraaf/contract';
import { authedCtx, type Deps } from '../../lib/context.ts';
import { doc } from '../../lib/openapi/route-doc.ts';
import { parseInput } from '../../lib/validate.ts';
import * as usersService from './users.service.ts';
import { idParams } from '../../lib/path-params.ts';

export function usersRoutes(app: FastifyInstance, deps: Deps): void {
  app.get(
    '/api/user',
    {
      config: {
        openapi: doc({
          summary: 'De ingelogde gebruiker, met zijn rol en rechten',
          tags: ['Account'],
          response: { 200: userSchema },
        }),
      },
    },
    (request) => usersService.currentUser(authedCtx(deps, request)),
  );

  app.get('/api/users', (request) =>
    usersService.listUsers(
      // Choosing a viewer for a sign request needs the colleagues' names too.
      authedCtx(deps, request, ['getUsers', 'changeSignRequestViewerUser']),
      parseInput(listQuery, request.query),
    ),
  );

  app.post('/api/users/invite', async (request, reply) => {
    const user = await usersService.inviteUser(
      authedCtx(deps, request, 'inviteUser'),
      parseInput(inviteUserBody, request.body),
    );
    return reply.code(201).send(user);
  });

  app.put<{ Params: { id: number } }>(
    '/api/users/:id',
    { schema: { params: idParams } },
    (request) =>
      usersService.updateUser(
        authedCtx(deps, request),
        request.params.id,
        parseInput(updateUserBody, request.body),
      ),
  );

  app.delete<{ Params: { id: number } }>(
    '/api/users/:id',
    { schema: { params: idParams } },
    async (request, reply) => {
      await usersService.deleteUser(authedCtx(deps, request, 'deleteUser'), request.params.id);
      return reply.code(204).send();
    },
  );
}
