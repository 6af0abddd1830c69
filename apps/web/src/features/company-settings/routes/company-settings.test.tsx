import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Notifications } from '@mantine/notifications';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { companyMessages, embedMessages, messages } from '@paraaf/contract';
import { AppProvider } from '../../../app/provider';
import { tokens } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { CompanySettingsRoute } from './company-settings';

const company = {
  id: 1,
  name: 'Bedrijf BV',
  phone: '010-1234567',
  credits: 10,
  max_signers: 10,
  // The logo is the plan feature own_styling (standard and up).
  features: ['own_styling'],
  current_payment_plan: { price: { type: 'prepaid' } },
  departments: [],
  users_count: 1,
  address: {
    tnv: null,
    street: 'Kerkstraat',
    housenumber: '12',
    housenumber_addition: null,
    postal: '1234 AB',
    city: 'Utrecht',
  },
  sms_name: 'BedrijfBV',
  webhook_url: null,
  embed_origins: [],
  send_signed_documents_to_email: true,
  gdpr_retention_days: 30,
  custom_fields: [{ name: 'Dossiernummer', description: null, required: true }],
  logo_url: '/api/logos/abcdefghijklmnopqrstuvwxyz012345',
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

type Post = (body: FormData) => Response;

function renderScreen(onPost: Post, overrides: Record<string, unknown> = {}) {
  tokens.set('tok');
  const posts: FormData[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>((input, init) => {
    const url = input as string;
    if (url === '/api/company' && init?.method === 'POST') {
      posts.push(init.body as FormData);
      return Promise.resolve(onPost(init.body as FormData));
    }
    if (url === '/api/company') return Promise.resolve(json({ ...company, ...overrides }));
    return Promise.resolve(json({ message: 'Niet gevonden' }, 404));
  });
  vi.stubGlobal('fetch', fetch);
  const router = createMemoryRouter(
    [{ path: '/instellingen/bedrijf', Component: CompanySettingsRoute }],
    { initialEntries: ['/instellingen/bedrijf'] },
  );
  const view = render(
    <AppProvider>
      <Notifications />
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { posts, view };
}

const fileInput = (container: HTMLElement) =>
  container.querySelector<HTMLInputElement>('input[type="file"]')!;

afterEach(() => {
  vi.unstubAllGlobals();
  tokens.set(null);
  queryClient.clear();
});

describe('Company settings screen', () => {
  it('refuses an empty name and a too long SMS name without calling the server', async () => {
    const { posts } = renderScreen(() => json(company));
    const name = await screen.findByLabelText(/Bedrijfsnaam/);
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText(/SMS afzendernaam/), {
      target: { value: 'TwaalfTekens' },
    });
    fireEvent.change(screen.getByLabelText(/Plaats/), { target: { value: 'x'.repeat(41) } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText(messages.required)).toBeTruthy();
    expect(screen.getAllByText(messages.maxLength)).toHaveLength(2);
    expect(posts).toHaveLength(0);
  });

  it('refuses a chosen file that is not PNG or JPEG', async () => {
    const { posts, view } = renderScreen(() => json(company));
    await screen.findByLabelText(/Bedrijfsnaam/);
    fireEvent.change(fileInput(view.container), {
      target: { files: [new File(['%PDF-1.7'], 'logo.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByText(companyMessages.logoType)).toBeTruthy();
    expect(posts).toHaveLength(0);
  });

  it("puts the server's 422 errors on their fields", async () => {
    renderScreen(() =>
      json(
        {
          message: companyMessages.logoDimensions,
          errors: {
            logo: [companyMessages.logoDimensions],
            'address.postal': [messages.maxLength],
          },
        },
        422,
      ),
    );
    await screen.findByLabelText(/Bedrijfsnaam/);
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findAllByText(companyMessages.logoDimensions)).toHaveLength(2);
    expect(screen.getByText(messages.maxLength)).toBeTruthy();
  });

  it('shows the current logo, hides the webhook URL without the feature and saves a new logo', async () => {
    const { posts, view } = renderScreen(() =>
      json({ ...company, name: 'Nieuw BV', logo_url: '/api/logos/nieuw' }),
    );
    const logo = await screen.findByAltText('Huidig logo');
    expect(logo.getAttribute('src')).toBe(company.logo_url);
    expect(screen.queryByLabelText(/Webhook URL/)).toBeNull();
    expect(screen.getByDisplayValue('Dossiernummer')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/Bedrijfsnaam/), { target: { value: 'Nieuw BV' } });
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', {
      type: 'image/png',
    });
    fireEvent.change(fileInput(view.container), { target: { files: [png] } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));

    expect(await screen.findByText('Je wijzigingen zijn opgeslagen')).toBeTruthy();
    expect(screen.getByText('Gegevens opgeslagen')).toBeTruthy();
    expect(posts).toHaveLength(1);
    const body = posts[0]!;
    expect(body.get('name')).toBe('Nieuw BV');
    expect(body.get('sms_name')).toBe('BedrijfBV');
    expect(body.get('send_signed_documents_to_email')).toBe('1');
    expect(body.get('address[city]')).toBe('Utrecht');
    expect(body.get('custom_fields[0][name]')).toBe('Dossiernummer');
    expect(body.get('custom_fields[0][required]')).toBe('1');
    expect((body.get('logo') as File).name).toBe('logo.png');
    expect(body.has('webhook_url')).toBe(false);
    expect(body.has('delete_logo')).toBe(false);
  });

  it('shows and saves the retention period, and refuses 0 without calling the server', async () => {
    const { posts } = renderScreen(() => json({ ...company, gdpr_retention_days: 90 }));
    const field = await screen.findByLabelText(/Bewaartermijn \(dagen\)/);
    expect((field as HTMLInputElement).value).toBe('30');
    expect(screen.getByText(/verwijderen we de documenten en persoonsgegevens/)).toBeTruthy();

    fireEvent.change(field, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText(messages.min)).toBeTruthy();
    expect(posts).toHaveLength(0);

    fireEvent.change(field, { target: { value: '90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Je wijzigingen zijn opgeslagen')).toBeTruthy();
    expect(posts[0]!.get('gdpr_retention_days')).toBe('90');
  });

  it('sends delete_logo after the delete button, and the webhook URL with the feature', async () => {
    const { posts } = renderScreen(() => json({ ...company, logo_url: null }), {
      features: ['webhooks', 'own_styling'],
      webhook_url: 'https://voorbeeld.nl/hook',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Logo verwijderen' }));
    expect(screen.getByText('Het logo wordt verwijderd bij opslaan')).toBeTruthy();
    expect(screen.getByLabelText(/Webhook URL/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.get('delete_logo')).toBe('1');
    expect(posts[0]!.get('webhook_url')).toBe('https://voorbeeld.nl/hook');
  });

  it('hides the logo section without own_styling and sends no logo fields', async () => {
    const { posts } = renderScreen(() => json(company), { features: [], logo_url: null });
    expect(await screen.findByLabelText(/Bedrijfsnaam/)).toBeTruthy();
    expect(screen.queryByText('Logo')).toBeNull();
    expect(screen.queryByAltText('Huidig logo')).toBeNull();
    expect(document.querySelector('input[type="file"]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.has('logo')).toBe(false);
    expect(posts[0]!.has('delete_logo')).toBe(false);
  });

  it("shows the API section with the feature: sends the origins and puts an entry's error on the list", async () => {
    const { posts } = renderScreen(
      () =>
        json(
          {
            message: messages.invalidInput,
            errors: { 'embed_origins.1': [embedMessages.originHttps] },
          },
          422,
        ),
      { features: ['api'], embed_origins: ['https://app.verhuur.nl'] },
    );
    const origins = await screen.findByLabelText(/Toegestane herkomsten voor insluiten/);
    expect((origins as HTMLTextAreaElement).value).toBe('https://app.verhuur.nl');
    fireEvent.change(origins, {
      target: { value: 'https://app.verhuur.nl\nhttps://*.verhuur.nl' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.get('embed_origins')).toBe('https://app.verhuur.nl\nhttps://*.verhuur.nl');
    expect(
      await screen.findByText(`https://*.verhuur.nl: ${embedMessages.originHttps}`),
    ).toBeTruthy();
  });

  it('checks an origin before saving, and has no API section without the feature', async () => {
    const { posts } = renderScreen(() => json(company), { features: ['api'] });
    const origins = await screen.findByLabelText(/Toegestane herkomsten voor insluiten/);
    fireEvent.change(origins, { target: { value: 'http://app.verhuur.nl' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(
      await screen.findByText(`http://app.verhuur.nl: ${embedMessages.originHttps}`),
    ).toBeTruthy();
    expect(posts).toHaveLength(0);
  });

  it('sends no origins without the api feature', async () => {
    const { posts } = renderScreen(() => json(company), { features: [] });
    await screen.findByLabelText(/Bedrijfsnaam/);
    expect(screen.queryByLabelText(/Toegestane herkomsten/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.has('embed_origins')).toBe(false);
  });
});
