import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { companySchema, firstExample, updateCompanyBody } from '@paraaf/contract';
import { authedCtx, type Deps } from '../../lib/context.ts';
import { doc } from '../../lib/openapi/route-doc.ts';
import { readUpload } from '../../lib/multipart-form.ts';
import { getCompany, updateCompany } from './company-settings.service.ts';

const tags: ['Bedrijf'] = ['Bedrijf'];

export function companySettingsRoutes(app: FastifyInstance, deps: Deps): void {
  app.get(
    '/api/company',
    {
      config: {
        openapi: doc({
          auth: 'session',
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
          auth: 'session',
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
}
