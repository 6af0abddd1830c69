import type { ReactNode } from 'react';
import { Paper, Table } from '@mantine/core';
import { ListState } from './list-state';
import { Pagination } from './pagination';

/**
 * A list screen's table card: the query's loading, failed and empty states, else a table of
 * `head` cells and one `row` per item on the page; then the page buttons (with `caption` of the
 * total beneath them when given). The page itself lives in the URL (`usePageParam`).
 */
export function PagedTable<T>({
  query,
  empty,
  failed,
  minWidth,
  label,
  highlightOnHover,
  head,
  row,
  page,
  onPageChange,
  caption,
}: {
  query: {
    isPending: boolean;
    error: Error | null;
    data?: { data: T[]; total: number; last_page: number };
  };
  empty: ReactNode;
  failed?: ReactNode;
  minWidth: number;
  /** The table's accessible name. */
  label?: string;
  highlightOnHover?: boolean;
  /** The header cells (`Table.Th`). */
  head: ReactNode;
  /** The `Table.Tr` of one item. */
  row: (item: T) => ReactNode;
  page: number;
  onPageChange: (page: number) => void;
  caption?: (total: number) => ReactNode;
}) {
  const items = query.data?.data ?? [];
  return (
    <>
      <Paper withBorder radius="lg">
        <ListState query={query} count={items.length} empty={empty} failed={failed} inset>
          <Table.ScrollContainer minWidth={minWidth}>
            <Table
              verticalSpacing="sm"
              horizontalSpacing="md"
              highlightOnHover={highlightOnHover}
              aria-label={label}
            >
              <Table.Thead>
                <Table.Tr>{head}</Table.Tr>
              </Table.Thead>
              <Table.Tbody>{items.map(row)}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </ListState>
      </Paper>
      {query.data && (
        <Pagination
          page={page}
          lastPage={query.data.last_page}
          onChange={onPageChange}
          caption={caption?.(query.data.total)}
        />
      )}
    </>
  );
}
