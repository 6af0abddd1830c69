import type { FastifyInstance } from 'fastify';
import {
  adminUserRowSchema,
  allPaymentPlansQuery,
  allPaymentPlansSchema,
  allUsersQuery,
  companyFeaturesSchema,
  customPaymentPlanSchema,
  customPlanBody,
  firstExample,
  loginAsUserBody,
  paginatedSchema,
  sessionSchema,
  updateCompanyFeaturesBody,
} from '@paraaf/contract';
import { authedCtx, type Deps } from '../../lib/context.ts';
import { doc } from '../../lib/openapi/route-doc.ts';
import { parseInput } from '../../lib/validate.ts';
import { loginAsUser } from './admin.service.ts';
import { updateCompanyFeatures } from './company-features.ts';
import { idParams } from '../../lib/path-params.ts';
import { listAllUsers } from './all-users.ts';
import { listCustomPlans, saveCustomPlan } from './custom-plans.ts';

const tags: ['Platformbeheer'] = ['Platformbeheer'];
const allUsersPage = paginatedSchema(adminUserRowSchema);
const customPlanExample = {
  name: 'Het Anker maatwerk',
  price_per_month: 49,
  price_per_credit: 0.95,
  credits_per_month: 100,
  sms_euros_price: 0.2,
  sms_credits_price: 1,
  idin_euros_price: 1.25,
  idin_credits_price: 2,
  wallet_euros_price: 1.25,
  wallet_credits_price: 2,
  available_for_companies: [57],
};

/** The back office: platform administrators only (their permissions; 403 for anyone else). */
export function adminRoutes(app: FastifyInstance, deps: Deps): void {
  app.post(
    '/api/login-as-user',
    {
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'Inloggen als een gebruiker (sessie van hoogstens een uur)',
          description:
            'Zolang de eigen sessie van de platformbeheerder leeft; een andere platformbeheerder ' +
            'kan niet worden overgenomen (403).',
          tags,
          body: loginAsUserBody,
          response: { 200: sessionSchema },
          errors: [403, 404],
          example: { body: { user: 812 }, response: firstExample(sessionSchema) },
        }),
        answerSecrets: ['token'],
      },
    },
    (request) =>
      loginAsUser(
        authedCtx(deps, request, 'adminLoginAsUser'),
        parseInput(loginAsUserBody, request.body).user,
      ),
  );

  app.put<{ Params: { id: number } }>(
    '/api/admin/companies/:id/features',
    {
      schema: { params: idParams },
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'De extra functies van een bedrijf vervangen',
          description: 'Functies bovenop die van het abonnement, bijvoorbeeld iDIN.',
          tags,
          body: updateCompanyFeaturesBody,
          response: { 200: companyFeaturesSchema },
          errors: [403, 404],
          example: {
            body: { extra_features: ['idin_verification'] },
            response: firstExample(companyFeaturesSchema),
          },
        }),
      },
    },
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

  app.get(
    '/api/all-users',
    {
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'Alle gebruikers van het platform, nieuwste eerst, met hun bedrijf',
          tags,
          query: allUsersQuery,
          response: { 200: allUsersPage },
          errors: [403],
        }),
      },
    },
    (request) =>
      listAllUsers(
        authedCtx(deps, request, 'adminGetUsers'),
        parseInput(allUsersQuery, request.query),
      ),
  );

  app.get(
    '/api/all-payment-plans',
    {
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'De maatwerkabonnementen en de bedrijven om uit te kiezen',
          tags,
          query: allPaymentPlansQuery,
          response: { 200: allPaymentPlansSchema },
          errors: [403],
        }),
      },
    },
    (request) =>
      listCustomPlans(
        authedCtx(deps, request, 'adminGetPaymentPlans'),
        parseInput(allPaymentPlansQuery, request.query).page,
      ),
  );

  app.post(
    '/api/all-payment-plans/create',
    {
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'Een maatwerkabonnement maken voor genoemde bedrijven',
          tags,
          body: customPlanBody,
          response: { 201: customPaymentPlanSchema },
          errors: [403],
          example: { body: customPlanExample, response: firstExample(customPaymentPlanSchema) },
        }),
      },
    },
    async (request, reply) => {
      const ctx = authedCtx(deps, request, 'adminCreatePaymentPlan');
      const plan = await saveCustomPlan(ctx, null, parseInput(customPlanBody, request.body));
      request.log.info({ adminId: ctx.auth.user.id, planId: plan.id }, 'custom plan created');
      return reply.code(201).send(plan);
    },
  );

  app.post<{ Params: { id: number } }>(
    '/api/all-payment-plans/:id',
    {
      schema: { params: idParams },
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'Een maatwerkabonnement wijzigen',
          tags,
          body: customPlanBody,
          response: { 200: customPaymentPlanSchema },
          errors: [403, 404],
          example: { body: customPlanExample, response: firstExample(customPaymentPlanSchema) },
        }),
      },
    },
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
