import { describe, expect, it } from 'vitest';
import { invoiceFilters, invoiceListSearch, readInvoiceListParams } from './invoice-list-params';

describe('the /all-invoices query string', () => {
  it('reads search, state, type and page, ignoring values it does not know', () => {
    expect(
      readInvoiceListParams(new URLSearchParams('search=+Jansen+&state=paid&type=manual&page=3')),
    ).toEqual({ search: 'Jansen', state: 'paid', type: 'manual', page: 3 });
    expect(readInvoiceListParams(new URLSearchParams('state=betaald&type=x&page=-2'))).toEqual({
      search: '',
      state: '',
      type: '',
      page: 1,
    });
  });

  it('leaves out empty values and page 1', () => {
    expect(invoiceListSearch({ search: ' ', state: '', type: '', page: 1 })).toEqual({});
    expect(invoiceListSearch({ search: '12', state: 'open', type: 'automatic', page: 2 })).toEqual({
      search: '12',
      state: 'open',
      type: 'automatic',
      page: '2',
    });
  });

  it('turns state and type into the API filters', () => {
    expect(invoiceFilters({ search: '', state: '', type: '', page: 1 })).toEqual([]);
    expect(invoiceFilters({ search: '', state: 'open', type: 'manual', page: 1 })).toEqual([
      { field: 'state', eq: 'open' },
      { field: 'type', eq: 'manual' },
    ]);
  });
});
