/**
 * A back-office list's filter and page in the query string (seed 001 'Admin: all users'): empty
 * values and page 1 or lower are left out, and read back on load.
 */
export function listParams(values: { search?: string; page: number }): Record<string, string> {
  const out: Record<string, string> = {};
  const search = values.search?.trim();
  if (search) out.search = search;
  if (values.page > 1) out.page = String(Math.floor(values.page));
  return out;
}

export function readListParams(params: URLSearchParams): { search: string; page: number } {
  const page = Number(params.get('page'));
  return {
    search: params.get('search')?.trim() ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}
