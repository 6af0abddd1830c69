import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Table } from '@mantine/core';
import { AppProvider } from '../app/provider';
import { PagedTable } from './paged-table';

type Query = Parameters<typeof PagedTable<string>>[0]['query'];

const shown = (query: Query, caption?: (total: number) => string) => {
  const onPageChange = vi.fn();
  render(
    <AppProvider>
      <PagedTable
        query={query}
        empty="Er zijn nog geen sleutels"
        minWidth={480}
        label="Sleutels"
        head={<Table.Th>Naam</Table.Th>}
        row={(name) => (
          <Table.Tr key={name}>
            <Table.Td>{name}</Table.Td>
          </Table.Tr>
        )}
        page={2}
        onPageChange={onPageChange}
        caption={caption}
      />
    </AppProvider>,
  );
  return onPageChange;
};

describe('PagedTable', () => {
  it('shows the loader, and no page buttons, while the query is pending', () => {
    shown({ isPending: true, error: null });
    expect(screen.getByLabelText('Laden')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Paginering' })).toBeNull();
  });

  it('shows the empty text for a page without items', () => {
    shown(
      { isPending: false, error: null, data: { data: [], total: 0, last_page: 1 } },
      (total) => `${total} sleutels`,
    );
    expect(screen.getByText('Er zijn nog geen sleutels')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('0 sleutels')).toBeTruthy();
  });

  it('shows the head, a row per item, the page buttons and the caption; a button changes page', () => {
    const onPageChange = shown(
      { isPending: false, error: null, data: { data: ['Alfa', 'Beta'], total: 12, last_page: 2 } },
      (total) => `${total} sleutels`,
    );
    const table = screen.getByRole('table', { name: 'Sleutels' });
    expect(within(table).getByRole('columnheader', { name: 'Naam' })).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['Naam', 'Alfa', 'Beta']);
    expect(screen.getByText('12 sleutels')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pagina 2' }).getAttribute('aria-current')).toBe(
      'page',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Vorige pagina' }));
    expect(onPageChange).toHaveBeenCalledWith(1);
  });
});
