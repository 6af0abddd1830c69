import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { notifications } from '@mantine/notifications';
import {
  permissionsFor,
  signingMessages,
  type DetectedMarker,
  type MarkerConfig,
  type Role,
  type TemplateDto,
} from '@paraaf/contract';
import { AppProvider } from '../../../app/provider';
import { AppLayout } from '../../../app/layouts/app-layout';
import { requireAuth } from '../../../app/guards';
import { tokens } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { TemplatesRoute } from './templates';

interface EditorStubProps {
  opened: boolean;
  pdf: Blob | null;
  signers: { position: number; label: string }[];
  value: MarkerConfig;
  header?: React.ReactNode;
  saveLabel?: string;
  onSave(config: MarkerConfig, suggestions: DetectedMarker[]): void;
  onClose(): void;
}

// The real editor renders pages with pdf.js; here a stub shows what the screen hands it.
vi.mock('../../../components/marker-editor', () => ({
  MarkerEditorModal: (props: EditorStubProps) =>
    props.opened ? (
      <div role="dialog" aria-label="Formuliermarkers instellen">
        {props.header}
        <p>{props.signers.map((s) => s.label).join(', ')}</p>
        <p>{props.pdf ? `pdf ${props.pdf.size}` : 'geen pdf'}</p>
        <p>{`markers ${props.value.variables.length}`}</p>
        <button type="button" onClick={() => props.onSave(props.value, [])}>
          {props.saveLabel ?? 'Opslaan'}
        </button>
        <button type="button" onClick={() => props.onClose()}>
          Sluiten editor
        </button>
      </div>
    ) : null,
  encodeMarkerForm: (form: FormData, config: MarkerConfig) => {
    config.variables.forEach((v, i) => form.append(`variables[${i}][type]`, v.type));
  },
  encodeRejectedSuggestions: () => undefined,
}));

const me = (role: Role) => ({
  id: 1,
  name: 'Gijs Gebruiker',
  email: 'gijs@bedrijf.nl',
  roles: [{ name: role }],
  all_permissions: permissionsFor(role, false),
  is_active: true,
  two_factor_auth: false,
  created_at: '2025-03-04T08:05:00Z',
  company: { id: 1, name: 'Bedrijf BV' },
});

const company = (features: string[] = ['templates'], wordConversion = true) => ({
  id: 1,
  name: 'Bedrijf BV',
  credits: 10,
  features,
  current_payment_plan: { price: { type: 'prepaid' } },
  word_conversion: wordConversion,
});

const marker = {
  x: 10,
  y: 20,
  width: 150,
  height: 30,
  page: 1,
  type: 'text' as const,
  value: 'Amsterdam',
  options: {},
};

function template(id: number, name = `Template ${id}`): TemplateDto {
  return {
    id,
    name,
    created_at: '2025-03-04T08:05:00Z',
    updated_at: '2025-03-04T08:05:00Z',
    variables: [marker],
    fields: [],
    page_count: 2,
    pages: [
      { width: 595, height: 842 },
      { width: 595, height: 842 },
    ],
    has_acroforms: false,
    size: 1234,
    signer_routing: [],
  };
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

// The client hands a raw Response over as is; its blob must be jsdom's Blob for FormData.
const pdfResponse = () =>
  ({
    ok: true,
    status: 200,
    headers: new Headers({ 'Content-Type': 'application/pdf' }),
    blob: () => Promise.resolve(new Blob(['%PDF-1.7 test'], { type: 'application/pdf' })),
  }) as unknown as Response;

type Handler = (url: string, init: RequestInit) => Response | undefined;

function start({
  role = 'user',
  features = ['templates'],
  list = [] as TemplateDto[],
  total,
  url = '/templates',
  handle,
  wordConversion = true,
}: {
  role?: Role;
  features?: string[];
  wordConversion?: boolean;
  list?: TemplateDto[];
  total?: number;
  url?: string;
  handle?: Handler;
} = {}) {
  tokens.set('tok');
  const fetch = vi.fn<typeof globalThis.fetch>((input, init = {}) => {
    const u = input as string;
    const custom = handle?.(u, init);
    if (custom) return Promise.resolve(custom);
    if (u === '/api/user') return Promise.resolve(json(me(role)));
    if (u === '/api/company') return Promise.resolve(json(company(features, wordConversion)));
    if (u === '/api/locales') return Promise.resolve(json({ data: [] }));
    if (u.startsWith('/api/templates?')) {
      const page = Number(new URL(u, 'http://x').searchParams.get('page'));
      const count = total ?? list.length;
      return Promise.resolve(
        json({
          data: list,
          total: count,
          per_page: 10,
          current_page: page,
          last_page: Math.max(1, Math.ceil(count / 10)),
        }),
      );
    }
    return Promise.resolve(json({ message: 'Niet gevonden' }, 404));
  });
  vi.stubGlobal('fetch', fetch);
  const router = createMemoryRouter(
    [
      {
        // The app shell holds the notifications.
        Component: AppLayout,
        HydrateFallback: () => null,
        children: [
          { path: '/', element: <p>Overzicht</p> },
          {
            path: '/templates',
            loader: requireAuth({ permission: 'getTemplates', feature: 'templates' }),
            Component: TemplatesRoute,
          },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  const calls = (method: string, prefix: string) =>
    fetch.mock.calls.filter(
      ([u, init]) => (init?.method ?? 'GET') === method && (u as string).startsWith(prefix),
    );
  return { router, fetch, calls };
}

async function dropFile(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [file] } });
  await Promise.resolve();
}

afterEach(() => {
  // The notifications store outlives a render.
  notifications.clean();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  tokens.set(null);
  queryClient.clear();
});

describe('Templates screen', () => {
  it('sends a viewer to the overview (no getTemplates)', async () => {
    const { router } = start({ role: 'viewer' });
    expect(await screen.findByText('Overzicht')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a company without the templates feature to the overview', async () => {
    const { router } = start({ features: [] });
    expect(await screen.findByText('Overzicht')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the empty text and no pagination', async () => {
    start();
    expect(await screen.findByRole('heading', { name: 'Templates' })).toBeTruthy();
    expect(await screen.findByText('Je hebt nog geen templates')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Paginering' })).toBeNull();
  });

  it('lists name and created-at, pages 10 at a time and keeps the page in the URL', async () => {
    const list = Array.from({ length: 10 }, (_, i) => template(20 - i));
    const { router, calls } = start({ list, total: 12 });
    expect(await screen.findByText('Template 20')).toBeTruthy();
    const row = screen.getAllByRole('row').find((r) => within(r).queryByText('Template 20'))!;
    expect(within(row).getByText('04-03-2025 09:05')).toBeTruthy();
    expect(calls('GET', '/api/templates?')[0]![0]).toBe(
      '/api/templates?page=1&order=id%2Cdesc&limit=10',
    );
    expect(screen.getByText('12 templates')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Pagina 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() =>
      expect(calls('GET', '/api/templates?page=2&order=id%2Cdesc&limit=10')).toHaveLength(1),
    );
  });

  it('starts on the page of the URL', async () => {
    const { calls } = start({ list: [template(1)], total: 11, url: '/templates?page=2' });
    expect(await screen.findByText('Template 1')).toBeTruthy();
    expect(calls('GET', '/api/templates?page=2&')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Pagina 2' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('deletes only after the confirmation', async () => {
    const { calls } = start({
      list: [template(5, 'Huurcontract')],
      handle: (u, init) =>
        init.method === 'DELETE' && u === '/api/templates/5'
          ? new Response(null, { status: 204 })
          : undefined,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Verwijderen Huurcontract' }));
    const dialog = await screen.findByRole('dialog', { name: 'Template verwijderen' });
    expect(
      within(dialog).getByText('Weet je zeker dat je dit template wilt verwijderen?'),
    ).toBeTruthy();
    expect(calls('DELETE', '/api/templates/')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(calls('DELETE', '/api/templates/5')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Template verwijderen' })).toBeNull(),
    );
  });

  it('only logs a failed delete', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = start({
      list: [template(5, 'Huurcontract')],
      handle: (u, init) =>
        init.method === 'DELETE' ? json({ message: 'Serverfout' }, 500) : undefined,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Verwijderen Huurcontract' }));
    const dialog = await screen.findByRole('dialog', { name: 'Template verwijderen' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Template verwijderen' })).toBeNull(),
    );
    expect(calls('DELETE', '/api/templates/5')).toHaveLength(1);
    expect(screen.queryByText('Serverfout')).toBeNull();
    expect(screen.getByText('Huurcontract')).toBeTruthy();
  });

  it('refuses another file type without calling the server', async () => {
    const { calls } = start();
    await screen.findByText('Je hebt nog geen templates');
    await dropFile(new File(['x'], 'notities.txt', { type: 'text/plain' }));
    expect(
      await screen.findByText('Het bestandstype van 1 of meerdere bestanden is niet toegestaan.'),
    ).toBeTruthy();
    expect(calls('POST', '/api/upload-file')).toHaveLength(0);
  });

  it('offers Word files where the server converts them', async () => {
    start();
    await screen.findByText('Je hebt nog geen templates');
    expect(screen.getByText('PDF, PNG, JPEG, DOC of DOCX')).toBeTruthy();
    const accept = document.querySelector('input[type="file"]')!.getAttribute('accept');
    expect(accept).toContain('.docx');
    expect(screen.queryByTestId('word-unavailable')).toBeNull();
  });

  it('offers PDF and images only, and says why, where Word files cannot be converted', async () => {
    const { calls } = start({ wordConversion: false });
    await screen.findByText('PDF, PNG of JPEG');
    expect(
      screen.getByText(
        'Word-bestanden kunnen hier niet worden omgezet; upload een PDF of afbeelding',
      ),
    ).toBeTruthy();
    const accept = document.querySelector('input[type="file"]')!.getAttribute('accept')!;
    expect(accept.split(',').sort()).toEqual(
      ['.jpeg', '.jpg', '.pdf', '.png', 'application/pdf', 'image/jpeg', 'image/png'].sort(),
    );
    await dropFile(new File(['PK'], 'contract.docx', { type: '' }));
    expect(
      await screen.findByText('Het bestandstype van 1 of meerdere bestanden is niet toegestaan.'),
    ).toBeTruthy();
    expect(calls('POST', '/api/upload-file')).toHaveLength(0);
  });

  it('shows the server message when the upload is refused', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    start({
      handle: (u) =>
        u === '/api/upload-file'
          ? json({ message: 'Ongeldig', errors: { file: ['Dit PDF-bestand is beveiligd.'] } }, 422)
          : undefined,
    });
    await screen.findByText('Je hebt nog geen templates');
    await dropFile(new File(['%PDF'], 'geheim.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(/Dit PDF-bestand is beveiligd\./)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Formuliermarkers instellen' })).toBeNull();
    expect(logged).toHaveBeenCalled();
  });

  it('creates: the editor opens on the converted PDF, an empty name saves nothing', async () => {
    const { calls } = start({
      handle: (u, init) => {
        if (u === '/api/upload-file') return pdfResponse();
        if (u === '/api/templates' && init.method === 'POST') return json(template(9), 201);
        return undefined;
      },
    });
    await screen.findByText('Je hebt nog geen templates');
    await dropFile(new File(['docx'], 'Arbeidscontract 2025.docx', { type: '' }));

    const editor = await screen.findByRole('dialog', { name: 'Formuliermarkers instellen' });
    const name = within(editor).getByLabelText(/Template naam/);
    expect((name as HTMLInputElement).value).toBe('Arbeidscontract 2025');
    expect(
      within(editor).getByText(/^Ondertekenaar 1, Ondertekenaar 2, .*Ondertekenaar 10$/),
    ).toBeTruthy();
    expect(within(editor).getByText('pdf 13')).toBeTruthy();

    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Opslaan' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls('POST', '/api/templates')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Formuliermarkers instellen' })).toBeTruthy();

    fireEvent.change(name, { target: { value: 'Arbeidscontract' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(calls('POST', '/api/templates')).toHaveLength(1));
    const body = calls('POST', '/api/templates')[0]![1]!.body as FormData;
    expect(body.get('name')).toBe('Arbeidscontract');
    const file = body.get('file') as File;
    expect(file.name).toBe('Arbeidscontract.pdf');
    expect(file.size).toBe(13);
    expect(await screen.findByText('Gegevens opgeslagen')).toBeTruthy();
    expect(screen.getByText('Je wijzigingen zijn opgeslagen')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Formuliermarkers instellen' })).toBeNull(),
    );
  });

  it('edits: opens the stored PDF and markers, empty name does nothing, Opslaan PUTs JSON', async () => {
    const stored = template(7, 'Offerte');
    const { calls } = start({
      list: [stored],
      handle: (u, init) => {
        if (u === '/api/templates/7/file') return pdfResponse();
        if (u === '/api/templates/7' && (init.method ?? 'GET') === 'GET') return json(stored);
        if (u === '/api/templates/7' && init.method === 'PUT')
          return json({ ...stored, name: 'Offerte 2026' });
        return undefined;
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Bewerken Offerte' }));
    const editor = await screen.findByRole('dialog', { name: 'Formuliermarkers instellen' });
    const name = within(editor).getByLabelText(/Template naam/);
    expect((name as HTMLInputElement).value).toBe('Offerte');
    expect(within(editor).getByText('markers 1')).toBeTruthy();
    expect(await within(editor).findByText('pdf 13')).toBeTruthy();

    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Opslaan' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls('PUT', '/api/templates/7')).toHaveLength(0);

    fireEvent.change(name, { target: { value: 'Offerte 2026' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(calls('PUT', '/api/templates/7')).toHaveLength(1));
    expect(JSON.parse(calls('PUT', '/api/templates/7')[0]![1]!.body as string)).toEqual({
      name: 'Offerte 2026',
      variables: [marker],
      fields: [],
      signer_routing: [],
    });
    expect(await screen.findByText('Gegevens opgeslagen')).toBeTruthy();
  });

  it("sets each placeholder signer's step, role and cc mail with the wizard's fields", async () => {
    const stored = {
      ...template(7, 'Offerte'),
      // Verifications set through the API stay as they are.
      signer_routing: [
        { signer: 1, routing_order: 1, role: 'approver' as const, verifications: [1, 2] },
      ],
    };
    const { calls, editor, dialog } = await openRouting(stored, ['templates'], () => json(stored));
    const first = within(dialog).getByRole('region', { name: 'Ondertekenaar 1' });
    expect(within(first).getByLabelText<HTMLSelectElement>('Rol Ondertekenaar 1').value).toBe(
      'approver',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ondertekenaar toevoegen' }));
    const second = within(dialog).getByRole('region', { name: 'Ondertekenaar 2' });
    expect(within(second).queryByRole('checkbox', { name: /E-mail bij verzending/ })).toBeNull();
    fireEvent.change(within(second).getByLabelText('Rol Ondertekenaar 2'), {
      target: { value: 'cc' },
    });
    fireEvent.change(within(second).getByLabelText('Stap Ondertekenaar 2'), {
      target: { value: '2' },
    });
    fireEvent.click(
      within(second).getByRole('checkbox', { name: 'E-mail bij verzending Ondertekenaar 2' }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Klaar' }));

    expect(await savedRouting(editor, calls)).toEqual([
      {
        signer: 1,
        routing_order: 1,
        role: 'approver',
        notify_on_send: false,
        verifications: [1, 2],
      },
      { signer: 2, routing_order: 2, role: 'cc', notify_on_send: true },
    ]);
  });

  /** 'Opslaan' in the editor: the signer_routing of the one PUT it makes. */
  async function savedRouting(
    editor: HTMLElement,
    calls: ReturnType<typeof start>['calls'],
  ): Promise<unknown> {
    fireEvent.click(within(editor).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(calls('PUT', '/api/templates/7')).toHaveLength(1));
    const body = JSON.parse(calls('PUT', '/api/templates/7')[0]![1]!.body as string) as {
      signer_routing: unknown;
    };
    return body.signer_routing;
  }

  /** Opens 'Stappen en rollen' of the stored template 7. */
  async function openRouting(stored: TemplateDto, features: string[], put: () => Response) {
    const started = start({
      list: [stored],
      features,
      handle: (u, init) => {
        if (u === '/api/templates/7/file') return pdfResponse();
        if (u === '/api/templates/7' && (init.method ?? 'GET') === 'GET') return json(stored);
        if (u === '/api/templates/7' && init.method === 'PUT') return put();
        return undefined;
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Bewerken Offerte' }));
    const editor = await screen.findByRole('dialog', { name: 'Formuliermarkers instellen' });
    fireEvent.click(within(editor).getByRole('button', { name: 'Stappen en rollen' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Stappen en rollen van de ondertekenaars',
    });
    return { ...started, editor, dialog };
  }

  const checkboxNames = (scope: HTMLElement) =>
    within(scope)
      .getAllByRole('checkbox')
      .map((c) => c.getAttribute('value'));

  it("chooses each placeholder's verifications from what the plan offers, as the wizard does", async () => {
    const stored = template(7, 'Offerte');
    const { editor, dialog, calls } = await openRouting(
      stored,
      ['templates', 'wallet_verification'],
      () => json(stored),
    );
    const first = within(dialog).getByRole('region', { name: 'Ondertekenaar 1' });
    const verifications = within(first).getByRole('group', { name: /^Verificatie/ });
    // The plan has the EU wallet but no iDIN.
    expect(checkboxNames(verifications)).toEqual(['1', '2', '7', '5', '6']);
    expect(
      within(verifications).getByRole<HTMLInputElement>('checkbox', { name: 'E-mail' }).checked,
    ).toBe(true);
    expect(
      within(verifications).getByRole<HTMLInputElement>('checkbox', { name: 'Handtekening' })
        .checked,
    ).toBe(true);
    fireEvent.click(within(verifications).getByRole('checkbox', { name: 'SMS' }));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Ondertekenaar toevoegen' }));
    const second = within(dialog).getByRole('region', { name: 'Ondertekenaar 2' });
    expect(within(second).queryByRole('group', { name: /^EU-wallet gegevens/ })).toBeNull();
    fireEvent.click(within(second).getByRole('checkbox', { name: 'EU-wallet' }));
    const wallet = within(second).getByRole('group', { name: /^EU-wallet gegevens/ });
    fireEvent.click(within(wallet).getByRole('checkbox', { name: 'Nationaliteit' }));
    // An approver puts no signature: that choice goes, as in the wizard.
    fireEvent.change(within(second).getByLabelText('Rol Ondertekenaar 2'), {
      target: { value: 'approver' },
    });
    expect(within(second).queryByRole('checkbox', { name: 'Handtekening' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Klaar' }));

    expect(await savedRouting(editor, calls)).toEqual([
      {
        signer: 1,
        routing_order: 1,
        role: 'signer',
        notify_on_send: false,
        verifications: [1, 5, 2],
      },
      {
        signer: 2,
        routing_order: 1,
        role: 'approver',
        notify_on_send: false,
        verifications: [1, 7],
        wallet_attributes: ['name', 'birth_date', 'nationality'],
      },
    ]);
  });

  it('offers no EU wallet or iDIN without their features, and shows stored ones to untick', async () => {
    const stored = {
      ...template(7, 'Offerte'),
      signer_routing: [
        {
          signer: 2,
          routing_order: 1,
          role: 'signer' as const,
          verifications: [1, 7],
          wallet_attributes: ['name'],
        },
      ],
    };
    const { dialog } = await openRouting(stored, ['templates'], () => json(stored));
    const first = within(dialog).getByRole('region', { name: 'Ondertekenaar 1' });
    expect(checkboxNames(within(first).getByRole('group', { name: /^Verificatie/ }))).toEqual([
      '1',
      '2',
      '5',
      '6',
    ]);
    const second = within(dialog).getByRole('region', { name: 'Ondertekenaar 2' });
    expect(
      within(second).getByRole<HTMLInputElement>('checkbox', { name: 'EU-wallet' }).checked,
    ).toBe(true);
    fireEvent.click(within(second).getByRole('checkbox', { name: 'EU-wallet' }));
    expect(within(second).queryByRole('checkbox', { name: 'EU-wallet' })).toBeNull();
  });

  it("puts a refused verification (422) back on that placeholder's field", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const stored = template(7, 'Offerte');
    const { editor, dialog } = await openRouting(stored, ['templates', 'wallet_verification'], () =>
      json(
        {
          message: 'Ongeldig',
          // Entry 0 of the sent list: placeholder 2 (placeholder 1 is left at the defaults).
          errors: {
            'signer_routing.0.verifications': [signingMessages.walletNotAvailable],
          },
        },
        422,
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ondertekenaar toevoegen' }));
    const added = within(dialog).getByRole('region', { name: 'Ondertekenaar 2' });
    fireEvent.click(within(added).getByRole('checkbox', { name: 'EU-wallet' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Klaar' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Stappen en rollen van de ondertekenaars' }),
      ).toBeNull(),
    );

    fireEvent.click(within(editor).getByRole('button', { name: 'Opslaan' }));
    const reopened = await screen.findByRole('dialog', {
      name: 'Stappen en rollen van de ondertekenaars',
    });
    const second = within(reopened).getByRole('region', { name: 'Ondertekenaar 2' });
    const group = within(second).getByRole('group', { name: /^Verificatie/ });
    // The message is that group's description: on the field, for screen readers too.
    const message = within(second).getByText(signingMessages.walletNotAvailable);
    expect(group.getAttribute('aria-describedby')).toContain(message.id);
    const first = within(reopened).getByRole('region', { name: 'Ondertekenaar 1' });
    expect(within(first).queryByText(/niet beschikbaar/)).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Formuliermarkers instellen' })).toBeTruthy();
  });

  it("refuses 'Klaar' while a placeholder has no verification", async () => {
    const stored = template(7, 'Offerte');
    const { dialog } = await openRouting(stored, ['templates'], () => json(stored));
    const first = within(dialog).getByRole('region', { name: 'Ondertekenaar 1' });
    fireEvent.click(within(first).getByRole('checkbox', { name: 'E-mail' }));
    fireEvent.click(within(first).getByRole('checkbox', { name: 'Handtekening' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Klaar' }));
    expect(within(first).getByText(signingMessages.verificationRequired)).toBeTruthy();
    expect(
      screen.getByRole('dialog', { name: 'Stappen en rollen van de ondertekenaars' }),
    ).toBeTruthy();
  });

  it('puts a refused name back on the field and keeps the editor open', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const stored = template(7, 'Offerte');
    start({
      list: [stored],
      handle: (u, init) => {
        if (u === '/api/templates/7/file') return pdfResponse();
        if (u === '/api/templates/7' && (init.method ?? 'GET') === 'GET') return json(stored);
        if (u === '/api/templates/7' && init.method === 'PUT')
          return json(
            { message: 'Ongeldig', errors: { name: ['De waarde in dit veld is te lang'] } },
            422,
          );
        return undefined;
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Bewerken Offerte' }));
    const editor = await screen.findByRole('dialog', { name: 'Formuliermarkers instellen' });
    fireEvent.click(within(editor).getByRole('button', { name: 'Opslaan' }));
    expect((await screen.findAllByText('De waarde in dit veld is te lang')).length).toBeGreaterThan(
      0,
    );
    expect(screen.getByRole('dialog', { name: 'Formuliermarkers instellen' })).toBeTruthy();
  });

  it('hides upload, edit and delete without their permissions', async () => {
    tokens.set('tok');
    // A user with only getTemplates: a list, nothing to change.
    const fetch = vi.fn<typeof globalThis.fetch>((input) => {
      const u = input as string;
      if (u === '/api/user')
        return Promise.resolve(json({ ...me('user'), all_permissions: ['getTemplates'] }));
      if (u === '/api/company') return Promise.resolve(json(company()));
      if (u === '/api/locales') return Promise.resolve(json({ data: [] }));
      return Promise.resolve(
        json({ data: [template(3)], total: 1, per_page: 10, current_page: 1, last_page: 1 }),
      );
    });
    vi.stubGlobal('fetch', fetch);
    const router = createMemoryRouter(
      [{ path: '/templates', loader: requireAuth(), Component: TemplatesRoute }],
      { initialEntries: ['/templates'] },
    );
    render(
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    expect(await screen.findByText('Template 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Bewerken/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Verwijderen/ })).toBeNull();
    expect(document.querySelector('input[type="file"]')).toBeNull();
  });
});
