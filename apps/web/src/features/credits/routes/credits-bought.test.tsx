import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { PaymentReturn } from '@paraaf/contract';
import { AppProvider } from '../../../app/provider';
import { tokens } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { RETURN_POLLS } from '../api/get-payment-return';
import { CreditsBoughtRoute } from './credits-bought';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const answer = (status: PaymentReturn['status'], extra: Partial<PaymentReturn> = {}) =>
  ({
    status,
    kind: 'credits',
    credits: 50,
    description: '50 credits',
    ...extra,
  }) satisfies PaymentReturn;

/** Renders CreditsBought for `?betaling=tok123`; `answers` are given in turn (the last repeats). */
function renderBought(answers: (PaymentReturn | number)[], search = '?betaling=tok123') {
  const urls: string[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>((input) => {
    const url = input as string;
    urls.push(url);
    if (url.startsWith('/api/payments/return/')) {
      const next = answers.length > 1 ? answers.shift()! : answers[0]!;
      return Promise.resolve(
        typeof next === 'number' ? json({ message: 'Niet gevonden' }, next) : json(next),
      );
    }
    return Promise.resolve(json({ message: 'Niet gevonden' }, 404));
  });
  vi.stubGlobal('fetch', fetch);
  const router = createMemoryRouter(
    [{ path: '/instellingen/credits/gekocht', element: <CreditsBoughtRoute pollMs={10} /> }],
    { initialEntries: [`/instellingen/credits/gekocht${search}`] },
  );
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { urls };
}

afterEach(() => {
  vi.unstubAllGlobals();
  tokens.set(null);
  queryClient.clear();
});

describe('CreditsBought', () => {
  it('thanks for a paid purchase and links to a new signing and back to credits', async () => {
    const { urls } = renderBought([answer('paid')]);
    expect(await screen.findByText('Bedankt! 50 credits zijn toegevoegd.')).toBeTruthy();
    expect(urls).toContain('/api/payments/return/tok123');
    expect(
      screen.getByRole('link', { name: 'Nieuwe ondertekening starten' }).getAttribute('href'),
    ).toBe('/nieuwe-ondertekening');
    expect(
      screen.getByRole('link', { name: 'Terug naar Credits & Abonnementen' }).getAttribute('href'),
    ).toBe('/instellingen/credits');
  });

  it('names a paid plan payment by its description', async () => {
    renderBought([
      answer('paid', { kind: 'first', credits: null, description: 'Abonnement Standaard' }),
    ]);
    expect(
      await screen.findByText('Bedankt! De betaling voor Abonnement Standaard is gelukt.'),
    ).toBeTruthy();
  });

  it('asks again while the payment is open and shows the outcome once it is paid', async () => {
    const { urls } = renderBought([answer('open'), answer('open'), answer('paid')]);
    expect(await screen.findByText('De betaling wordt nog verwerkt')).toBeTruthy();
    expect(await screen.findByText('Bedankt! 50 credits zijn toegevoegd.')).toBeTruthy();
    expect(urls.filter((u) => u.startsWith('/api/payments/return/'))).toHaveLength(3);
  });

  it('stops asking after a few tries and says it may take a while', async () => {
    const { urls } = renderBought([answer('pending')]);
    expect(await screen.findByText(/Dat kan een paar minuten duren/)).toBeTruthy();
    expect(urls.filter((u) => u.startsWith('/api/payments/return/'))).toHaveLength(RETURN_POLLS);
  });

  it.each([
    ['canceled', 'De betaling is geannuleerd'],
    ['failed', 'De betaling is niet gelukt'],
    ['expired', 'De betaling is verlopen'],
  ] as const)('says in Dutch that a %s payment booked nothing', async (status, text) => {
    renderBought([answer(status)]);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByText(/Er is niets afgeschreven/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terug naar Credits & Abonnementen' })).toBeTruthy();
  });

  it('an unknown or missing token is not found', async () => {
    renderBought([404]);
    expect(await screen.findByText('Deze betaling is niet gevonden.')).toBeTruthy();
  });

  it('without ?betaling= it asks nothing', async () => {
    const { urls } = renderBought([answer('paid')], '');
    expect(await screen.findByText('Deze betaling is niet gevonden.')).toBeTruthy();
    await waitFor(() => expect(urls).toHaveLength(0));
  });
});
