import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AppProvider } from '../app/provider';
import { Pagination, pageList } from './pagination';

describe('pageList', () => {
  it('shows every page up to 10 pages', () => {
    expect(pageList(1, 1)).toEqual([1]);
    expect(pageList(4, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('shows nothing without pages', () => {
    expect(pageList(1, 0)).toEqual([]);
  });

  it('shows first, last and two each side of the current page with ellipses', () => {
    expect(pageList(10, 20)).toEqual([1, 'ellipsis-start', 8, 9, 10, 11, 12, 'ellipsis-end', 20]);
  });

  it('leaves out the ellipsis where there is no gap', () => {
    expect(pageList(1, 11)).toEqual([1, 2, 3, 'ellipsis-end', 11]);
    expect(pageList(3, 11)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 11]);
    expect(pageList(4, 20)).toEqual([1, 2, 3, 4, 5, 6, 'ellipsis-end', 20]);
    expect(pageList(20, 20)).toEqual([1, 'ellipsis-start', 18, 19, 20]);
    expect(pageList(17, 20)).toEqual([1, 'ellipsis-start', 15, 16, 17, 18, 19, 20]);
  });

  it('clamps a page outside the range', () => {
    expect(pageList(99, 12)).toEqual([1, 'ellipsis-start', 10, 11, 12]);
  });
});

describe('Pagination', () => {
  const shown = (lastPage: number, caption?: string) =>
    render(
      <AppProvider>
        <Pagination page={1} lastPage={lastPage} onChange={() => {}} caption={caption} />
      </AppProvider>,
    );

  it('shows the caption beneath the page buttons', () => {
    shown(3, '23 templates');
    expect(screen.getByRole('navigation', { name: 'Paginering' })).toBeTruthy();
    expect(screen.getByText('23 templates')).toBeTruthy();
  });

  it('shows the caption without buttons on a single page, and no buttons without one either', () => {
    const { unmount } = shown(1);
    expect(screen.queryByRole('navigation', { name: 'Paginering' })).toBeNull();
    unmount();
    shown(1, '1 template');
    expect(screen.queryByRole('navigation', { name: 'Paginering' })).toBeNull();
    expect(screen.getByText('1 template')).toBeTruthy();
  });
});
