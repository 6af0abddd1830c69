import type { Paginated } from '@paraaf/contract';

/**
 * The answer of every paged list (the seeds' `{ data, total, per_page, current_page, last_page }`):
 * `last_page` is at least 1, so an empty list still has one (empty) page.
 */
export function paginated<T>(
  data: T[],
  total: number,
  query: { page: number; limit: number },
): Paginated<T> {
  return {
    data,
    total,
    per_page: query.limit,
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / query.limit)),
  };
}
