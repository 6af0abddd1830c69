import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { permissionsFor } from '@paraaf/contract';
import { AppProvider } from '../../../app/provider';
import { AppLayout } from '../../../app/layouts/app-layout';
import { requireAuth } from '../../../app/guards';
import { tokens } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { UsersRoute } from './users';

const me = {
  id: 1,
  name: 'Anna Admin',
  email: 'anna@bedrijf.nl',
  roles: [{ name: 'admin' }],
  all_permissions: permissionsFor('admin', false),
  is_active: true,
  two_factor_auth: false,
  created_at: '2025-03-04T09:05:00Z',
  company: { id: 1, name: 'Bedrijf BV' },
};
const other = { ...me, id: 2, name: 'Gijs Gebruiker', email: 'gijs@bedrijf.nl', is_active: false };
other.roles = [{ name: 'viewer' }];
const company = {
  id: 1,
  name: 'Bedrijf BV',
  credits: 10,
  features: ['users'],
  users_count: 2,
  current_payment_plan: { price: { type: 'month', users: 10 } },
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  tokens.set(null);
  queryClient.clear();
});

describe('Users screen', () => {
  it('loads the session, shows the shell and lists company users', async () => {
    tokens.set('tok');
    const fetch = vi.fn<typeof globalThis.fetch>((input) => {
      const url = input as string;
      if (url === '/api/user') return Promise.resolve(json(me));
      if (url === '/api/company') return Promise.resolve(json(company));
      if (url === '/api/locales') return Promise.resolve(json({ data: [] }));
      if (url.startsWith('/api/users?'))
        return Promise.resolve(
          json({ data: [me, other], total: 2, per_page: 10, current_page: 1, last_page: 1 }),
        );
      return Promise.resolve(json({ message: 'Niet gevonden' }, 404));
    });
    vi.stubGlobal('fetch', fetch);
    const router = createMemoryRouter(
      [
        {
          Component: AppLayout,
          children: [
            {
              path: '/instellingen/gebruikers',
              loader: requireAuth({ permission: 'getUsers' }),
              Component: UsersRoute,
            },
          ],
        },
      ],
      { initialEntries: ['/instellingen/gebruikers'] },
    );
    render(
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>,
    );

    expect(await screen.findByRole('heading', { name: 'Gebruikers' })).toBeTruthy();
    expect(await screen.findByText('Gijs Gebruiker')).toBeTruthy();
    expect(screen.getByText('Credits: 10')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Uitloggen' })).toBeTruthy();
    expect(fetch.mock.calls.some(([u]) => (u as string).includes('order=id%2Cdesc&limit=10'))).toBe(
      true,
    );

    const rows = screen.getAllByRole('row');
    const mine = rows.find((r) => within(r).queryByText('Anna Admin'))!;
    const theirs = rows.find((r) => within(r).queryByText('Gijs Gebruiker'))!;
    expect(within(mine).queryByRole('button', { name: 'Verwijderen' })).toBeNull();
    expect(within(theirs).getByText('Inzage')).toBeTruthy();
    expect(within(theirs).getByText('uitgenodigd')).toBeTruthy();

    fireEvent.click(within(theirs).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText(/Weet je zeker dat je Gijs Gebruiker/)).toBeTruthy();
  });

  async function renderWith(companyOverrides: Record<string, unknown>) {
    tokens.set('tok');
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof globalThis.fetch>((input) => {
        const url = input as string;
        if (url === '/api/user') return Promise.resolve(json(me));
        if (url === '/api/company')
          return Promise.resolve(json({ ...company, ...companyOverrides }));
        if (url === '/api/locales') return Promise.resolve(json({ data: [] }));
        if (url.startsWith('/api/users?'))
          return Promise.resolve(
            json({ data: [me], total: 1, per_page: 10, current_page: 1, last_page: 1 }),
          );
        return Promise.resolve(json({ message: 'Niet gevonden' }, 404));
      }),
    );
    const router = createMemoryRouter(
      [
        {
          path: '/instellingen/gebruikers',
          loader: requireAuth({ permission: 'getUsers' }),
          Component: UsersRoute,
        },
      ],
      { initialEntries: ['/instellingen/gebruikers'] },
    );
    render(
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    await screen.findByText('Anna Admin');
    return screen.getByRole<HTMLButtonElement>('button', { name: 'Uitnodigen' });
  }

  it('enables Uitnodigen with the users feature below the cap', async () => {
    const invite = await renderWith({});
    expect(invite.disabled).toBe(false);
    expect(screen.queryByText(/Kies een ander abonnement/)).toBeNull();
  });

  it('disables Uitnodigen without the users feature and says why, linking to the plans', async () => {
    const invite = await renderWith({
      features: [],
      users_count: 1,
      current_payment_plan: { price: { type: 'prepaid', users: 1 } },
    });
    expect(invite.disabled).toBe(true);
    expect(
      screen.getByText(/Meerdere gebruikers horen bij het abonnement standard of premium/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Abonnement wijzigen' }).getAttribute('href')).toBe(
      '/instellingen/credits',
    );
  });

  it("disables Uitnodigen at the plan's user cap; no cap means no limit", async () => {
    const atCap = await renderWith({ users_count: 10 });
    expect(atCap.disabled).toBe(true);
    expect(
      screen.getByText(/Je abonnement staat niet meer gebruikers toe \(maximaal 10\)/),
    ).toBeTruthy();
  });

  it('has no cap when the plan has none', async () => {
    const invite = await renderWith({
      users_count: 500,
      current_payment_plan: { price: { type: 'month', users: null } },
    });
    expect(invite.disabled).toBe(false);
  });
});
