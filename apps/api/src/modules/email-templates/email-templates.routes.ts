import type { FastifyInstance } from 'fastify';
import { authedCtx, type Deps } from '../../lib/context.ts';
import * as service from './email-templates.service.ts';

export function emailTemplatesRoutes(app: FastifyInstance, deps: Deps): void {
  app.get('/api/email-templates', (request) =>
    service.getEmailTemplates(authedCtx(deps, request, 'getEmailTemplates')),
  );

  app.get('/api/email-templates/default', (request) => {
    authedCtx(deps, request, 'getEmailTemplates');
    return service.getDefaultEmailTemplates();
  });
}
