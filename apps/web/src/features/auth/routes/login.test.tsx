import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { permissionsFor } from '@paraaf/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '../../../app/provider';
import { tokens } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { LoginRoute } from './login';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function renderLogin(entry = '/login') {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginRoute },
      { path: '/', element: <h1>Startpagina</h1> },
      { path: '/all-users', element: <h1>Alle gebruikers</h1> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

async function submitCredentials() {
  fireEvent.change(screen.getByLabelText(/E-mailadres/), { target: { value: 'jan@example.nl' } });
  fireEvent.change(screen.getByLabelText(/^Wachtwoord/), { target: { value: 'geheim123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
  return screen.findByLabelText('Cijfer 1 van de code');
}

const session = {
  token: 'tok',
  user: { id: 1, name: 'Jan', email: 'jan@example.nl', all_permissions: [], roles: [] },
};

afterEach(() => {
  vi.unstubAllGlobals();
  tokens.set(null);
  queryClient.clear();
});

describe('Login', () => {
  it('shows five code boxes after a 202 and submits a pasted code with only its digits', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(json(202, { two_factor_hash: 'hash-1' }))
      .mockResolvedValueOnce(json(200, session));
    vi.stubGlobal('fetch', fetch);
    const router = renderLogin();

    await submitCredentials();
    for (let i = 1; i <= 5; i++)
      expect(screen.getByLabelText(`Cijfer ${i} van de code`)).toBeTruthy();
    expect(screen.queryByLabelText(/^Wachtwoord/)).toBeNull();

    fireEvent.paste(screen.getByLabelText('Cijfer 1 van de code'), {
      clipboardData: { getData: () => 'Code: 12-345' },
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const body = JSON.parse(fetch.mock.calls[1]![1]!.body as string) as Record<string, string>;
    expect(body).toEqual({
      email: 'jan@example.nl',
      password: 'geheim123',
      two_factor_hash: 'hash-1',
      two_factor_code: '12345',
    });
    expect(tokens.get()).toBe('tok');
  });

  it('clears the boxes and says the code is wrong when the code is refused', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof globalThis.fetch>()
        .mockResolvedValueOnce(json(202, { two_factor_hash: 'hash-1' }))
        .mockResolvedValueOnce(json(422, { message: 'x', errors: { two_factor_code: ['x'] } })),
    );
    renderLogin();
    await submitCredentials();
    fireEvent.paste(screen.getByLabelText('Cijfer 1 van de code'), {
      clipboardData: { getData: () => '54321' },
    });
    expect(
      await screen.findByText('De opgegeven code is onjuist, probeer het opnieuw'),
    ).toBeTruthy();
    for (let i = 1; i <= 5; i++) {
      expect(screen.getByLabelText<HTMLInputElement>(`Cijfer ${i} van de code`).value).toBe('');
    }
  });

  it('takes a platform administrator to the back office, a company user to the list', async () => {
    for (const [permissions, landing] of [
      [permissionsFor('admin', true), '/all-users'],
      [permissionsFor('admin', false), '/'],
    ] as const) {
      vi.stubGlobal(
        'fetch',
        vi
          .fn<typeof globalThis.fetch>()
          .mockResolvedValue(
            json(200, { ...session, user: { ...session.user, all_permissions: permissions } }),
          ),
      );
      const router = renderLogin();
      fireEvent.change(screen.getByLabelText(/E-mailadres/), {
        target: { value: 'jan@example.nl' },
      });
      fireEvent.change(screen.getByLabelText(/^Wachtwoord/), { target: { value: 'geheim123' } });
      fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(landing));
      cleanup();
      tokens.set(null);
      queryClient.clear();
    }
  });

  it('shows the login error and clears the password on failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof globalThis.fetch>().mockResolvedValue(json(422, { message: 'x', errors: {} })),
    );
    renderLogin();
    fireEvent.change(screen.getByLabelText(/E-mailadres/), { target: { value: 'jan@example.nl' } });
    fireEvent.change(screen.getByLabelText(/^Wachtwoord/), { target: { value: 'fout' } });
    fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(
      await screen.findByText(
        'Het inloggen is helaas niet gelukt, Controleer je gegevens en probeer het opnieuw',
      ),
    ).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/^Wachtwoord/).value).toBe('');
  });

  it('sends the browser to the identity provider of the address with single sign-on', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(
        json(422, {
          message: 'Voor dit e-mailadres is geen single sign-on ingesteld',
          errors: { email: ['Voor dit e-mailadres is geen single sign-on ingesteld'] },
        }),
      )
      .mockResolvedValueOnce(json(200, { redirect_url: 'https://idp.example/authorize?x=1' }));
    vi.stubGlobal('fetch', fetch);
    renderLogin();

    fireEvent.click(screen.getByRole('button', { name: 'Inloggen met single sign-on' }));
    expect(await screen.findByText('Vul eerst je e-mailadres in')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/E-mailadres/), { target: { value: 'jan@privé.nl' } });
    fireEvent.click(screen.getByRole('button', { name: 'Inloggen met single sign-on' }));
    expect(
      await screen.findByText('Voor dit e-mailadres is geen single sign-on ingesteld'),
    ).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/E-mailadres/), {
      target: { value: 'jan@bedrijf.nl' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Inloggen met single sign-on' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.example/authorize?x=1'));
    expect(fetch.mock.calls[1]![0] as string).toBe('/api/auth/sso?email=jan%40bedrijf.nl');
  });

  it('trades the code of the way back for a session, once', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(json(200, session));
    vi.stubGlobal('fetch', fetch);
    const router = renderLogin('/login?sso_code=eenmalig');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0] as string).toBe('/api/auth/sso/session');
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toEqual({ code: 'eenmalig' });
    expect(tokens.get()).toBe('tok');
  });

  it('says why single sign-on failed, and that the company refuses passwords', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(
      json(422, {
        message: 'Je bedrijf logt in via single sign-on: kies "Inloggen met single sign-on"',
        errors: {
          email: ['Je bedrijf logt in via single sign-on: kies "Inloggen met single sign-on"'],
        },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    renderLogin('/login?sso_fout=cap');
    expect(
      await screen.findByText(
        'Je bedrijf heeft het maximum aantal gebruikers van zijn abonnement bereikt',
      ),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/E-mailadres/), { target: { value: 'jan@bedrijf.nl' } });
    fireEvent.change(screen.getByLabelText(/^Wachtwoord/), { target: { value: 'geheim123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(
      await screen.findByText(
        'Je bedrijf logt in via single sign-on: kies "Inloggen met single sign-on"',
      ),
    ).toBeTruthy();
  });
});
