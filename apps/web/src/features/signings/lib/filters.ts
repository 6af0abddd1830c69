import type { SignRequestFilter } from '@paraaf/contract';
import { signRequestStates } from '@paraaf/contract';

/** The states a user may filter on (seed 000 §4, column Searchable). */
export const searchableStateIds = [1, 2, 3, 4, 5, 7, 8, 9, 50] as const;

export const stateOptions = searchableStateIds.map((id) => ({
  value: String(id),
  label: signRequestStates[id],
}));

/** The list's filters and page, as kept in the URL query (seed 000 §2). */
export interface ListFilters {
  /** Send date as YYYY-MM-DD, or null. */
  sentAt: string | null;
  signables: string;
  signers: string;
  states: number[];
  /** The bulk send the requests were made for (`?bulk=`), or null. */
  bulkSend: number | null;
  page: number;
}

export const emptyFilters: ListFilters = {
  sentAt: null,
  signables: '',
  signers: '',
  states: [],
  bulkSend: null,
  page: 1,
};

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const searchable = new Set<number>(searchableStateIds);

/** Reads the query of `/`; anything malformed is ignored rather than sent to the API. */
export function filtersFromParams(params: URLSearchParams): ListFilters {
  const sentAt = params.get('sent_at');
  const page = Number(params.get('page'));
  const bulk = Number(params.get('bulk'));
  return {
    sentAt: sentAt && isoDate.test(sentAt) && !Number.isNaN(Date.parse(sentAt)) ? sentAt : null,
    signables: (params.get('signables') ?? '').slice(0, 100),
    signers: (params.get('signers') ?? '').slice(0, 100),
    states: [
      ...new Set(
        (params.get('states') ?? '')
          .split(',')
          .map((s) => Number(s.trim()))
          .filter((n) => Number.isInteger(n) && searchable.has(n)),
      ),
    ],
    bulkSend: Number.isInteger(bulk) && bulk > 0 && bulk <= 2_147_483_647 ? bulk : null,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The query for the URL: empty filters are left out, and page 1 too. */
export function filtersToParams(filters: ListFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.sentAt) params.set('sent_at', filters.sentAt);
  if (filters.signables.trim()) params.set('signables', filters.signables);
  if (filters.signers.trim()) params.set('signers', filters.signers);
  if (filters.states.length) params.set('states', filters.states.join(','));
  if (filters.bulkSend) params.set('bulk', String(filters.bulkSend));
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

export function hasActiveFilters(filters: ListFilters): boolean {
  return Boolean(
    filters.sentAt ||
    filters.signables.trim() ||
    filters.signers.trim() ||
    filters.states.length ||
    filters.bulkSend,
  );
}

/**
 * The `filters` JSON list of GET /api/sign-requests (seed 000 §7). The status filter is sent only
 * by users who hold getSignRequestStatus (they are the only ones who see it).
 */
export function apiFilters(
  filters: ListFilters,
  { withStatus }: { withStatus: boolean },
): SignRequestFilter[] {
  const list: SignRequestFilter[] = [];
  if (filters.sentAt)
    list.push({ field: 'created_at', type: 'date', operator: 'eq', value: filters.sentAt });
  const signers = filters.signers.trim();
  if (signers) list.push({ field: 'signers', operator: 'like', value: signers });
  const signables = filters.signables.trim();
  if (signables) list.push({ field: 'signables', operator: 'like', value: signables });
  if (filters.bulkSend)
    list.push({ field: 'bulk_send_id', operator: 'eq', value: filters.bulkSend });
  if (withStatus && filters.states.length)
    list.push({ field: 'state_id', operator: 'in', value: filters.states });
  return list;
}
