import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type Invoice, type Paginated } from '@paraaf/contract';
import { api, downloadUrl } from '../../../lib/api-client';

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

export const companyInvoiceUrl = (id: number) => downloadUrl(`/invoices/${id}/download`);
