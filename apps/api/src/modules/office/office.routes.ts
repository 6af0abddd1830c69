import type { FastifyInstance } from 'fastify';
import {
  adminConsentUrlBody,
  adminConsentUrlResponseSchema,
  completeOfficeConsentBody,
  firstExample,
  oauthStateResponseSchema,
  officeConsentResponseSchema,
} from '@paraaf/contract';
import { authedCtx, type Deps } from '../../lib/context.ts';
import { doc } from '../../lib/openapi/route-doc.ts';
import { parseInput } from '../../lib/validate.ts';
import { completeOfficeConsent, getAdminConsentUrl, setOauthState } from './office.service.ts';

/** Office 365 admin consent (seed 000 §7, seed 001 §7): platform administrators only. */
const tags: ['Office 365'] = ['Office 365'];
const stateExample = firstExample(oauthStateResponseSchema) as { state: string };

export function officeRoutes(app: FastifyInstance, deps: Deps): void {
  app.post(
    '/api/set-oauth-state',
    {
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'Een eenmalige state voor de toestemmingsaanvraag (10 minuten geldig)',
          tags,
          response: { 200: oauthStateResponseSchema },
          errors: [403],
          example: { response: stateExample },
        }),
      },
    },
    (request) => setOauthState(authedCtx(deps, request, 'adminOfficeConsent')),
  );

  app.post(
    '/api/get-admin-consent-url',
    {
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'Het adres van Microsofts toestemmingspagina voor beheerders, met die state',
          tags,
          body: adminConsentUrlBody,
          response: { 200: adminConsentUrlResponseSchema },
          errors: [403],
          example: { body: stateExample, response: firstExample(adminConsentUrlResponseSchema) },
        }),
      },
    },
    (request) => {
      const ctx = authedCtx(deps, request, 'adminOfficeConsent');
      return getAdminConsentUrl(ctx, parseInput(adminConsentUrlBody, request.body ?? {}).state);
    },
  );

  app.post(
    '/api/office/consent',
    {
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'Het antwoord van Microsoft vastleggen: de toestemming van de organisatie',
          tags,
          body: completeOfficeConsentBody,
          response: { 200: officeConsentResponseSchema },
          errors: [403],
          example: {
            body: {
              ...stateExample,
              tenant: '9c4e2b1a-3f5d-4a7e-8b6c-0d1e2f3a4b5c',
              admin_consent: 'True',
            },
            response: firstExample(officeConsentResponseSchema),
          },
        }),
      },
    },
    async (request) => {
      const ctx = authedCtx(deps, request, 'adminOfficeConsent');
      const result = await completeOfficeConsent(
        ctx,
        parseInput(completeOfficeConsentBody, request.body ?? {}),
      );
      request.log.info(
        { adminId: ctx.auth.user.id, tenant: result.tenant },
        'Office 365 admin consent stored',
      );
      return result;
    },
  );
}
