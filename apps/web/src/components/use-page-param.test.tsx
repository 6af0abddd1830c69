import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { pageFromParams, usePageParam } from './use-page-param';

describe('pageFromParams', () => {
  it('reads a whole page number of 1 or more', () => {
    expect(pageFromParams(new URLSearchParams('page=1'))).toBe(1);
    expect(pageFromParams(new URLSearchParams('page=7'))).toBe(7);
  });

  it('reads junk, nothing, zero, negatives and fractions as page 1', () => {
    for (const query of ['', 'page=', 'page=abc', 'page=0', 'page=-3', 'page=2.5', 'page=Infinity'])
      expect(pageFromParams(new URLSearchParams(query))).toBe(1);
  });
});

function PageProbe() {
  const [page, setPage] = usePageParam();
  return (
    <>
      <p>pagina {page}</p>
      <button onClick={() => setPage(page + 1)}>verder</button>
      <button onClick={() => setPage(1)}>eerste</button>
    </>
  );
}

describe('usePageParam', () => {
  it('writes ?page= for later pages and drops it for page 1', () => {
    const router = createMemoryRouter([{ path: '/lijst', Component: PageProbe }], {
      initialEntries: ['/lijst?page=x'],
    });
    render(<RouterProvider router={router} />);
    expect(screen.getByText('pagina 1')).toBeTruthy();

    act(() => screen.getByText('verder').click());
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByText('pagina 2')).toBeTruthy();

    act(() => screen.getByText('eerste').click());
    expect(router.state.location.search).toBe('');
    expect(screen.getByText('pagina 1')).toBeTruthy();
  });
});
