import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { permissionsFor, type AdminInvoice, type Permission } from '@paraaf/contract';
import { queryClient } from '../../../lib/query-client';
import {
  json,
  listPage,
  platformAdmin,
  renderRoutes,
  screenRoutes,
  resetApp,
  sessionCompany,
  stubApi,
} from '../../../test/app-harness';
import { AllInvoicesRoute } from './all-invoices';

const card = (id: number, values: Partial<AdminInvoice> = {}): AdminInvoice => ({
  id,
  invoice_no: `2026-${String(id).padStart(5, '0')}`,
  invoice_date: '2026-11-03',
  debtor_name: 'Bakkerij Brood',
  debtor_no: 42,
  state: 'open',
  type: 'manual',
  invoice_lines: [
    { id: id * 10, description: 'Credits', value: 0.8, amount: 150 },
    { id: id * 10 + 1, description: 'SMS-verificaties', value: 0.25, amount: 4 },
  ],
  total_excl: 121,
  vat: 25.41,
  total_incl: 146.41,
  company: { id: 9, name: 'Bakkerij Brood' },
  first_user: { name: 'Bert Bakker', email: 'bert@brood.nl' },
  ...values,
});

afterEach(() => {
  resetApp();
  vi.restoreAllMocks();
});

function renderAt(
  url: string,
  options: {
    permissions?: Permission[];
    list?: (query: URLSearchParams) => AdminInvoice[];
    update?: (id: number, body: { state: string }) => Response;
  } = {},
) {
  const fetch = stubApi({
    user: platformAdmin({ all_permissions: options.permissions ?? permissionsFor('admin', true) }),
    company: sessionCompany({ name: 'Paraaf', credits: 0 }),
    answer: (url, init) => {
      if (url.startsWith('/api/all-invoices?')) {
        const query = new URL(url, 'http://x').searchParams;
        const data = options.list
          ? options.list(query)
          : [card(2), card(1, { type: 'automatic', state: 'paid' })];
        return json(listPage(data, { last_page: 3 }));
      }
      const edit = /^\/api\/all-invoices\/(\d+)$/.exec(url);
      if (edit && init?.method === 'POST') {
        const body = JSON.parse(init.body as string) as { state: string };
        return options.update
          ? options.update(Number(edit[1]), body)
          : json(card(Number(edit[1]), body as Partial<AdminInvoice>));
      }
      return undefined;
    },
  });
  const router = renderRoutes(
    screenRoutes({
      path: '/all-invoices',
      permission: 'adminGetInvoices',
      Component: AllInvoicesRoute,
      home: 'Start',
    }),
    url,
    { token: 'beheer-token', notifications: true },
  );
  const listCalls = () =>
    fetch.mock.calls
      .map(([u]) => u as string)
      .filter((u) => u.startsWith('/api/all-invoices?'))
      .map((u) => new URL(u, 'http://x').searchParams);
  return { fetch, router, listCalls };
}

describe('Alle facturen', () => {
  it('shows a card per invoice with debtor, first user, lines and a download link', async () => {
    renderAt('/all-invoices');
    const cards = await screen.findAllByTestId('invoice-card');
    expect(cards).toHaveLength(2);
    const first = cards[0]!;
    expect(within(first).getByText('2026-00002')).toBeTruthy();
    expect(within(first).getByText('Open')).toBeTruthy();
    expect(within(first).getByText(/03-11-2026 · Bakkerij Brood · debiteur 42/)).toBeTruthy();
    expect(within(first).getByText(/Bert Bakker · bert@brood\.nl/)).toBeTruthy();
    expect(within(first).getByText('Credits: € 0,80 × 150')).toBeTruthy();
    expect(within(first).getByText('SMS-verificaties: € 0,25 × 4')).toBeTruthy();
    const link = within(first).getByRole('link', { name: 'Factuur 2026-00002 downloaden' });
    expect(link.getAttribute('href')).toBe('/api/all-invoices/2/download?token=beheer-token');
    // Only a manual invoice can be edited.
    expect(within(first).getByRole('button', { name: 'Factuur 2026-00002 bewerken' })).toBeTruthy();
    expect(within(cards[1]!).queryByRole('button', { name: /bewerken/ })).toBeNull();
    expect(within(cards[1]!).getByText('Betaald')).toBeTruthy();
  });

  it('sends search and filters to the API and keeps them in the query string', async () => {
    const { router, listCalls } = renderAt('/all-invoices');
    await screen.findAllByTestId('invoice-card');
    /** Waits until the screen has fetched the list for this query string (it rendered it). */
    const shown = async (search: string) => {
      await waitFor(() => expect(router.state.location.search).toBe(search));
      await waitFor(() => {
        const last = listCalls().at(-1)!;
        const expected = new URLSearchParams(search);
        expect(last.get('search')).toBe(expected.get('search'));
        expect(last.get('page') ?? '1').toBe(expected.get('page') ?? '1');
        const filters = JSON.parse(last.get('filters') ?? '[]') as { field: string; eq: string }[];
        expect(filters.find((f) => f.field === 'state')?.eq ?? null).toBe(expected.get('state'));
        expect(filters.find((f) => f.field === 'type')?.eq ?? null).toBe(expected.get('type'));
      });
    };
    fireEvent.change(
      screen.getByRole('textbox', { name: 'Zoek op debiteurnummer of debiteurnaam' }),
      { target: { value: 'Brood' } },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Zoeken' }));
    await shown('?search=Brood');
    fireEvent.click(screen.getByRole('radio', { name: 'Betaald' }));
    await shown('?search=Brood&state=paid');
    fireEvent.click(screen.getByRole('radio', { name: 'Handmatig' }));
    await shown('?search=Brood&state=paid&type=manual');
    fireEvent.click(screen.getByRole('button', { name: 'Pagina 2' }));
    await shown('?search=Brood&state=paid&type=manual&page=2');
    const last = listCalls().at(-1)!;
    expect(JSON.parse(last.get('filters')!)).toEqual([
      { field: 'state', eq: 'paid' },
      { field: 'type', eq: 'manual' },
    ]);
    expect(last.get('order')).toBe('id,desc');
    expect(last.get('limit')).toBe('10');
    // A new filter starts again at page 1.
    fireEvent.click(screen.getAllByRole('radio', { name: 'Alle' })[0]!);
    await shown('?search=Brood&type=manual');
  });

  it('restores search, filters and page from the query string', async () => {
    const { listCalls } = renderAt('/all-invoices?search=42&state=open&type=automatic&page=3');
    await screen.findAllByTestId('invoice-card');
    expect(
      screen.getByRole<HTMLInputElement>('textbox', {
        name: 'Zoek op debiteurnummer of debiteurnaam',
      }).value,
    ).toBe('42');
    const first = listCalls()[0]!;
    expect(first.get('search')).toBe('42');
    expect(first.get('page')).toBe('3');
    expect(JSON.parse(first.get('filters')!)).toEqual([
      { field: 'state', eq: 'open' },
      { field: 'type', eq: 'automatic' },
    ]);
  });

  it('says so when there are no invoices', async () => {
    renderAt('/all-invoices', { list: () => [] });
    expect(await screen.findByText('Er zijn nog geen facturen')).toBeTruthy();
  });

  it('edits the state of a manual invoice and says "Factuur bewerkt"', async () => {
    const show = vi.spyOn(notifications, 'show');
    const updates: [number, unknown][] = [];
    renderAt('/all-invoices', {
      update: (id, body) => {
        updates.push([id, body]);
        return json(card(id, { state: 'paid' }));
      },
    });
    const [first] = await screen.findAllByTestId('invoice-card');
    fireEvent.click(within(first!).getByRole('button', { name: 'Factuur 2026-00002 bewerken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Factuur 2026-00002 bewerken' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Betaald' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Factuur bewerkt')).toBeTruthy();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ autoClose: 10_000 }));
    expect(updates).toEqual([[2, { state: 'paid' }]]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a failed edit as a browser alert', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderAt('/all-invoices', {
      update: () =>
        json(
          { message: 'Alleen een handmatige factuur kan van status veranderen', errors: {} },
          422,
        ),
    });
    const [first] = await screen.findAllByTestId('invoice-card');
    fireEvent.click(within(first!).getByRole('button', { name: 'Factuur 2026-00002 bewerken' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Alleen een handmatige factuur kan van status veranderen'),
    );
  });

  it('shows no edit button without adminUpdateInvoice and sends others home', async () => {
    const without = permissionsFor('admin', true).filter((p) => p !== 'adminUpdateInvoice');
    renderAt('/all-invoices', { permissions: without });
    const [first] = await screen.findAllByTestId('invoice-card');
    expect(within(first!).queryByRole('button', { name: /bewerken/ })).toBeNull();
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('sends a company admin home', async () => {
    const { router } = renderAt('/all-invoices', { permissions: permissionsFor('admin', false) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
