import type { FastifyInstance } from 'fastify';
import {
  allPaymentPlansQuery,
  allUsersQuery,
  customPlanBody,
  loginAsUserBody,
  updateCompanyFeaturesBody,
} from '@paraaf/contract';
import { authedCtx, type Deps } from '../../lib/context.ts';
import { parseInput } from '../../lib/validate.ts';
import { loginAsUser } from './admin.service.ts';
import { updateCompanyFeatures } from './company-features.ts';
import { idParams } from '../../lib/path-params.ts';
import { listAllUsers } from './all-users.ts';
import { listCustomPlans, saveCustomPlan } from './custom-plans.ts';

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

  app.get('/api/all-users', (request) =>
    listAllUsers(
      authedCtx(deps, request, 'adminGetUsers'),
      parseInput(allUsersQuery, request.query),
    ),
  );

  app.get('/api/all-payment-plans', (request) =>
    listCustomPlans(
      authedCtx(deps, request, 'adminGetPaymentPlans'),
      parseInput(allPaymentPlansQuery, request.query).page,
    ),
  );

  app.post('/api/all-payment-plans/create', async (request, reply) => {
    const ctx = authedCtx(deps, request, 'adminCreatePaymentPlan');
    const plan = await saveCustomPlan(ctx, null, parseInput(customPlanBody, request.body));
    request.log.info({ adminId: ctx.auth.user.id, planId: plan.id }, 'custom plan created');
    return reply.code(201).send(plan);
  });

  app.post<{ Params: { id: number } }>(
    '/api/all-payment-plans/:id',
    { schema: { params: idParams } },
    async (request) => {
      const ctx = authedCtx(deps, request, 'adminCreatePaymentPlan');
      const plan = await saveCustomPlan(
        ctx,
        request.params.id,
        parseInput(customPlanBody, request.body),
      );
      request.log.info({ adminId: ctx.auth.user.id, planId: plan.id }, 'custom plan changed');
      return plan;
    },
  );
}
