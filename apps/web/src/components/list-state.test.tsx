import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AppProvider } from '../app/provider';
import { ListState } from './list-state';

const shown = (query: { isPending: boolean; error: Error | null }, count = 1, failed?: string) =>
  render(
    <AppProvider>
      <ListState query={query} count={count} empty="Er zijn nog geen facturen" failed={failed}>
        <p>De lijst</p>
      </ListState>
    </AppProvider>,
  );

describe('ListState', () => {
  it('shows a loader while the query is pending', () => {
    shown({ isPending: true, error: null });
    expect(screen.getByLabelText('Laden')).toBeTruthy();
    expect(screen.queryByText('De lijst')).toBeNull();
  });

  it("says the query's error as an alert, with a Dutch fallback for an empty message", () => {
    shown({ isPending: false, error: new Error('Geen toegang') });
    expect(screen.getByRole('alert').textContent).toBe('Geen toegang');
  });

  it('says the fallback for an error without a message', () => {
    shown({ isPending: false, error: new Error('') });
    expect(screen.getByRole('alert').textContent).toBe('Er is iets mis gegaan');
  });

  it('says the fixed text instead of the error when given one, not as an alert', () => {
    shown({ isPending: false, error: new Error('Geen toegang') }, 1, 'Laden is mislukt');
    expect(screen.getByText('Laden is mislukt')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the empty text without rows, else renders the list', () => {
    const { unmount } = shown({ isPending: false, error: null }, 0);
    expect(screen.getByText('Er zijn nog geen facturen')).toBeTruthy();
    expect(screen.queryByText('De lijst')).toBeNull();
    unmount();
    shown({ isPending: false, error: null }, 2);
    expect(screen.getByText('De lijst')).toBeTruthy();
  });
});
