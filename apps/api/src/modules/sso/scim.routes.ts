import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { doc } from '../../lib/openapi/route-doc.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import {
  ScimError,
  createScimUser,
  deleteScimUser,
  getScimUser,
  listScimUsers,
  patchScimUser,
  replaceScimUser,
  scimCompany,
  scimUser,
} from './scim.ts';

const tags: ['SCIM'] = ['SCIM'];
const SCIM_TYPE = 'application/scim+json; charset=utf-8';
const userSchema = z
  .object({ schemas: z.array(z.string()), id: z.string(), userName: z.string() })
  .loose();
const idParam = z.object({ id: z.string() });
type IdParams = { Params: { id: string } };

const scimDoc = (summary: string, extra: Partial<Parameters<typeof doc>[0]> = {}) =>
  doc({
    summary,
    description:
      'SCIM 2.0 (RFC 7644) met het SCIM-token uit Bedrijfsinstellingen → Single sign-on als ' +
      'bearer; fouten in de vorm van SCIM (`urn:ietf:params:scim:api:messages:2.0:Error`).',
    tags,
    auth: 'public',
    response: { 200: userSchema },
    ...extra,
  });

/** /scim/v2/Users: provisioning by the company's identity provider (SCIM token, not a session). */
export function scimRoutes(app: FastifyInstance, deps: Deps): void {
  void app.register((scope, _options, done) => {
    for (const type of ['application/scim+json', 'application/json']) {
      scope.addContentTypeParser(type, { parseAs: 'string' }, (_request, body, next) => {
        try {
          next(null, body ? JSON.parse(body as string) : {});
        } catch {
          next(new ScimError(400, 'Het bericht is geen geldige JSON', 'invalidSyntax'));
        }
      });
    }
    scope.setErrorHandler((error, request, reply) => {
      const scim =
        error instanceof ScimError
          ? error
          : error instanceof AppError && error.statusCode === 429
            ? new ScimError(429, error.message)
            : new ScimError(500, 'Er is iets misgegaan');
      if (scim.status === 500) request.log.error({ err: error }, 'scim request failed');
      return reply.code(scim.status).type(SCIM_TYPE).send(scim.body());
    });
    const companyOf = async (request: FastifyRequest) => {
      await hitRateLimit(deps.db, `scim:ip:${request.ip}`, 1200, 60);
      return scimCompany(deps.db, request.headers.authorization);
    };
    const send = (reply: FastifyReply, body: unknown, status = 200) =>
      reply.code(status).type(SCIM_TYPE).send(body);
    const base = '/scim/v2/Users';

    scope.get<{ Querystring: { filter?: string; startIndex?: string; count?: string } }>(
      base,
      {
        config: {
          openapi: scimDoc('Gebruikers opvragen, of één met filter=userName eq "…"', {
            query: z.object({
              filter: z.string().optional(),
              startIndex: z.string().optional(),
              count: z.string().optional(),
            }),
            response: { 200: z.object({ totalResults: z.number() }).loose() },
          }),
        },
      },
      async (request, reply) =>
        send(
          reply,
          await listScimUsers(deps.db, await companyOf(request), request.query, deps.config.appUrl),
        ),
    );
    scope.post(
      base,
      { config: { openapi: scimDoc('Een gebruiker aanmaken', { response: { 201: userSchema } }) } },
      async (request, reply) => {
        const user = await createScimUser(deps.db, await companyOf(request), request.body);
        return send(reply, scimUser(user, deps.config.appUrl), 201);
      },
    );
    scope.get<IdParams>(
      `${base}/:id`,
      { config: { openapi: scimDoc('Een gebruiker opvragen', { params: idParam }) } },
      async (request, reply) => {
        const user = await getScimUser(deps.db, await companyOf(request), request.params.id);
        return send(reply, scimUser(user, deps.config.appUrl));
      },
    );
    scope.put<IdParams>(
      `${base}/:id`,
      { config: { openapi: scimDoc('Een gebruiker vervangen', { params: idParam }) } },
      async (request, reply) => {
        const config = await companyOf(request);
        const user = await replaceScimUser(deps.db, config, request.params.id, request.body);
        return send(reply, scimUser(user, deps.config.appUrl));
      },
    );
    scope.patch<IdParams>(
      `${base}/:id`,
      {
        config: {
          openapi: scimDoc(
            'Een gebruiker wijzigen (PatchOp); active false beëindigt alle sessies',
            {
              params: idParam,
            },
          ),
        },
      },
      async (request, reply) => {
        const config = await companyOf(request);
        const user = await patchScimUser(deps.db, config, request.params.id, request.body);
        return send(reply, scimUser(user, deps.config.appUrl));
      },
    );
    scope.delete<IdParams>(
      `${base}/:id`,
      {
        config: {
          openapi: scimDoc('Een gebruiker deactiveren', {
            params: idParam,
            response: { 204: null },
          }),
        },
      },
      async (request, reply) => {
        await deleteScimUser(deps.db, await companyOf(request), request.params.id);
        return reply.code(204).send();
      },
    );
    done();
  });
}
