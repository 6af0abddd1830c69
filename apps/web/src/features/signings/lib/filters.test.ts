import { describe, expect, it } from 'vitest';
import { signRequestListQuery } from '@paraaf/contract';
import {
  apiFilters,
  emptyFilters,
  filtersFromParams,
  filtersToParams,
  hasActiveFilters,
  stateOptions,
} from './filters';

describe('list filters in the URL query', () => {
  it('round-trips every filter and the page through the query', () => {
    const filters = {
      sentAt: '2025-03-04',
      signables: 'Huurcontract',
      signers: 'Jan de Vries',
      states: [3, 5],
      bulkSend: null,
      page: 4,
    };
    const params = filtersToParams(filters);
    expect(params.toString()).toBe(
      'sent_at=2025-03-04&signables=Huurcontract&signers=Jan+de+Vries&states=3%2C5&page=4',
    );
    expect(filtersFromParams(new URLSearchParams(params.toString()))).toEqual(filters);
  });

  it("keeps a bulk send's filter (`?bulk=`) and sends it as bulk_send_id", () => {
    const filters = filtersFromParams(new URLSearchParams('bulk=12'));
    expect(filters.bulkSend).toBe(12);
    expect(hasActiveFilters(filters)).toBe(true);
    expect(filtersToParams(filters).toString()).toBe('bulk=12');
    expect(apiFilters(filters, { withStatus: false })).toEqual([
      { field: 'bulk_send_id', operator: 'eq', value: 12 },
    ]);
    expect(filtersFromParams(new URLSearchParams('bulk=x')).bulkSend).toBeNull();
    expect(
      signRequestListQuery.parse({
        filters: JSON.stringify(apiFilters(filters, { withStatus: false })),
      }).filters,
    ).toEqual([{ field: 'bulk_send_id', operator: 'eq', value: 12 }]);
  });

  it('leaves empty filters and page 1 out of the query', () => {
    expect(filtersToParams(emptyFilters).toString()).toBe('');
    expect(filtersToParams({ ...emptyFilters, signers: '   ' }).toString()).toBe('');
    expect(filtersFromParams(new URLSearchParams(''))).toEqual(emptyFilters);
    expect(hasActiveFilters(emptyFilters)).toBe(false);
    expect(hasActiveFilters({ ...emptyFilters, states: [8] })).toBe(true);
  });

  it('ignores malformed values instead of passing them on', () => {
    const f = filtersFromParams(
      new URLSearchParams('sent_at=4-3-2025&states=3,x,6,3,999,5&page=-2'),
    );
    // 6 is not searchable, 999 no state, 3 only once.
    expect(f).toEqual({ ...emptyFilters, states: [3, 5] });
    expect(filtersFromParams(new URLSearchParams('sent_at=2025-13-45')).sentAt).toBeNull();
    expect(filtersFromParams(new URLSearchParams('page=2.5')).page).toBe(1);
  });

  it('offers exactly the searchable states of seed 000 §4', () => {
    expect(stateOptions.map((o) => o.value)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '7',
      '8',
      '9',
      '50',
    ]);
    expect(stateOptions.find((o) => o.value === '5')?.label).toBe('Getekend');
  });
});

describe('the filters JSON sent to GET /api/sign-requests', () => {
  const all = {
    sentAt: '2025-03-04',
    signables: ' contract ',
    signers: 'Jan',
    states: [3, 5],
    bulkSend: null,
    page: 2,
  };

  it('builds the seed items in order, trimmed', () => {
    expect(apiFilters(all, { withStatus: true })).toEqual([
      { field: 'created_at', type: 'date', operator: 'eq', value: '2025-03-04' },
      { field: 'signers', operator: 'like', value: 'Jan' },
      { field: 'signables', operator: 'like', value: 'contract' },
      { field: 'state_id', operator: 'in', value: [3, 5] },
    ]);
  });

  it('drops the status filter without getSignRequestStatus, and sends nothing when empty', () => {
    expect(apiFilters(all, { withStatus: false }).map((f) => f.field)).toEqual([
      'created_at',
      'signers',
      'signables',
    ]);
    expect(apiFilters(emptyFilters, { withStatus: true })).toEqual([]);
  });

  it('is accepted by the contract schema the server parses it with', () => {
    const parsed = signRequestListQuery.parse({
      filters: JSON.stringify(apiFilters(all, { withStatus: true })),
    });
    expect(parsed.filters).toHaveLength(4);
  });
});
