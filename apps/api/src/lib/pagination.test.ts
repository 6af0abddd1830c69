import { describe, expect, it } from 'vitest';
import { paginated } from './pagination.ts';

describe('paginated', () => {
  it('answers the page with the last page rounded up', () => {
    expect(paginated(['a', 'b'], 12, { page: 2, limit: 5 })).toEqual({
      data: ['a', 'b'],
      total: 12,
      per_page: 5,
      current_page: 2,
      last_page: 3,
    });
  });

  it('keeps one (empty) page for an empty list', () => {
    expect(paginated([], 0, { page: 1, limit: 25 })).toMatchObject({ total: 0, last_page: 1 });
  });

  it('counts an exact fit as full pages only', () => {
    expect(paginated([], 50, { page: 1, limit: 25 }).last_page).toBe(2);
  });
});
