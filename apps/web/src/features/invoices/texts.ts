import { invoiceMessages } from '@paraaf/contract';

/** The Dutch texts of the invoice screens. */
export const texts = {
  title: 'Facturen',
  empty: invoiceMessages.empty,
  loadFailed: 'Er is iets mis gegaan',
  number: 'Factuurnummer',
  date: 'Datum',
  state: 'Status',
  total: 'Totaal incl. btw',
  download: 'Downloaden',
  downloadLabel: (no: string) => `Factuur ${no} downloaden`,
} as const;
