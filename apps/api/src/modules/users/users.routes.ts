import type { FastifyInstance } from 'fastify';
import {
  firstExample,
  inviteUserBody,
  listQuery,
  paginatedSchema,
  updateUserBody,
  userSchema,
  type User,
} from '@paraaf/contract';
import { authedCtx, type Deps } from '../../lib/context.ts';
import { doc } from '../../lib/openapi/route-doc.ts';
import { parseInput } from '../../lib/validate.ts';
import * as usersService from './users.service.ts';
import { idParams } from '../../lib/path-params.ts';

const usersTags: ['Gebruikers'] = ['Gebruikers'];
const usersPage = paginatedSchema(userSchema);
const invitedExample: User = {
  ...(firstExample(userSchema) as User),
  id: 813,
  name: 'Daan Jansen',
  email: 'daan@hetanker.nl',
  roles: [{ name: 'user' }],
  all_permissions: ['getSignRequests', 'getSignRequest', 'createSignRequest'],
  is_active: false,
};

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

  app.get(
    '/api/users',
    {
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'De gebruikers van het bedrijf',
          tags: usersTags,
          query: listQuery,
          response: { 200: usersPage },
          errors: [403],
        }),
      },
    },
    (request) =>
      usersService.listUsers(
        // Choosing a viewer for a sign request needs the colleagues' names too.
        authedCtx(deps, request, ['getUsers', 'changeSignRequestViewerUser']),
        parseInput(listQuery, request.query),
      ),
  );

  app.post(
    '/api/users/invite',
    {
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'Een gebruiker uitnodigen: hij krijgt een activatiemail',
          tags: usersTags,
          body: inviteUserBody,
          response: { 201: userSchema },
          errors: [403],
          example: {
            body: { name: 'Daan Jansen', email: 'daan@hetanker.nl', role: 'user' },
            response: invitedExample,
          },
        }),
      },
    },
    async (request, reply) => {
      const user = await usersService.inviteUser(
        authedCtx(deps, request, 'inviteUser'),
        parseInput(inviteUserBody, request.body),
      );
      return reply.code(201).send(user);
    },
  );

  app.put<{ Params: { id: number } }>(
    '/api/users/:id',
    {
      schema: { params: idParams },
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'Een gebruiker wijzigen (beheerder), of de eigen tweestapsverificatie',
          tags: usersTags,
          body: updateUserBody,
          response: { 200: userSchema },
          errors: [403, 404],
          example: {
            body: { name: 'Daan de Jong' },
            response: { ...invitedExample, name: 'Daan de Jong' },
          },
        }),
      },
    },
    (request) =>
      usersService.updateUser(
        authedCtx(deps, request),
        request.params.id,
        parseInput(updateUserBody, request.body),
      ),
  );

  app.delete<{ Params: { id: number } }>(
    '/api/users/:id',
    {
      schema: { params: idParams },
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'Een gebruiker verwijderen (niet jezelf, niet de laatste van het bedrijf)',
          tags: usersTags,
          response: { 204: null },
          errors: [403, 404, 422],
        }),
      },
    },
    async (request, reply) => {
      await usersService.deleteUser(authedCtx(deps, request, 'deleteUser'), request.params.id);
      return reply.code(204).send();
    },
  );
}
