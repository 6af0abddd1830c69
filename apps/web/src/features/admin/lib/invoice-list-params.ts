import type { InvoiceFilter, InvoiceState, InvoiceType } from '@paraaf/contract';

/** What /all-invoices shows: kept in the query string so a reload or a shared link keeps it. */
export interface InvoiceListParams {
  search: string;
  state: InvoiceState | '';
  type: InvoiceType | '';
  page: number;
}

export function readInvoiceListParams(params: URLSearchParams): InvoiceListParams {
  const state = params.get('state');
  const type = params.get('type');
  return {
    search: params.get('search')?.trim() ?? '',
    state: state === 'open' || state === 'paid' ? state : '',
    type: type === 'manual' || type === 'automatic' ? type : '',
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  };
}

/** The query string of a list state: empty values and page 1 (or lower) left out. */
export function invoiceListSearch(values: InvoiceListParams): Record<string, string> {
  const out: Record<string, string> = {};
  if (values.search.trim()) out.search = values.search.trim();
  if (values.state) out.state = values.state;
  if (values.type) out.type = values.type;
  if (values.page > 1) out.page = String(values.page);
  return out;
}

/** The API's `filters` JSON list for the chosen state and type. */
export function invoiceFilters(values: InvoiceListParams): InvoiceFilter[] {
  const filters: InvoiceFilter[] = [];
  if (values.state) filters.push({ field: 'state', eq: values.state });
  if (values.type) filters.push({ field: 'type', eq: values.type });
  return filters;
}
