import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PAGE_SIZE,
  type AddCreditsWithInvoiceAnswer,
  type AdminInvoice,
  type InvoiceState,
  type Paginated,
} from '@paraaf/contract';
import { api, downloadUrl } from '../../../lib/api-client';
import { invoiceFilters, type InvoiceListParams } from '../lib/invoice-list-params';

export const allInvoicesKeys = {
  all: ['all-invoices'] as const,
  list: (params: InvoiceListParams) => [...allInvoicesKeys.all, params] as const,
};

/** Every company's invoices for the back office, ten a page, newest first. */
export function getAllInvoices(params: InvoiceListParams) {
  const filters = invoiceFilters(params);
  return api.get<Paginated<AdminInvoice>>('/all-invoices', {
    query: {
      page: params.page,
      order: 'id,desc',
      limit: PAGE_SIZE,
      search: params.search || undefined,
      filters: filters.length ? JSON.stringify(filters) : undefined,
    },
  });
}

export const useAllInvoices = (params: InvoiceListParams) =>
  useQuery({
    queryKey: allInvoicesKeys.list(params),
    queryFn: () => getAllInvoices(params),
    placeholderData: keepPreviousData,
  });

export const adminInvoiceUrl = (id: number) => downloadUrl(`/all-invoices/${id}/download`);

export function useUpdateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, state }: { id: number; state: InvoiceState }) =>
      api.post<AdminInvoice>(`/all-invoices/${id}`, { state }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allInvoicesKeys.all }),
  });
}

export interface AddCreditsInput {
  companyId: number;
  total_credits: number;
  price_per_credit: string;
  email: string;
  name: string;
  description: string;
  /** One per filled-in form: a double click or a retry books once. */
  idempotencyKey: string;
}

export function useAddCreditsWithInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ companyId, idempotencyKey, ...body }: AddCreditsInput) =>
      api.post<AddCreditsWithInvoiceAnswer>(
        `/companies/${companyId}/add-credits-with-invoice`,
        body,
        { headers: { 'Idempotency-Key': idempotencyKey } },
      ),
    // The all-users cards ('all-users', features/admin/api/get-all-users) show the balance;
    // the all-invoices list shows the new invoice.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['all-users'] });
      await queryClient.invalidateQueries({ queryKey: allInvoicesKeys.all });
    },
  });
}

/** A random key for the Idempotency-Key header (getRandomValues works outside HTTPS too). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
