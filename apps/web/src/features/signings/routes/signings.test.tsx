import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { permissionsFor, type Permission, type SignRequestListItem } from '@paraaf/contract';
import { AppProvider } from '../../../app/provider';
import { requireAuth } from '../../../app/guards';
import { tokens } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { BANNER_DISMISSED_KEY } from '../lib/credits';
import { SigningsRoute } from './signings';

const user = (permissions: Permission[]) => ({
  id: 1,
  name: 'Anna Admin',
  email: 'anna@bedrijf.nl',
  roles: [{ name: 'admin' }],
  all_permissions: permissions,
  company: { id: 1, name: 'Bedrijf BV' },
});
const company = (credits: number) => ({
  id: 1,
  name: 'Bedrijf BV',
  credits,
  features: [],
  current_payment_plan: {
    id: 1,
    price: { type: 'prepaid', sms_credits_price: 1, idin_credits_price: 1 },
  },
});
const row: SignRequestListItem = {
  id: 42,
  subject: 'Koopakte Dorpsstraat 1',
  created_at: '2025-03-04T09:05:00Z',
  state_id: 3,
  state: { id: 3, label: 'Bezig' },
  signers: [{ id: 1, firstname: 'Sanne', lastname: 'Jansen', role: 'signer', delegated: false }],
  signables: [{ id: 1, name: 'Koopakte' }],
  viewer_user: { id: 7, name: 'Ineke Inzage' },
  custom_field_values: [{ name: 'Dossier', value: 'D-12' }],
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function setup(url: string, me: ReturnType<typeof user>, credits = 10, data = [row]) {
  tokens.set('tok');
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof globalThis.fetch>((input) => {
      const path = input as string;
      if (path === '/api/user') return Promise.resolve(json(me));
      if (path === '/api/company') return Promise.resolve(json(company(credits)));
      if (path === '/api/locales') return Promise.resolve(json({ data: [] }));
      if (path.startsWith('/api/sign-requests')) {
        calls.push(new URL(path, 'http://x'));
        return Promise.resolve(
          json({ data, total: data.length, per_page: 10, current_page: 1, last_page: 1 }),
        );
      }
      return Promise.resolve(json({ message: 'Niet gevonden' }, 404));
    }),
  );
  const router = createMemoryRouter(
    [{ path: '/', loader: requireAuth(), Component: SigningsRoute }],
    { initialEntries: [url] },
  );
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { calls, router };
}

afterEach(() => {
  vi.unstubAllGlobals();
  tokens.set(null);
  queryClient.clear();
  window.sessionStorage.clear();
});

describe('Signings list', () => {
  it('shows under the status which step acts and who is awaited', async () => {
    setup('/', user(permissionsFor('admin', false)), 10, [
      {
        ...row,
        turn: {
          step: 2,
          steps: 3,
          waiting_on: [
            { id: 2, firstname: 'Bert', lastname: 'Bos' },
            { id: 3, firstname: 'Carla', lastname: 'Cox' },
          ],
        },
      },
      { ...row, id: 43, turn: { step: 1, steps: 1, waiting_on: [row.signers[0]!] } },
    ]);
    const table = within(await screen.findByRole('table'));
    expect(table.getByText('Stap 2 van 3: wacht op Bert Bos, Carla Cox')).toBeTruthy();
    expect(table.getByText('Wacht op Sanne Jansen')).toBeTruthy();
  });

  it('restores the filters from the URL and sends them as the filters JSON', async () => {
    const { calls } = setup(
      '/?signers=Jansen&states=3,5&page=2',
      user(permissionsFor('admin', false)),
    );
    expect(await screen.findByText('Sanne Jansen')).toBeTruthy();
    expect(screen.getByLabelText('Ondertekenaars')).toHaveProperty('value', 'Jansen');
    const query = calls[0]!.searchParams;
    expect(query.get('page')).toBe('2');
    expect(query.get('order')).toBe('id,desc');
    expect(query.get('limit')).toBe('10');
    expect(JSON.parse(query.get('filters')!)).toEqual([
      { field: 'signers', operator: 'like', value: 'Jansen' },
      { field: 'state_id', operator: 'in', value: [3, 5] },
    ]);
    // The row: id, date, state, signer, document, viewer, custom field.
    // Amsterdam's clock (CET in March), whatever the zone the tests run in.
    expect(screen.getByText('04-03-2025 10:05')).toBeTruthy();
    const table = within(screen.getByRole('table'));
    expect(table.getByText('Koopakte Dorpsstraat 1')).toBeTruthy();
    expect(table.getByText('Bezig')).toBeTruthy();
    expect(table.getByText('Koopakte')).toBeTruthy();
    expect(screen.getByText('Ineke Inzage')).toBeTruthy();
    expect(screen.getByText('D-12')).toBeTruthy();
  });

  it('gives a phone a card per request with subject, signers and status', async () => {
    setup('/', user(permissionsFor('admin', false)));
    const cards = within(await screen.findByTestId('sign-request-cards'));
    expect(cards.getByRole('link', { name: 'Koopakte Dorpsstraat 1' })).toHaveProperty(
      'href',
      expect.stringContaining('/ondertekening/42'),
    );
    expect(cards.getByText('Ondertekenaars: Sanne Jansen')).toBeTruthy();
    expect(cards.getByText('Bezig')).toBeTruthy();
  });

  it('hides status filter, badge and viewer column without their permissions', async () => {
    const { calls } = setup('/?states=3', user(['getMySignRequests', 'getMySignRequest']));
    expect(await screen.findByText('Sanne Jansen')).toBeTruthy();
    expect(screen.queryByText('Bezig')).toBeNull();
    expect(screen.queryByText('Ineke Inzage')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();
    expect(calls[0]!.searchParams.get('filters')).toBeNull();
  });

  it('debounces the signer search before it reaches the URL and the API', async () => {
    const { calls, router } = setup('/', user(permissionsFor('admin', false)));
    await screen.findByText('Sanne Jansen');
    fireEvent.change(screen.getByLabelText('Ondertekenaars'), { target: { value: 'San' } });
    await new Promise((r) => setTimeout(r, 200));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(router.state.location.search).toBe('?signers=San'), {
      timeout: 2000,
    });
    await waitFor(() =>
      expect(calls.at(-1)!.searchParams.get('filters')).toBe(
        JSON.stringify([{ field: 'signers', operator: 'like', value: 'San' }]),
      ),
    );
  });

  it('offers the documents filter as a search on subject or document', async () => {
    const { calls } = setup('/', user(permissionsFor('admin', false)));
    await screen.findByText('Sanne Jansen');
    const search = screen.getByPlaceholderText('Zoek op onderwerp of document');
    expect(search).toBe(screen.getByLabelText('Documenten'));
    fireEvent.change(search, { target: { value: 'Dorpsstraat' } });
    await waitFor(
      () =>
        expect(calls.at(-1)!.searchParams.get('filters')).toBe(
          JSON.stringify([{ field: 'signables', operator: 'like', value: 'Dorpsstraat' }]),
        ),
      { timeout: 3000 },
    );
  });

  it('shows the empty state with a start button, and the closable low-credit banner', async () => {
    setup('/', user(permissionsFor('admin', false)), 3, []);
    expect(await screen.findByText('Je hebt nog geen ondertekeningen.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nieuwe ondertekening' })).toBeTruthy();
    expect(screen.getByText('Je hebt bijna geen credits meer')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sluiten' }));
    expect(screen.queryByText('Je hebt bijna geen credits meer')).toBeNull();
    expect(window.sessionStorage.getItem(BANNER_DISMISSED_KEY)).toBe('1');
  });
});
