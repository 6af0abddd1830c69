import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { permissionsFor, type AdminUserRow } from '@paraaf/contract';
import { adminTokens, tokens } from '../../../lib/api-client';
import {
  apiCalls,
  json,
  listPage,
  platformAdmin,
  renderRoutes,
  screenRoutes,
  resetApp,
  sessionCompany,
  stubApi,
} from '../../../test/app-harness';
import { AllUsersRoute } from './all-users';

const admin = platformAdmin({
  name: 'Paula Platform',
  email: 'paula@paraaf.nl',
  is_platform_admin: true,
  impersonated_by: null,
  company: { id: 1, name: 'Paraaf beheer' },
});
const row = (id: number, name: string, extra: Partial<AdminUserRow> = {}): AdminUserRow => ({
  id,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@bakkerij.nl`,
  created_at: '2026-07-01T08:05:00Z',
  role: 'user',
  is_platform_admin: false,
  is_active: true,
  company: { id: 7, name: 'Bakkerij Zoet', first_user: null },
  sign_requests: 12,
  credits: 34,
  payment_plan: 'standard',
  next_payment_date: '2026-12-05',
  ...extra,
});

afterEach(resetApp);

function renderAt(url: string, users: (query: URLSearchParams) => AdminUserRow[]) {
  let impersonating = false;
  const actingUser = {
    ...row(5, 'Jeroen Deeg'),
    roles: [{ name: 'user' }],
    all_permissions: permissionsFor('user', false),
    impersonated_by: 1,
    company: { id: 7, name: 'Bakkerij Zoet' },
  };
  const token = (init: RequestInit | undefined) => new Headers(init?.headers).get('authorization');
  const fetch = stubApi({
    company: sessionCompany({
      name: 'Paraaf beheer',
      credits: 0,
      current_payment_plan: { price: { type: 'invoice' } },
    }),
    answer: (u, init) => {
      if (u === '/api/user')
        return json(token(init) === 'Bearer user-token' && impersonating ? actingUser : admin);
      if (u === '/api/login-as-user') {
        impersonating = true;
        return json({ token: 'user-token', user: actingUser });
      }
      if (u === '/api/auth/logout') {
        impersonating = false;
        return new Response(null, { status: 204 });
      }
      if (u.startsWith('/api/all-users')) {
        const query = new URL(u, 'http://x').searchParams;
        return json(listPage(users(query), { last_page: 3 }));
      }
      if (u.startsWith('/api/sign-requests')) return json(listPage([]));
      return undefined;
    },
  });
  const calls = () => apiCalls(fetch);
  const router = renderRoutes(
    screenRoutes({
      path: '/all-users',
      permission: 'adminGetUsers',
      Component: AllUsersRoute,
      layout: true,
      home: 'Startpagina',
    }),
    url,
    { token: 'admin-token' },
  );
  return { router, calls };
}

describe('All users screen', () => {
  it('shows a card per user with the seed fields, nvt without a payment date', async () => {
    renderAt('/all-users', () => [
      row(5, 'Jeroen Deeg'),
      row(6, 'Anna Prepaid', { next_payment_date: null, payment_plan: 'free' }),
      row(7, 'Paula Platform', { is_platform_admin: true }),
    ]);
    const card = (await screen.findByText('Jeroen Deeg')).closest('article')!;
    const c = within(card);
    expect(c.getByText('jeroen@bakkerij.nl')).toBeTruthy();
    expect(c.getByText('01-07-2026 10:05')).toBeTruthy();
    expect(c.getByText('Bakkerij Zoet')).toBeTruthy();
    expect(c.getByText('12')).toBeTruthy();
    expect(c.getByText('34')).toBeTruthy();
    expect(c.getByText('standard')).toBeTruthy();
    expect(c.getByText('05-12-2026')).toBeTruthy();
    const prepaid = within(screen.getByText('Anna Prepaid').closest('article') as HTMLElement);
    expect(prepaid.getByText('nvt')).toBeTruthy();
    // A platform admin cannot be logged in as.
    const platform = within(
      screen.getAllByText('Paula Platform').at(-1)!.closest('article') as HTMLElement,
    );
    expect(
      platform.getByRole<HTMLButtonElement>('button', { name: 'Inloggen als Paula Platform' })
        .disabled,
    ).toBe(true);
    expect(
      c.getByRole<HTMLButtonElement>('button', { name: 'Inloggen als Jeroen Deeg' }).disabled,
    ).toBe(false);
    // The user's menus arrive in their own chunk (not on the login page).
    expect(await screen.findByRole('link', { name: 'Alle gebruikers' })).toBeTruthy();
  });

  it('keeps search and page in the query string, restored on load', async () => {
    const { router, calls } = renderAt('/all-users?search=deeg&page=2', (q) =>
      q.get('search') === 'deeg' ? [row(5, 'Jeroen Deeg')] : [],
    );
    await screen.findByText('Jeroen Deeg');
    expect(calls().some((c) => c.url === '/api/all-users?search=deeg&page=2&per_page=10')).toBe(
      true,
    );
    const box = () =>
      screen.getByRole<HTMLInputElement>('textbox', { name: 'Zoek op gebruikersnaam' });
    expect(box().value).toBe('deeg');
    fireEvent.change(box(), { target: { value: '  ' } });
    fireEvent.submit(box().closest('form')!);
    await screen.findByText('Er zijn nog geen gebruikers');
    expect(router.state.location.search).toBe('');
    expect(box().value).toBe('');
    fireEvent.change(box(), { target: { value: 'anna' } });
    fireEvent.submit(box().closest('form')!);
    await waitFor(() => expect(router.state.location.search).toBe('?search=anna'));
  });

  it('logs in as the user, shows the bar, and goes back to the own account', async () => {
    const { router, calls } = renderAt('/all-users', () => [row(5, 'Jeroen Deeg')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Inloggen als Jeroen Deeg' }));
    await screen.findByText('Ingelogd als Jeroen Deeg');
    expect(router.state.location.pathname).toBe('/');
    expect(tokens.get()).toBe('user-token');
    expect(adminTokens.get()).toBe('admin-token');
    expect(calls().find((c) => c.url === '/api/login-as-user')!.body).toEqual({
      user: 5,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Terug naar je eigen account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/all-users'));
    const logout = calls().filter((c) => c.url === '/api/auth/logout');
    expect(logout.map((c) => c.token)).toEqual(['Bearer user-token']);
    expect(tokens.get()).toBe('admin-token');
    expect(adminTokens.get()).toBeNull();
    await waitFor(() => expect(screen.queryByText('Ingelogd als Jeroen Deeg')).toBeNull());
  });

  it("logging out while acting as the user ends the admin's own session too", async () => {
    const { calls } = renderAt('/all-users', () => [row(5, 'Jeroen Deeg')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Inloggen als Jeroen Deeg' }));
    await screen.findByText('Ingelogd als Jeroen Deeg');
    fireEvent.click(screen.getByRole('button', { name: 'Uitloggen' }));
    await waitFor(() =>
      expect(
        calls()
          .filter((c) => c.url === '/api/auth/logout')
          .map((c) => c.token),
      ).toEqual(['Bearer user-token', 'Bearer admin-token']),
    );
    await waitFor(() => expect(tokens.get()).toBeNull());
    expect(adminTokens.get()).toBeNull();
  });
});
