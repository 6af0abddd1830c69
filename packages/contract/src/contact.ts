import { z } from 'zod';

/**
 * `GET /api/contact`: who Paraaf is, for the contact page. The same settings (INVOICE_SELLER_*)
 * print the seller on every invoice, so the page and the invoices cannot disagree.
 */
export const contactDetailsSchema = z
  .object({
    name: z.string(),
    address: z.string(),
    /** Postal code and city: '1015 AA Amsterdam'. */
    postal_city: z.string(),
    kvk: z.string(),
    vat_number: z.string(),
    /** Support, not the invoices' address. */
    email: z.string(),
    phone: z.string(),
  })
  .meta({
    examples: [
      {
        name: 'Paraaf B.V.',
        address: 'Keizersgracht 100',
        postal_city: '1015 AA Amsterdam',
        kvk: '12345678',
        vat_number: 'NL123456789B01',
        email: 'support@paraaf.nl',
        phone: '020 - 303 88 20',
      },
    ],
  });
export type ContactDetails = z.infer<typeof contactDetailsSchema>;
