import type { FastifyInstance } from 'fastify';
import { contactDetailsSchema, type ContactDetails } from '@paraaf/contract';
import type { Deps } from '../../lib/context.ts';
import { doc } from '../../lib/openapi/route-doc.ts';

/**
 * `GET /api/contact`: the contact page's details, from the settings that print the seller on
 * every invoice (INVOICE_SELLER_*), so the two always name the same company. Public: it is what
 * the page shows anyone.
 */
export function contactRoutes(app: FastifyInstance, deps: Deps): void {
  app.get(
    '/api/contact',
    {
      config: {
        openapi: doc({
          summary: 'Contactgegevens van Paraaf (dezelfde als op de facturen)',
          tags: ['Algemeen'],
          auth: 'public',
          response: { 200: contactDetailsSchema },
        }),
      },
    },
    (): ContactDetails => {
      const seller = deps.config.invoiceSeller;
      return {
        name: seller.name,
        address: seller.address,
        postal_city: seller.postalCity,
        kvk: seller.kvk,
        vat_number: seller.vatNumber,
        email: deps.config.sellerContact.supportEmail,
        phone: deps.config.sellerContact.phone,
      };
    },
  );
}
