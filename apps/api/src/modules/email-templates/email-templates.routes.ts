import type { FastifyInstance } from 'fastify';
import {
  emailTemplateList,
  emailTemplateParams,
  emailTemplatePreview,
  emailTemplateSchema,
  previewEmailTemplateBody,
  saveEmailTemplateBody,
} from '@paraaf/contract';
import { authedCtx, type Deps } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { doc } from '../../lib/openapi/route-doc.ts';
import { parseInput } from '../../lib/validate.ts';
import { requireFeature } from '../companies/features.ts';
import { previewEmailTemplate } from './email-templates.preview.ts';
import * as service from './email-templates.service.ts';

const tags: [string] = ['E-mailtemplates'];

export function emailTemplatesRoutes(app: FastifyInstance, deps: Deps): void {
  app.get(
    '/api/email-templates',
    {
      config: {
        openapi: doc({
          summary: 'Elke e-mail in elke taal: de eigen versie van het bedrijf of de standaard',
          tags,
          response: { 200: emailTemplateList },
          errors: [403],
        }),
      },
    },
    (request) => service.getEmailTemplates(authedCtx(deps, request, 'getEmailTemplates')),
  );

  app.get(
    '/api/email-templates/default',
    {
      config: {
        openapi: doc({
          summary: 'De standaardtekst van elke e-mail in elke taal',
          tags,
          response: { 200: emailTemplateList },
          errors: [403],
        }),
      },
    },
    (request) => {
      authedCtx(deps, request, 'getEmailTemplates');
      return service.getDefaultEmailTemplates();
    },
  );

  // Editing is the company admin's (updateEmailTemplate) and the plan's (email_templates).
  app.post(
    '/api/email-templates',
    {
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'Slaat de eigen versie van een e-mail in een taal op (alleen veilige HTML)',
          description:
            'Eén versie per e-mail en taal. De HTML gaat door een allow-list: script, style, ' +
            'iframe, event handlers en javascript:/data:-links verdwijnen; [[…]]-velden blijven.',
          tags,
          body: saveEmailTemplateBody,
          response: { 200: emailTemplateSchema },
          errors: [403, 404],
        }),
      },
    },
    async (request) => {
      const ctx = authedCtx(deps, request, 'updateEmailTemplate');
      await requireFeature(ctx, 'email_templates');
      return service.saveEmailTemplate(ctx, parseInput(saveEmailTemplateBody, request.body));
    },
  );

  app.post(
    '/api/email-templates/preview',
    {
      config: {
        openapi: doc({
          auth: 'session',
          summary:
            'De e-mail zoals de ontvanger hem krijgt, met voorbeeldwaarden (niet opgeslagen)',
          tags,
          body: previewEmailTemplateBody,
          response: { 200: emailTemplatePreview },
          errors: [403],
        }),
      },
    },
    async (request) => {
      const ctx = authedCtx(deps, request, 'updateEmailTemplate');
      await requireFeature(ctx, 'email_templates');
      return previewEmailTemplate(ctx, parseInput(previewEmailTemplateBody, request.body));
    },
  );

  app.delete(
    '/api/email-templates/:name/:locale',
    {
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'Zet een e-mail in een taal terug naar de standaardtekst',
          tags,
          params: emailTemplateParams,
          response: { 200: emailTemplateSchema },
          errors: [403, 404],
        }),
      },
    },
    async (request) => {
      const ctx = authedCtx(deps, request, 'updateEmailTemplate');
      await requireFeature(ctx, 'email_templates');
      const params = emailTemplateParams.safeParse(request.params);
      if (!params.success) throw new NotFoundError();
      return service.resetEmailTemplate(ctx, params.data.name, params.data.locale);
    },
  );
}
