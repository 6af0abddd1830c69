import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type WebhookRequest } from '@paraaf/contract';
import { WebhooksRoute } from './webhooks';
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

const message = (id: number, values: Partial<WebhookRequest> = {}): WebhookRequest => ({
  id,
  message_id: `msg_${id}`,
  url: 'https://crm.voorbeeld.nl/hook',
  event: 'sign_request.sent',
  sign_request_id: 5,
  attempts: 1,
  status_code: 200,
  created_at: '2026-11-24T09:00:00Z',
  next_attempt_at: null,
  succeeded_at: '2026-11-24T09:00:01Z',
  failed_at: null,
  responses: [
    { status_code: 200, message: 'ok', duration_ms: 12, created_at: '2026-11-24T09:00:01Z' },
  ],
  ...values,
});

afterEach(resetApp);

function renderAt(role: 'admin' | 'user', list: WebhookRequest[]) {
  let secret = 'whsec_eerstegeheim';
  const fetch = stubApi({
    user: companyUserWithRole(role),
    answer: (url, init) => {
      if (url.startsWith('/api/webhook-requests?')) return json(listPage(list));
      const resend = /^\/api\/webhook-requests\/(\d+)\/resend$/.exec(url);
      if (resend && init?.method === 'POST') return json({ id: Number(resend[1]) });
      if (url === '/api/webhooks/secret') return json({ secret });
      if (url === '/api/webhooks/secret/rotate' && init?.method === 'POST') {
        secret = 'whsec_nieuwgeheim';
        return json({ secret });
      }
      return undefined;
    },
  });
  const router = renderRoutes(
    screenRoutes({
      path: '/instellingen/webhooks',
      permission: 'getWebhooks',
      Component: WebhooksRoute,
      home: 'Ondertekeningen',
    }),
    '/instellingen/webhooks',
    { token: 'sessie-token', notifications: true },
  );
  return { fetch, router };
}

describe('Webhook berichten', () => {
  it('says where the URL is set: a link to Bedrijfsinstellingen for an admin', async () => {
    renderAt('admin', []);
    const link = await screen.findByRole('link', { name: 'Bedrijfsinstellingen' });
    expect(link.getAttribute('href')).toBe('/instellingen/bedrijf');
    expect(screen.getByTestId('webhook-url-where').textContent).toBe(
      'De berichten gaan naar de Webhook URL die je instelt in Bedrijfsinstellingen.',
    );
  });

  it('lists the messages with a badge per the seed rule: 2xx/3xx green, 4xx yellow, 5xx or none red', async () => {
    const { fetch } = renderAt('admin', [
      message(4, { status_code: 200 }),
      message(3, { status_code: 302, succeeded_at: null, next_attempt_at: '2026-11-24T09:05:00Z' }),
      message(2, {
        status_code: 404,
        succeeded_at: null,
        failed_at: '2026-11-25T09:00:00Z',
        attempts: 8,
      }),
      message(1, {
        status_code: null,
        succeeded_at: null,
        next_attempt_at: '2026-11-24T09:00:05Z',
      }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Webhook berichten' })).toBeTruthy();
    const rows = await screen.findAllByTestId('webhook-row');
    const badges = rows.map((r) => within(r).getByTestId('webhook-badge'));
    expect(badges.map((b) => b.getAttribute('data-badge'))).toEqual([
      'success',
      'success',
      'warning',
      'error',
    ]);
    expect(badges.map((b) => b.textContent)).toEqual(['200', '302', '404', 'Geen antwoord']);
    expect(within(rows[2]!).getByText('8')).toBeTruthy();
    expect(within(rows[2]!).getByText(/^Mislukt 25-11-2026/)).toBeTruthy();
    expect(within(rows[0]!).getByText(/^Afgeleverd 24-11-2026/)).toBeTruthy();
    expect(within(rows[3]!).getByText(/^Volgende poging/)).toBeTruthy();
    expect(within(rows[0]!).getByText('https://crm.voorbeeld.nl/hook')).toBeTruthy();
    expect(
      apiCalls(fetch).some((c) =>
        c.url.includes('/api/webhook-requests?page=1&order=id%2Cdesc&limit=10'),
      ),
    ).toBe(true);
  });

  it('shows the responses per attempt in a modal', async () => {
    renderAt('admin', [
      message(7, {
        attempts: 2,
        responses: [
          {
            status_code: 500,
            message: 'Interne fout',
            duration_ms: 30,
            created_at: '2026-11-24T09:00:00Z',
          },
          { status_code: 200, message: 'ok', duration_ms: 12, created_at: '2026-11-24T09:00:05Z' },
        ],
      }),
    ]);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Antwoorden van bericht 7 bekijken' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Antwoorden op bericht 7' });
    const responses = within(dialog).getAllByTestId('webhook-response');
    expect(responses).toHaveLength(2);
    expect(within(responses[0]!).getByText('Poging 1')).toBeTruthy();
    expect(within(responses[0]!).getByText('Interne fout')).toBeTruthy();
    expect(within(responses[0]!).getByTestId('webhook-badge').getAttribute('data-badge')).toBe(
      'error',
    );
    expect(within(responses[1]!).getByText('ok')).toBeTruthy();
  });

  it('resends a message', async () => {
    const { fetch } = renderAt('admin', [message(9)]);
    fireEvent.click(await screen.findByRole('button', { name: 'Bericht 9 opnieuw versturen' }));
    expect(await screen.findByText('Het bericht wordt opnieuw verstuurd')).toBeTruthy();
    expect(
      apiCalls(fetch).some(
        (c) => c.url === '/api/webhook-requests/9/resend' && c.method === 'POST',
      ),
    ).toBe(true);
  });

  it('hides the secret until Toon, and renews it after a confirmation', async () => {
    const { fetch } = renderAt('admin', []);
    expect(await screen.findByText('Er zijn nog geen webhook berichten')).toBeTruthy();
    expect(screen.getByTestId('webhook-secret').textContent).not.toContain('eerstegeheim');
    expect(apiCalls(fetch).some((c) => c.url === '/api/webhooks/secret')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Toon' }));
    await waitFor(() =>
      expect(screen.getByTestId('webhook-secret').textContent).toBe('whsec_eerstegeheim'),
    );
    expect(screen.getByRole('button', { name: 'Kopieer' })).toBeTruthy();
    expect(screen.getByText(/Standard Webhooks/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Vernieuwen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vernieuwen' });
    expect(apiCalls(fetch).some((c) => c.url.endsWith('/rotate'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Vernieuwen' }));
    await waitFor(() =>
      expect(screen.getByTestId('webhook-secret').textContent).toBe('whsec_nieuwgeheim'),
    );
    expect(apiCalls(fetch).filter((c) => c.url.endsWith('/rotate'))).toHaveLength(1);
  });

  it('sends a user without getWebhooks home', async () => {
    const { router } = renderAt('user', [message(1)]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
