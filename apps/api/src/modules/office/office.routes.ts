import type { FastifyInstance } from 'fastify';
import { adminConsentUrlBody, completeOfficeConsentBody } from '@paraaf/contract';
import { authedCtx, type Deps } from '../../lib/context.ts';
import { parseInput } from '../../lib/validate.ts';
import { completeOfficeConsent, getAdminConsentUrl, setOauthState } from './office.service.ts';

/** Office 365 admin consent (seed 000 §7, seed 001 §7): platform administrators only. */
export function officeRoutes(app: FastifyInstance, deps: Deps): void {
  app.post('/api/set-oauth-state', (request) =>
    setOauthState(authedCtx(deps, request, 'adminOfficeConsent')),
  );

  app.post('/api/get-admin-consent-url', (request) => {
    const ctx = authedCtx(deps, request, 'adminOfficeConsent');
    return getAdminConsentUrl(ctx, parseInput(adminConsentUrlBody, request.body ?? {}).state);
  });

  app.post('/api/office/consent', async (request) => {
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
  });
}
