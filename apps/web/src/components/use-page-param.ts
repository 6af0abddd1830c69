import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** `?page=` as a page number: a whole number of 1 or more; anything else (junk, 0, 2.5) is 1. */
export function pageFromParams(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/**
 * The page of a screen whose only query parameter is `?page=`, and a setter that writes it
 * (page 1 leaves the query empty, so a list's first page has one address).
 */
export function usePageParam(): [page: number, setPage: (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const setPage = useCallback(
    (next: number) => setParams(next > 1 ? { page: String(next) } : {}),
    [setParams],
  );
  return [pageFromParams(params), setPage];
}
