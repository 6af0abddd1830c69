import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages, type ApiKeyDto } from '@paraaf/contract';
import { ApiKeysRoute } from './api-keys';
import {
  apiCalls,
  companyUserWithRole,
  json,
  listPage,
  renderRoutes,
  resetApp,
  screenRoutes,
  stubApi,
} from '../../../test/app-harness';

const apiKey = (id: number, values: Partial<ApiKeyDto> = {}): ApiKeyDto => ({
  id,
  name: `Koppeling ${id}`,
  description: 'Het CRM',
  prefix: `pk_abcd${id}xyz`,
  created_at: '2026-11-03T09:15:00.000Z',
  last_used_at: null,
  created_by: { id: 1, name: 'Karin' },
  ...values,
});

afterEach(resetApp);

function renderAt(role: 'admin' | 'user', keys: ApiKeyDto[]) {
  let list = keys;
  const fetch = stubApi({
    user: companyUserWithRole(role),
    answer: (url, init) => {
      const method = init?.method ?? 'GET';
      if (url.startsWith('/api/access-tokens?')) return json(listPage(list));
      if (url === '/api/access-tokens' && method === 'POST') {
        const body = JSON.parse(init!.body as string) as { name: string };
        if (body.name === 'Bestaat') {
          return json(
            { message: messages.invalidInput, errors: { name: ['Deze naam is al bezet'] } },
            422,
          );
        }
        const created = apiKey(9, { name: body.name, prefix: 'pk_NIEUW123' });
        list = [created, ...list];
        return json({ ...created, token: 'pk_NIEUW123geheim' }, 201);
      }
      const revoke = /^\/api\/access-tokens\/(\d+)$/.exec(url);
      if (revoke && method === 'DELETE') {
        list = list.filter((k) => k.id !== Number(revoke[1]));
        return new Response(null, { status: 204 });
      }
      return undefined;
    },
  });
  const router = renderRoutes(
    screenRoutes({
      path: '/instellingen/api',
      permission: 'getAccessTokens',
      Component: ApiKeysRoute,
      home: 'Ondertekeningen',
    }),
    '/instellingen/api',
    { notifications: true },
  );
  return { fetch, router };
}

describe('API sleutels', () => {
  it('lists name, description, prefix, created and last used, ten a page', async () => {
    const { fetch } = renderAt('admin', [
      apiKey(2, { last_used_at: '2026-11-04T10:00:00.000Z' }),
      apiKey(1),
    ]);
    expect(await screen.findByRole('heading', { name: 'API sleutels' })).toBeTruthy();
    const rows = await screen.findAllByTestId('api-key-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Koppeling 2')).toBeTruthy();
    expect(within(rows[0]!).getByText('Het CRM')).toBeTruthy();
    expect(within(rows[0]!).getByText('pk_abcd2xyz…')).toBeTruthy();
    expect(within(rows[0]!).getByText('03-11-2026 10:15')).toBeTruthy();
    expect(within(rows[0]!).getByText('04-11-2026 11:00')).toBeTruthy();
    expect(within(rows[1]!).getByText('Nog niet gebruikt')).toBeTruthy();
    expect(
      fetch.mock.calls.some(([u]) => (u as string).includes('page=1&order=id%2Cdesc&limit=10')),
    ).toBe(true);
  });

  it('says so when there are no keys', async () => {
    renderAt('admin', []);
    expect(await screen.findByText('Er zijn nog geen API-sleutels')).toBeTruthy();
  });

  it('creates a key and shows its secret once, with a warning and a copy button', async () => {
    const { fetch } = renderAt('admin', []);
    fireEvent.click(await screen.findByRole('button', { name: 'Nieuwe API-sleutel' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aanmaken' }));
    expect(await within(dialog).findByText(messages.required)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Naam/), { target: { value: 'Bestaat' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aanmaken' }));
    expect(await within(dialog).findByText('Deze naam is al bezet')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Naam/), { target: { value: 'HR' } });
    fireEvent.change(within(dialog).getByLabelText('Omschrijving'), {
      target: { value: 'Het HR-systeem' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aanmaken' }));
    const secret = await screen.findByTestId('api-key-secret');
    expect((secret as HTMLInputElement).value).toBe('pk_NIEUW123geheim');
    expect(screen.getByText(/niet meer getoond/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kopiëren' })).toBeTruthy();
    const posted = apiCalls(fetch).filter((c) => c.method === 'POST');
    expect(posted.at(-1)!.body).toEqual({ name: 'HR', description: 'Het HR-systeem' });
    fireEvent.click(screen.getByRole('button', { name: 'Klaar' }));
    await waitFor(() => expect(screen.queryByTestId('api-key-secret')).toBeNull());
    expect(await screen.findByText('pk_NIEUW123…')).toBeTruthy();
  });

  it('revokes a key only after confirmation', async () => {
    const { fetch } = renderAt('admin', [apiKey(3)]);
    fireEvent.click(
      await screen.findByRole('button', { name: 'API-sleutel Koppeling 3 intrekken' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Weet je zeker/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(apiCalls(fetch).some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'API-sleutel Koppeling 3 intrekken' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Intrekken' }),
    );
    expect(await screen.findByText('Er zijn nog geen API-sleutels')).toBeTruthy();
    expect(
      apiCalls(fetch)
        .filter((c) => c.method === 'DELETE')
        .map((c) => c.url),
    ).toEqual(['/api/access-tokens/3']);
  });

  it('sends a user without getAccessTokens home', async () => {
    const { router } = renderAt('user', [apiKey(1)]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
