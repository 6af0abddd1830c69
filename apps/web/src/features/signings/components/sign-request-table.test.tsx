import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SignRequestListItem } from '@paraaf/contract';
import { AppProvider } from '../../../app/provider';
import { SignRequestTable } from './sign-request-table';

const signer = (
  id: number,
  firstname: string,
  lastname: string,
  role: 'signer' | 'approver' | 'cc' = 'signer',
  delegated = false,
) => ({ id, firstname, lastname, role, delegated });

/** A request with a signer who handed over to Karin, an approver and two copies. */
const item: SignRequestListItem = {
  id: 42,
  subject: 'Koopakte Dorpsstraat 1',
  created_at: '2025-03-04T09:05:00Z',
  state_id: 3,
  state: { id: 3, label: 'Bezig' },
  signers: [
    signer(1, 'Sanne', 'Jansen', 'signer', true),
    signer(5, 'Karin', 'de Jong'),
    signer(2, 'Anna', 'Akkoord', 'approver'),
    signer(3, 'Cor', 'Copie', 'cc'),
    signer(4, 'Dirk', 'Dekker'),
    signer(6, 'Eva', 'Exemplaar', 'cc'),
  ],
  signables: [{ id: 1, name: 'Koopakte' }],
  viewer_user: null,
  custom_field_values: [],
};

function shown(items: SignRequestListItem[]) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <SignRequestTable items={items} withStatus withViewer={false} />,
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

/** The texts of the signers' cell, line by line, in order. */
const linesOf = (cell: HTMLElement) =>
  Array.from(cell.querySelectorAll('p')).map((p) => ({
    text: p.textContent,
    // Mantine's c="dimmed": the theme's muted text colour.
    muted: p.style.color === 'var(--mantine-color-dimmed)',
  }));

describe('SignRequestTable: the Ondertekenaars column', () => {
  it('names signers and approvers, then the copies muted, and leaves out one who handed over', () => {
    shown([item]);
    const table = within(screen.getByRole('table'));
    const column = table
      .getAllByRole('columnheader')
      .findIndex((h) => h.textContent === 'Ondertekenaars');
    const cell = table.getAllByRole('row')[1]!.querySelectorAll('td')[column] as HTMLElement;
    expect(linesOf(cell)).toEqual([
      { text: 'Karin de Jong', muted: false },
      { text: 'Anna Akkoord (goedkeurder)', muted: false },
      { text: 'Dirk Dekker', muted: false },
      { text: 'Kopie: Cor Copie, Eva Exemplaar', muted: true },
    ]);
    expect(table.queryByText(/Sanne/)).toBeNull();
  });

  it('does the same on the phone card', () => {
    shown([item]);
    const cards = within(screen.getByTestId('sign-request-cards'));
    expect(
      cards.getByText('Ondertekenaars: Karin de Jong, Anna Akkoord (goedkeurder), Dirk Dekker'),
    ).toBeTruthy();
    const copies = cards.getByText('Kopie: Cor Copie, Eva Exemplaar');
    expect(copies.style.color).toBe('var(--mantine-color-dimmed)');
    expect(cards.queryByText(/Sanne/)).toBeNull();
  });

  it('shows only the copies line when a request has nothing but copies', () => {
    shown([{ ...item, signers: [signer(3, 'Cor', 'Copie', 'cc')] }]);
    const cards = within(screen.getByTestId('sign-request-cards'));
    expect(cards.getByText('Kopie: Cor Copie')).toBeTruthy();
    expect(cards.queryByText(/^Ondertekenaars:/)).toBeNull();
  });
});
