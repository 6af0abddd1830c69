import type { FastifyInstance } from 'fastify';
import { authedCtx, type Deps } from '../../lib/context.ts';
import {
  cancelPlanChange,
  choosePlan,
  listPlans,
  recurringPaymentStatus,
} from './plans.service.ts';

export function plansRoutes(app: FastifyInstance, deps: Deps): void {
  app.get('/api/payment-plans', (request) =>
    listPlans(authedCtx(deps, request, 'getPaymentPlans')),
  );
  app.post('/api/payment-plans', (request) =>
    choosePlan(authedCtx(deps, request, 'changePaymentPlan'), request.body),
  );
  app.post<{ Params: { id: number; date: string } }>(
    '/api/payment-plans/:id/:date/cancel',
    (request) =>
      cancelPlanChange(
        authedCtx(deps, request, 'cancelPaymentPlan'),
        request.params.id,
        request.params.date,
      ),
  );
  app.get('/api/company/recurring-payment-status', (request) =>
    recurringPaymentStatus(authedCtx(deps, request, 'getRecurringPaymentStatus')),
  );
}
