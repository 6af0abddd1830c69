import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { UsersRoute } from './users';
import {
  companyAdmin,
  json,
  listPage,
  renderRoutes,
  screenRoutes,
  resetApp,
  sessionCompany,
  stubApi,
} from '../../../test/app-harness';

const me = companyAdmin();
const other = { ...me, id: 2, name: 'Gijs Gebruiker', email: 'gijs@bedrijf.nl', is_active: false };
other.roles = [{ name: 'viewer' }];
const company = sessionCompany({
  features: ['users'],
  users_count: 2,
  current_payment_plan: { price: { type: 'month', users: 10 } },
});

afterEach(resetApp);

describe('Users screen', () => {
  it('loads the session, shows the shell and lists company users', async () => {
    const fetch = stubApi({
      user: me,
      company,
      answer: (url) => (url.startsWith('/api/users?') ? json(listPage([me, other])) : undefined),
    });
    renderRoutes(
      screenRoutes({
        path: '/instellingen/gebruikers',
        permission: 'getUsers',
        Component: UsersRoute,
        layout: true,
      }),
      '/instellingen/gebruikers',
    );

    expect(await screen.findByRole('heading', { name: 'Gebruikers' })).toBeTruthy();
    expect(await screen.findByText('Gijs Gebruiker')).toBeTruthy();
    // The user's menus arrive in their own chunk (not on the login page).
    expect(await screen.findByText('Credits: 10')).toBeTruthy();
    // One page: no page buttons, the count beneath the list still.
    expect(screen.getByText('2 gebruikers')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Paginering' })).toBeNull();
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
    stubApi({
      user: me,
      company: { ...company, ...companyOverrides },
      answer: (url) => (url.startsWith('/api/users?') ? json(listPage([me])) : undefined),
    });
    renderRoutes(
      screenRoutes({
        path: '/instellingen/gebruikers',
        permission: 'getUsers',
        Component: UsersRoute,
      }),
      '/instellingen/gebruikers',
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
