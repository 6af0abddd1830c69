import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  choosePlanBody,
  companyPaymentPlanSchema,
  companySchema,
  firstExample,
  paymentPlanSchema,
  planChangeParams,
  recurringPaymentStatusSchema,
  redirectAnswerSchema,
  type Company,
} from '@paraaf/contract';
import { authedCtx, type AuthedCtx, type Deps } from '../../lib/context.ts';
import { doc } from '../../lib/openapi/route-doc.ts';
import {
  cancelPlanChange,
  choosePlan,
  listPlans,
  recurringPaymentStatus,
} from './plans.service.ts';

const tags: ['Abonnement en betalingen'] = ['Abonnement en betalingen'];
const planList = z.array(paymentPlanSchema);

/**
 * `companyAnswer`: the company as GET /api/company answers it. That answer is composed a layer
 * above billing (modules/company-settings), so app.ts hands it in.
 */
export function plansRoutes(
  app: FastifyInstance,
  deps: Deps,
  companyAnswer: (ctx: AuthedCtx) => Promise<Company>,
): void {
  app.get(
    '/api/payment-plans',
    {
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'De abonnementen waaruit het bedrijf kan kiezen',
          tags,
          response: { 200: planList },
          errors: [403],
          example: { response: [firstExample(paymentPlanSchema)] },
        }),
      },
    },
    (request) => listPlans(authedCtx(deps, request, 'getPaymentPlans')),
  );

  app.post(
    '/api/payment-plans',
    {
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'Een ander abonnement kiezen',
          description:
            'De wijziging gaat in volgens de regels van het abonnement (vandaag, of aan het eind ' +
            'van de lopende periode). Een maandabonnement zonder geldig mandaat wacht op een ' +
            'eerste betaling: `redirect_url` is dan de betaalpagina.',
          tags,
          body: choosePlanBody,
          response: { 200: redirectAnswerSchema },
          errors: [403, 404, 503],
          example: {
            body: { id: 2 },
            response: {
              redirect_url: null,
              payment_plan: firstExample(companyPaymentPlanSchema),
            },
          },
        }),
      },
    },
    (request) => choosePlan(authedCtx(deps, request, 'changePaymentPlan'), request.body),
  );

  app.post<{ Params: { id: number; date: string } }>(
    '/api/payment-plans/:id/:date/cancel',
    {
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'Een geplande abonnementswijziging annuleren',
          tags,
          params: planChangeParams,
          response: { 200: companySchema },
          errors: [403, 404],
        }),
      },
    },
    async (request) => {
      const ctx = authedCtx(deps, request, 'cancelPaymentPlan');
      await cancelPlanChange(ctx, request.params.id, request.params.date);
      return companyAnswer(ctx);
    },
  );

  app.get(
    '/api/company/recurring-payment-status',
    {
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'Mag Paraaf automatisch incasseren (is er een geldig mandaat)?',
          tags,
          response: { 200: recurringPaymentStatusSchema },
          errors: [403, 503],
        }),
      },
    },
    (request) => recurringPaymentStatus(authedCtx(deps, request, 'getRecurringPaymentStatus')),
  );
}
