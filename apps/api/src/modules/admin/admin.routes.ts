import type { FastifyInstance } from 'fastify';
import { loginAsUserBody } from '@paraaf/contract';
import { authedCtx, type Deps } from '../../lib/context.ts';
import { parseInput } from '../../lib/validate.ts';
import { loginAsUser } from './admin.service.ts';
import { updateCompanyFeatures, updateCompanyFeaturesBody } from './company-features.ts';
import { idParams } from '../../lib/path-params.ts';

export function adminRoutes(app: FastifyInstance, deps: Deps): void {
  app.post('/api/login-as-user', (request) =>
    loginAsUser(
      authedCtx(deps, request, 'adminLoginAsUser'),
      parseInput(loginAsUserBody, request.body).user,
    ),
  );

  app.put<{ Params: { id: number } }>(
    '/api/admin/companies/:id/features',
    { schema: { params: idParams } },
    async (request) => {
      const ctx = authedCtx(deps, request, 'adminUpdateCompanyFeatures');
      const body = parseInput(updateCompanyFeaturesBody, request.body);
      const result = await updateCompanyFeatures(ctx, request.params.id, body.extra_features);
      request.log.info(
        {
          adminId: ctx.auth.user.id,
          companyId: result.id,
          extraFeatures: result.extra_features,
        },
        'company features changed by platform admin',
      );
      return result;
    },
  );
}
