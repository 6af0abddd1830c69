import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { permissionsFor, type Permission } from '@paraaf/contract';
import { AppProvider } from '../../../app/provider';
import { requireAuth } from '../../../app/guards';
import { tokens } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { clearDrafts } from '../lib/draft-store';
import { NewSigningRoute } from './new-signing';

const wizardPermissions: Permission[] = [
  'createSignRequest',
  'createSigner',
  'createSignable',
  'getDepartments',
  'getEmailTemplates',
];

const me = (permissions: Permission[], id = 1) => ({
  id,
  name: 'Gijs Gebruiker',
  email: 'gijs@bedrijf.nl',
  roles: [{ name: 'user' }],
  all_permissions: permissions,
  is_active: true,
  two_factor_auth: false,
  created_at: '2025-03-04T09:05:00Z',
  company: { id: 1, name: 'Bedrijf BV' },
});

const company = {
  id: 1,
  name: 'Bedrijf BV',
  credits: 10,
  max_signers: 2,
  features: [],
  departments: [{ id: 3, name: 'Bedrijf BV', mail_name: 'Bedrijf BV', mail_from: null }],
  current_payment_plan: {
    id: 1,
    price: {
      type: 'prepaid',
      sms_credits_price: 1,
      sms_euros_price: 0,
      idin_credits_price: 0,
      idin_euros_price: 0,
    },
  },
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The free plan's features (seed 001 §6): what a newly registered company has. */
const freePlanFeatures = ['multiple_signers', 'multiple_documents', 'input_fields', 'buy_credits'];

function start(
  permissions: Permission[],
  {
    features = freePlanFeatures,
    userId = 1,
    answer,
  }: {
    features?: string[];
    userId?: number;
    /** Answers further calls (the test's own); undefined: 404. */
    answer?: (url: string) => Response | undefined;
  } = {},
) {
  tokens.set('tok');
  // jsdom has no scrolling; the wizard scrolls to the top on each step.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof globalThis.fetch>((input) => {
      const url = input as string;
      if (url === '/api/user') return Promise.resolve(json(me(permissions, userId)));
      if (url === '/api/company') return Promise.resolve(json({ ...company, features }));
      if (url === '/api/locales')
        return Promise.resolve(json({ data: [{ locale: 'nl', name: 'Nederlands' }] }));
      if (url === '/api/departments') return Promise.resolve(json({ data: company.departments }));
      if (url.startsWith('/api/email-templates')) return Promise.resolve(json({ data: [] }));
      const own = answer?.(url);
      if (own) return Promise.resolve(own);
      return Promise.resolve(json({ message: 'Niet gevonden' }, 404));
    }),
  );
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Overzicht</p>, HydrateFallback: () => null },
      {
        path: '/nieuwe-ondertekening',
        loader: requireAuth({ allPermissions: wizardPermissions }),
        Component: NewSigningRoute,
        HydrateFallback: () => null,
      },
    ],
    { initialEntries: ['/nieuwe-ondertekening'] },
  );
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

const change = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

afterEach(async () => {
  await clearDrafts();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  tokens.set(null);
  queryClient.clear();
});

describe('New signing wizard', () => {
  it('sends a user without every wizard permission to the overview', async () => {
    const router = start(wizardPermissions.filter((p) => p !== 'getEmailTemplates'));
    expect(await screen.findByText('Overzicht')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the iDIN price where iDIN can be chosen', async () => {
    start(permissionsFor('user', false), {
      features: [...freePlanFeatures, 'idin_verification'],
    });
    const first = await screen.findByRole('region', { name: 'Ondertekenaar 1' });
    expect(within(first).getByRole('checkbox', { name: 'iDIN' })).toBeTruthy();
    expect(screen.getByText('iDIN verificatie: gratis')).toBeTruthy();
    expect(screen.getByText('SMS verificatie: 1 credit')).toBeTruthy();
  });

  it(
    'keeps the draft over a reload for its own user only, until it is discarded',
    { timeout: 30_000 },
    async () => {
      const user = permissionsFor('user', false);
      start(user);
      let first = await screen.findByRole('region', { name: 'Ondertekenaar 1' });
      expect(screen.queryByText('Concept verwijderen')).toBeNull();
      change(within(first).getByLabelText(/^Voornaam/), 'Anna');
      change(within(first).getByLabelText(/^Achternaam/), 'de Boer');
      fireEvent.click(screen.getByRole('button', { name: 'Ondertekenaar toevoegen' }));
      expect(await screen.findByText('Concept bewaard')).toBeTruthy();

      // A reload: everything unmounts and the session is fetched again.
      cleanup();
      queryClient.clear();
      start(user);
      first = await screen.findByRole('region', { name: 'Ondertekenaar 1' });
      expect(screen.getByText('Je concept is teruggezet')).toBeTruthy();
      expect(within(first).getByLabelText<HTMLInputElement>(/^Voornaam/).value).toBe('Anna');
      expect(within(first).getByLabelText<HTMLInputElement>(/^Achternaam/).value).toBe('de Boer');
      expect(screen.getByRole('region', { name: 'Ondertekenaar 2' })).toBeTruthy();

      // Another user in this browser never sees it.
      cleanup();
      queryClient.clear();
      start(user, { userId: 2 });
      first = await screen.findByRole('region', { name: 'Ondertekenaar 1' });
      expect(within(first).getByLabelText<HTMLInputElement>(/^Voornaam/).value).toBe('');
      expect(screen.queryByText('Je concept is teruggezet')).toBeNull();
      expect(screen.queryByRole('region', { name: 'Ondertekenaar 2' })).toBeNull();

      // Discarded: the wizard starts over, and so does the next load.
      cleanup();
      queryClient.clear();
      start(user);
      first = await screen.findByRole('region', { name: 'Ondertekenaar 1' });
      // Asked once more; Annuleren keeps everything.
      fireEvent.click(screen.getByRole('button', { name: 'Concept verwijderen' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Annuleren' }));
      expect(within(first).getByLabelText<HTMLInputElement>(/^Voornaam/).value).toBe('Anna');
      fireEvent.click(screen.getByRole('button', { name: 'Concept verwijderen' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Verwijderen' }));
      await vi.waitFor(() => {
        first = screen.getByRole('region', { name: 'Ondertekenaar 1' });
        expect(within(first).getByLabelText<HTMLInputElement>(/^Voornaam/).value).toBe('');
      });
      expect(screen.queryByRole('region', { name: 'Ondertekenaar 2' })).toBeNull();
      expect(screen.queryByText('Je concept is teruggezet')).toBeNull();
      cleanup();
      queryClient.clear();
      start(user);
      first = await screen.findByRole('region', { name: 'Ondertekenaar 1' });
      expect(within(first).getByLabelText<HTMLInputElement>(/^Voornaam/).value).toBe('');
    },
  );

  // Role queries over a Mantine form are slow in jsdom on a busy machine.
  it(
    'unlocks Volgende only for filled-in signers and adds signers up to max_signers',
    { timeout: 30_000 },
    async () => {
      start(permissionsFor('user', false));
      const first = await screen.findByRole('region', { name: 'Ondertekenaar 1' });
      const nextButton = screen.getByRole<HTMLButtonElement>('button', { name: 'Volgende' });
      expect(nextButton.disabled).toBe(true);
      expect(screen.getByText('SMS verificatie: 1 credit')).toBeTruthy();
      // No idin_verification: iDIN cannot be chosen, so its price is not shown either.
      expect(screen.queryByText(/iDIN verificatie/)).toBeNull();
      expect(within(first).queryByRole('checkbox', { name: 'iDIN' })).toBeNull();

      change(within(first).getByLabelText(/^Voornaam/), 'Anna');
      change(within(first).getByLabelText(/^Achternaam/), 'de Boer');
      change(within(first).getByLabelText(/^E-mailadres/), 'anna@voorbeeld.nl');
      expect(nextButton.disabled).toBe(false);

      // The single department is preselected and its select hidden; SMS asks for a phone.
      fireEvent.click(within(first).getByRole('checkbox', { name: 'SMS' }));
      expect(within(first).getByLabelText(/^Mobiel nummer/)).toBeTruthy();
      expect(nextButton.disabled).toBe(true);
      fireEvent.click(within(first).getByRole('checkbox', { name: 'SMS' }));
      expect(nextButton.disabled).toBe(false);

      fireEvent.click(screen.getByRole('button', { name: 'Ondertekenaar toevoegen' }));
      const second = screen.getByRole('region', { name: 'Ondertekenaar 2' });
      // max_signers is 2: the button is gone, and it never shows on the second signer.
      expect(screen.queryByRole('button', { name: 'Ondertekenaar toevoegen' })).toBeNull();
      expect(screen.getByText('Je kunt maximaal 2 ondertekenaars toevoegen.')).toBeTruthy();
      expect(screen.getByRole('switch', { name: /Op volgorde ondertekenen/ })).toBeTruthy();
      expect(nextButton.disabled).toBe(true);
      // The footer names the card and its fields, not the seed's "no signers" hint.
      expect(
        screen.getByText('Ondertekenaar 2: vul de voornaam, de achternaam en het e-mailadres in'),
      ).toBeTruthy();
      expect(screen.queryByText('Je moet nog ondertekenaars toevoegen.')).toBeNull();
      change(within(second).getByLabelText(/^Voornaam/), 'Bert');
      change(within(second).getByLabelText(/^Achternaam/), 'Bos');
      expect(screen.getByText('Ondertekenaar 2: vul het e-mailadres in')).toBeTruthy();

      fireEvent.click(within(second).getByRole('button', { name: 'Ondertekenaar verwijderen 2' }));
      expect(screen.queryByRole('region', { name: 'Ondertekenaar 2' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Ondertekenaar toevoegen' })).toBeTruthy();
      expect(nextButton.disabled).toBe(false);

      fireEvent.click(nextButton);
      expect(await screen.findByText('Nog geen documenten toegevoegd.')).toBeTruthy();
      expect(screen.getByText('Je moet nog documenten toevoegen.')).toBeTruthy();
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Volgende' }).disabled).toBe(
        true,
      );
    },
  );

  it(
    "takes a picked template's steps, roles and cc mail over on the signers",
    { timeout: 30_000 },
    async () => {
      const template = {
        id: 4,
        name: 'Huurcontract',
        created_at: '2025-03-04T08:05:00Z',
        updated_at: '2025-03-04T08:05:00Z',
        variables: [],
        fields: [],
        page_count: 1,
        pages: [{ width: 595, height: 842 }],
        has_acroforms: false,
        size: 2048,
        signer_routing: [{ signer: 2, routing_order: 2, role: 'cc', notify_on_send: true }],
      };
      start(permissionsFor('user', false), {
        features: [...freePlanFeatures, 'templates'],
        userId: 5,
        answer: (url) => {
          if (url.startsWith('/api/templates?'))
            return json({
              data: [template],
              total: 1,
              per_page: 100,
              current_page: 1,
              last_page: 1,
            });
          if (url === '/api/templates/4/file')
            return {
              ok: true,
              status: 200,
              headers: new Headers({ 'Content-Type': 'application/pdf' }),
              blob: () => Promise.resolve(new Blob(['%PDF-1.7 huur'], { type: 'application/pdf' })),
            } as unknown as Response;
          return undefined;
        },
      });
      const first = await screen.findByRole('region', { name: 'Ondertekenaar 1' });
      change(within(first).getByLabelText(/^Voornaam/), 'Anna');
      change(within(first).getByLabelText(/^Achternaam/), 'de Boer');
      change(within(first).getByLabelText(/^E-mailadres/), 'anna@voorbeeld.nl');
      fireEvent.click(screen.getByRole('button', { name: 'Ondertekenaar toevoegen' }));
      const second = screen.getByRole('region', { name: 'Ondertekenaar 2' });
      change(within(second).getByLabelText(/^Voornaam/), 'Bert');
      change(within(second).getByLabelText(/^Achternaam/), 'Bos');
      change(within(second).getByLabelText(/^E-mailadres/), 'bert@voorbeeld.nl');
      expect(within(second).getByLabelText<HTMLSelectElement>(/^Rol/).value).toBe('signer');

      fireEvent.click(screen.getByRole('button', { name: 'Volgende' }));
      fireEvent.click(
        await screen.findByRole('button', { name: 'Document toevoegen vanuit template' }),
      );
      fireEvent.click(await screen.findByRole('button', { name: 'Toevoegen: Huurcontract' }));
      await waitFor(() =>
        expect(
          screen.queryByRole('dialog', { name: 'Document toevoegen vanuit template' }),
        ).toBeNull(),
      );

      fireEvent.click(screen.getByRole('button', { name: 'Vorige' }));
      const copy = await screen.findByRole('region', { name: 'Ondertekenaar 2' });
      expect(within(copy).getByLabelText<HTMLSelectElement>(/^Rol/).value).toBe('cc');
      expect(within(copy).getByLabelText<HTMLSelectElement>(/^Stap/).value).toBe('2');
      expect(
        within(copy).getByRole<HTMLInputElement>('checkbox', { name: /E-mail bij verzending/ })
          .checked,
      ).toBe(true);
      // Signer 1 is not in the template's list: it keeps step 1 as a signer.
      const signer = screen.getByRole('region', { name: 'Ondertekenaar 1' });
      expect(within(signer).getByLabelText<HTMLSelectElement>(/^Rol/).value).toBe('signer');
      expect(screen.getByRole('region', { name: 'Stap 2' })).toBeTruthy();
    },
  );

  it(
    'offers no second signer without the multiple_signers feature',
    { timeout: 30_000 },
    async () => {
      // A user of its own: no draft of an earlier test is restored.
      start(permissionsFor('user', false), { features: ['buy_credits'], userId: 3 });
      const first = await screen.findByRole(
        'region',
        { name: 'Ondertekenaar 1' },
        { timeout: 10_000 },
      );
      expect(within(first).getByLabelText(/^Voornaam/)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Ondertekenaar toevoegen' })).toBeNull();
      expect(screen.queryByText(/Je kunt maximaal/)).toBeNull();
    },
  );
});
