import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { permissionsFor, type AdminUserRow } from '@paraaf/contract';
import { AppProvider } from '../../../app/provider';
import { routes } from '../../../app/router';
import { tokens } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

const me = {
  id: 1,
  name: 'Petra Platform',
  email: 'petra@paraaf.nl',
  roles: [{ name: 'admin' }],
  all_permissions: permissionsFor('admin', true),
  is_active: true,
  two_factor_auth: false,
  created_at: '2025-03-04T09:05:00Z',
  company: { id: 1, name: 'Paraaf' },
};
const company = {
  id: 1,
  name: 'Paraaf',
  credits: 0,
  features: [],
  current_payment_plan: { price: { type: 'prepaid' } },
};
const row: AdminUserRow = {
  id: 5,
  name: 'Gijs Gebruiker',
  email: 'gijs@brood.nl',
  created_at: '2026-01-02T10:00:00Z',
  role: 'user',
  is_platform_admin: false,
  is_active: true,
  company: {
    id: 9,
    name: 'Bakkerij Brood',
    first_user: { name: 'Bert Bakker', email: 'bert@brood.nl' },
  },
  sign_requests: 3,
  credits: 10,
  payment_plan: 'Gratis',
  next_payment_date: null,
};

function json(body: unknown) {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  tokens.set(null);
  queryClient.clear();
});

describe('/all-users with the add-credits modal', () => {
  it('opens "Credits toevoegen en factuur versturen" from a user card', async () => {
    tokens.set('beheer-token');
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof globalThis.fetch>((input) => {
        const url = input as string;
        if (url === '/api/user') return Promise.resolve(json(me));
        if (url === '/api/company') return Promise.resolve(json(company));
        if (url.startsWith('/api/all-users'))
          return Promise.resolve(
            json({ data: [row], total: 1, per_page: 10, current_page: 1, last_page: 1 }),
          );
        return Promise.resolve(json({ data: [] }));
      }),
    );
    const router = createMemoryRouter(routes, { initialEntries: ['/all-users'] });
    render(
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    fireEvent.click(
      await screen.findByRole('button', { name: /Credits toevoegen en factuur versturen/ }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Credits toevoegen en factuur versturen',
    });
    expect(dialog.querySelector<HTMLInputElement>('input[type="email"]')!.value).toBe(
      'bert@brood.nl',
    );
  });
});
