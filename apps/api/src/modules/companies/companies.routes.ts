import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  companySchema,
  firstExample,
  locales,
  localesSchema,
  updateCompanyBody,
} from '@paraaf/contract';
import { authedCtx, ctxFrom, type Deps } from '../../lib/context.ts';
import { doc, file } from '../../lib/openapi/route-doc.ts';
import { readUpload } from '../../lib/multipart-form.ts';
import { getCompany, getLogo, updateCompany } from './companies.service.ts';

const tags: ['Bedrijf'] = ['Bedrijf'];

export function companiesRoutes(app: FastifyInstance, deps: Deps): void {
  app.get(
    '/api/company',
    {
      config: {
        openapi: doc({
          summary: 'Het bedrijf van de gebruiker: instellingen, abonnement, credits',
          tags,
          response: { 200: companySchema },
        }),
      },
    },
    (request) => getCompany(authedCtx(deps, request)),
  );

  app.post(
    '/api/company',
    {
      config: {
        openapi: doc({
          summary: 'De bedrijfsinstellingen opslaan, met of zonder nieuw logo',
          description:
            'multipart/form-data; geneste velden met haken: `address[street]`, ' +
            '`custom_fields[0][name]`. Het logo: PNG of JPEG, hoogstens 2 MB en 2000 × 2000 pixels.',
          tags,
          form: updateCompanyBody.extend({ logo: z.file().optional() }),
          response: { 200: companySchema },
          errors: [403, 413],
          example: {
            body: {
              name: 'Woonstichting Het Anker',
              phone: '010 412 33 90',
              sms_name: 'HetAnker',
              send_signed_documents_to_email: true,
              address: {
                street: 'Westblaak',
                housenumber: '88',
                postal: '3012 KM',
                city: 'Rotterdam',
              },
            },
            response: firstExample(companySchema),
          },
        }),
      },
    },
    async (request) => {
      const ctx = authedCtx(deps, request, 'updateCompany');
      return updateCompany(ctx, await readUpload(request, 'logo'));
    },
  );

  app.get<{ Params: { token: string } }>(
    '/api/logos/:token',
    {
      config: {
        openapi: doc({
          summary: 'Het logo van een bedrijf (zonder sessie: mails en de ondertekenpagina)',
          tags,
          auth: 'public',
          params: z.object({ token: z.string() }),
          response: { 200: file('image/png', 'image/jpeg') },
          errors: [404],
        }),
      },
    },
    async (request, reply) => {
      const logo = await getLogo(ctxFrom(deps, request), request.params.token);
      // Mails show the logo from the mail client's origin (webmail): cross-origin.
      return reply
        .type(logo.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=3600')
        .header('content-security-policy', "default-src 'none'")
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(logo.bytes);
    },
  );

  app.get(
    '/api/locales',
    {
      config: {
        openapi: doc({
          summary: 'De talen van de ondertekenpagina en de mails aan ondertekenaars',
          tags: ['Algemeen'],
          auth: 'public',
          response: { 200: localesSchema },
        }),
      },
    },
    () => ({ data: locales }),
  );
}
