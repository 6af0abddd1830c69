import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Invoice } from '@paraaf/contract';
import { InvoicesRoute } from './invoices';
import {
  companyUserWithRole,
  json,
  listPage,
  renderRoutes,
  screenRoutes,
  resetApp,
  stubApi,
} from '../../../test/app-harness';

const invoice = (id: number, values: Partial<Invoice> = {}): Invoice => ({
  id,
  invoice_no: `2026-${String(id).padStart(5, '0')}`,
  invoice_date: '2026-11-03',
  debtor_name: 'Bedrijf BV',
  debtor_no: 7,
  state: 'paid',
  type: 'automatic',
  invoice_lines: [{ id, description: 'Credits', value: 1, amount: 1000 }],
  total_excl: 1000,
  vat: 210,
  total_incl: 1210,
  company: { id: 1, name: 'Bedrijf BV' },
  ...values,
});

afterEach(resetApp);

function renderAt(url: string, role: 'admin' | 'user', pages: Record<number, Invoice[]>) {
  const fetch = stubApi({
    user: companyUserWithRole(role),
    answer: (url) => {
      if (!url.startsWith('/api/invoices?')) return undefined;
      const page = Number(new URL(url, 'http://x').searchParams.get('page'));
      return json(
        listPage(pages[page] ?? [], {
          total: Object.values(pages).flat().length,
          current_page: page,
          last_page: Math.max(1, Object.keys(pages).length),
        }),
      );
    },
  });
  const router = renderRoutes(
    screenRoutes({
      path: '/instellingen/facturen',
      permission: 'getInvoices',
      Component: InvoicesRoute,
      home: 'Ondertekeningen',
    }),
    url,
    { token: 'sessie-token' },
  );
  return { fetch, router };
}

describe('Facturen', () => {
  it('lists number, date, state, total incl. VAT and a download link per invoice', async () => {
    const { fetch } = renderAt('/instellingen/facturen', 'admin', {
      1: [
        invoice(12, { state: 'open', total_incl: 1234.5 }),
        invoice(11, { invoice_date: '2026-10-31' }),
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Facturen' })).toBeTruthy();
    const rows = await screen.findAllByTestId('invoice-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('2026-00012')).toBeTruthy();
    expect(within(rows[0]!).getByText('03-11-2026')).toBeTruthy();
    expect(within(rows[0]!).getByText('Open')).toBeTruthy();
    expect(within(rows[0]!).getByText('€ 1.234,50')).toBeTruthy();
    expect(within(rows[1]!).getByText('Betaald')).toBeTruthy();
    expect(within(rows[1]!).getByText('31-10-2026')).toBeTruthy();
    const link = within(rows[0]!).getByRole('link', { name: 'Factuur 2026-00012 downloaden' });
    expect(link.getAttribute('href')).toBe('/api/invoices/12/download?token=sessie-token');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(
      fetch.mock.calls.some(([u]) => (u as string).includes('page=1&order=id%2Cdesc&limit=10')),
    ).toBe(true);
  });

  it('says so when there are no invoices', async () => {
    renderAt('/instellingen/facturen', 'admin', {});
    expect(await screen.findByText('Er zijn nog geen facturen')).toBeTruthy();
    expect(screen.queryAllByTestId('invoice-row')).toHaveLength(0);
  });

  it('pages through the list and keeps the page in the query string', async () => {
    const first = Array.from({ length: 10 }, (_, i) => invoice(20 - i));
    const { fetch, router } = renderAt('/instellingen/facturen', 'admin', {
      1: first,
      2: [invoice(10)],
    });
    await screen.findByText('2026-00020');
    fireEvent.click(screen.getByRole('button', { name: 'Pagina 2' }));
    expect(await screen.findByText('2026-00010')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
    expect(fetch.mock.calls.some(([u]) => (u as string).includes('page=2'))).toBe(true);
  });

  it('opens on the page in the query string', async () => {
    renderAt('/instellingen/facturen?page=2', 'admin', {
      1: [invoice(2)],
      2: [invoice(1)],
    });
    expect(await screen.findByText('2026-00001')).toBeTruthy();
    expect(screen.queryByText('2026-00002')).toBeNull();
  });

  it('sends a user without getInvoices home', async () => {
    const { router } = renderAt('/instellingen/facturen', 'user', { 1: [invoice(1)] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
