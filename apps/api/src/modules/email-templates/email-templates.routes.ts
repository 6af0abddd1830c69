import type { FastifyInstance } from 'fastify';
import {
  emailTemplateParams,
  previewEmailTemplateBody,
  saveEmailTemplateBody,
} from '@paraaf/contract';
import { authedCtx, type Deps } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/validate.ts';
import { requireFeature } from '../companies/features.ts';
import { previewEmailTemplate } from './email-templates.preview.ts';
import * as service from './email-templates.service.ts';

export function emailTemplatesRoutes(app: FastifyInstance, deps: Deps): void {
  app.get('/api/email-templates', (request) =>
    service.getEmailTemplates(authedCtx(deps, request, 'getEmailTemplates')),
  );

  app.get('/api/email-templates/default', (request) => {
    authedCtx(deps, request, 'getEmailTemplates');
    return service.getDefaultEmailTemplates();
  });

  // Editing is the company admin's (updateEmailTemplate) and the plan's (email_templates).
  app.post('/api/email-templates', async (request) => {
    const ctx = authedCtx(deps, request, 'updateEmailTemplate');
    await requireFeature(ctx, 'email_templates');
    return service.saveEmailTemplate(ctx, parseInput(saveEmailTemplateBody, request.body));
  });

  app.post('/api/email-templates/preview', async (request) => {
    const ctx = authedCtx(deps, request, 'updateEmailTemplate');
    await requireFeature(ctx, 'email_templates');
    return previewEmailTemplate(ctx, parseInput(previewEmailTemplateBody, request.body));
  });

  app.delete('/api/email-templates/:name/:locale', async (request) => {
    const ctx = authedCtx(deps, request, 'updateEmailTemplate');
    await requireFeature(ctx, 'email_templates');
    const params = emailTemplateParams.safeParse(request.params);
    if (!params.success) throw new NotFoundError();
    return service.resetEmailTemplate(ctx, params.data.name, params.data.locale);
  });
}
