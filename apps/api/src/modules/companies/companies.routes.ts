import type { FastifyInstance } from 'fastify';
import { locales } from '@paraaf/contract';
import { authedCtx, type Deps } from '../../lib/context.ts';
import { getCompany, getDepartments } from './companies.service.ts';

export function companiesRoutes(app: FastifyInstance, deps: Deps): void {
  app.get('/api/company', (request) => getCompany(authedCtx(deps, request)));
  app.get('/api/departments', (request) =>
    getDepartments(authedCtx(deps, request, 'getDepartments')),
  );
  app.get('/api/locales', () => ({ data: locales }));
}
