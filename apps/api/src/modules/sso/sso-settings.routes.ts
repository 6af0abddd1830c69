import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  firstExample,
  scimTokenSchema,
  ssoDomainParam,
  ssoSettingsSchema,
  updateSsoBody,
} from '@paraaf/contract';
import { authedCtx, type Deps } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { doc } from '../../lib/openapi/route-doc.ts';
import { parseInput } from '../../lib/validate.ts';
import { createScimToken, getSsoSettings, updateSsoSettings } from './sso-settings.service.ts';
import { verifySsoDomain } from './verify-domain.ts';

const tags: ['Single sign-on'] = ['Single sign-on'];

/** Bedrijfsinstellingen → Single sign-on: company admins, on plans with the `sso` feature. */
export function ssoSettingsRoutes(app: FastifyInstance, deps: Deps): void {
  app.get(
    '/api/company/sso',
    {
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'De single sign-on van het bedrijf: provider, domeinen, rol, afdwingen',
          tags,
          response: { 200: ssoSettingsSchema },
          errors: [403],
        }),
      },
    },
    (request) => getSsoSettings(authedCtx(deps, request, 'updateCompany')),
  );

  app.post(
    '/api/company/sso',
    {
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'De single sign-on opslaan',
          description:
            'Bij OpenID Connect wordt het discovery-document van de uitgever opgehaald (422 met de ' +
            'reden als dat niet lukt). Het client secret wordt versleuteld bewaard en nooit ' +
            'teruggegeven; weggelaten blijft het bewaarde. Een domein telt pas na verificatie.',
          tags,
          body: updateSsoBody,
          response: { 200: ssoSettingsSchema },
          errors: [403],
          example: { response: firstExample(ssoSettingsSchema) },
        }),
      },
    },
    (request) =>
      updateSsoSettings(
        authedCtx(deps, request, 'updateCompany'),
        parseInput(updateSsoBody, request.body ?? {}),
      ),
  );

  app.post<{ Params: { domain: string } }>(
    '/api/company/sso/domains/:domain/verify',
    {
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'Een domein verifiëren met zijn DNS TXT-record paraaf-verificatie=…',
          tags,
          params: z.object({ domain: z.string() }),
          response: { 200: ssoSettingsSchema },
          errors: [403, 404, 422],
          example: { response: firstExample(ssoSettingsSchema) },
        }),
      },
    },
    (request) => {
      const ctx = authedCtx(deps, request, 'updateCompany');
      const domain = ssoDomainParam.safeParse(request.params.domain);
      if (!domain.success) throw new NotFoundError();
      return verifySsoDomain(ctx, domain.data);
    },
  );

  app.post(
    '/api/company/sso/scim-token',
    {
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'Een nieuw SCIM-token maken (eenmalig getoond; het vorige vervalt)',
          tags,
          response: { 200: scimTokenSchema },
          errors: [403],
        }),
        answerSecrets: ['token'],
      },
    },
    (request) => createScimToken(authedCtx(deps, request, 'updateCompany')),
  );
}
