import type { FastifyInstance } from 'fastify';
import { locales } from '@paraaf/contract';
import { authedCtx, ctxFrom, type Deps } from '../../lib/context.ts';
import { readUpload } from '../documents/multipart.ts';
import { getCompany, getDepartments, getLogo, updateCompany } from './companies.service.ts';

export function companiesRoutes(app: FastifyInstance, deps: Deps): void {
  app.get('/api/company', (request) => getCompany(authedCtx(deps, request)));
  app.post('/api/company', async (request) => {
    const ctx = authedCtx(deps, request, 'updateCompany');
    return updateCompany(ctx, await readUpload(request, 'logo'));
  });
  app.get<{ Params: { token: string } }>('/api/logos/:token', async (request, reply) => {
    const logo = await getLogo(ctxFrom(deps, request), request.params.token);
    // Mails show the logo from the mail client's origin (webmail): cross-origin.
    return reply
      .type(logo.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=3600')
      .header('content-security-policy', "default-src 'none'")
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(logo.bytes);
  });
  app.get('/api/departments', (request) =>
    getDepartments(authedCtx(deps, request, 'getDepartments')),
  );
  app.get('/api/locales', () => ({ data: locales }));
}
