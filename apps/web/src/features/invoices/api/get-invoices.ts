import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type Invoice, type Paginated } from '@paraaf/contract';
import { api, tokens } from '../../../lib/api-client';

export const invoicesKeys = {
  all: ['invoices'] as const,
  page: (page: number) => [...invoicesKeys.all, 'page', page] as const,
};

/** The company's invoices, newest first, ten a page. */
export const getInvoices = (page: number) =>
  api.get<Paginated<Invoice>>('/invoices', { query: { page, order: 'id,desc', limit: PAGE_SIZE } });

export const useInvoices = (page: number) =>
  useQuery({
    queryKey: invoicesKeys.page(page),
    queryFn: () => getInvoices(page),
    placeholderData: keepPreviousData,
  });

/**
 * A download link with the session token in the query (seed 001: 'token as query parameter'):
 * it opens in a new tab, where no Authorization header can be set.
 */
export function invoiceDownloadUrl(path: string): string {
  const token = tokens.get();
  return `/api${path}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}

export const companyInvoiceUrl = (id: number) => invoiceDownloadUrl(`/invoices/${id}/download`);
