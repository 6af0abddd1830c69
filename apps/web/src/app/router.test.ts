import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { tokens } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { routes } from './router';

function json(body: unknown) {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

const user = {
  id: 1,
  name: 'Jan',
  email: 'jan@example.nl',
  all_permissions: [],
  roles: [{ name: 'admin' }],
};
const company = { id: 1, name: 'Bedrijf', features: [] };

/** Opens `path` in a fresh router and waits until its loaders (and redirects) are done. */
async function open(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // The routes' lazy modules load first: on a busy machine that takes more than waitFor's 1 s.
  await vi.waitFor(
    () => {
      expect(router.state.initialized).toBe(true);
      expect(router.state.navigation.state).toBe('idle');
    },
    { timeout: 15_000 },
  );
  const pathname = router.state.location.pathname;
  router.dispose();
  return pathname;
}

afterEach(() => {
  vi.unstubAllGlobals();
  tokens.set(null);
  queryClient.clear();
});

// Seed 001 §2: Login, Register, PasswordReminder and PasswordReset are "guest" routes.
const guestRoutes = ['/login', '/register', '/wachtwoord-vergeten', '/wachtwoord-instellen/abc'];

describe('guest routes', () => {
  it.each(guestRoutes)('%s sends a logged-in user to /', async (path) => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof globalThis.fetch>((input) => {
        const url = String(input instanceof Request ? input.url : input);
        if (url.endsWith('/api/user')) return Promise.resolve(json(user));
        if (url.endsWith('/api/company')) return Promise.resolve(json(company));
        if (url.endsWith('/api/locales')) return Promise.resolve(json({ data: [] }));
        return Promise.resolve(json({ data: [], total: 0 }));
      }),
    );
    tokens.set('tok');
    expect(await open(path)).toBe('/');
  });

  it.each(guestRoutes)('%s opens for a guest', async (path) => {
    vi.stubGlobal('fetch', vi.fn<typeof globalThis.fetch>());
    expect(await open(path)).toBe(path);
  });
});
