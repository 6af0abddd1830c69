import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { departmentMessages, messages, type Department } from '@paraaf/contract';
import { CompanySettingsRoute } from './company-settings';
import {
  apiCalls,
  companyAdmin,
  json,
  renderRoutes,
  resetApp,
  screenRoutes,
  sessionCompany,
  stubApi,
  type ApiAnswer,
} from '../../../test/app-harness';

const own: Department = {
  id: 7,
  name: 'Bedrijf BV',
  mail_name: 'Bedrijf BV',
  mail_from: null,
  is_default: true,
};
const sales: Department = {
  id: 8,
  name: 'Afdeling Verkoop',
  mail_name: 'Bedrijf Verkoop',
  mail_from: null,
  is_default: false,
};

function company(features: string[]) {
  return sessionCompany({
    phone: null,
    max_signers: 10,
    features,
    departments: [own],
    users_count: 1,
    address: {
      tnv: null,
      street: null,
      housenumber: null,
      housenumber_addition: null,
      postal: null,
      city: null,
    },
    sms_name: 'BedrijfBV',
    webhook_url: null,
    embed_origins: [],
    send_signed_documents_to_email: false,
    custom_fields: [],
    logo_url: null,
  });
}

/** The screen with `departments` as GET /api/departments answers; `answer` sees every call first. */
function renderScreen(options: {
  features?: string[];
  departments?: Department[];
  answer?: ApiAnswer;
}) {
  let list = options.departments ?? [own];
  const fetch = stubApi({
    user: companyAdmin(),
    company: company(options.features ?? []),
    answer: (url, init) => {
      const answered = options.answer?.(url, init);
      if (answered) return answered;
      if (url === '/api/departments' && (init?.method ?? 'GET') === 'GET')
        return json({ data: list });
      return undefined;
    },
  });
  renderRoutes(
    screenRoutes({
      path: '/instellingen/bedrijf',
      permission: 'updateCompany',
      Component: CompanySettingsRoute,
    }),
    '/instellingen/bedrijf',
    { notifications: true },
  );
  return {
    fetch,
    setList: (next: Department[]) => {
      list = next;
    },
  };
}

const departmentCalls = (fetch: ReturnType<typeof stubApi>) =>
  apiCalls(fetch).filter((c) => c.url.startsWith('/api/departments') && c.method !== 'GET');

afterEach(resetApp);

describe('Bedrijfsinstellingen: the mail sender name', () => {
  it("saves the default department's mail_name through POST /api/departments/{id}", async () => {
    const { fetch } = renderScreen({
      answer: (url, init) =>
        url === '/api/departments/7' && init?.method === 'POST'
          ? json({ ...own, mail_name: 'Bedrijf Klantenservice' })
          : undefined,
    });
    const field = await screen.findByLabelText<HTMLInputElement>(/Afzendernaam e-mails/);
    expect(field.value).toBe('Bedrijf BV');
    fireEvent.change(field, { target: { value: 'Bedrijf Klantenservice' } });
    const section = field.closest('form')!;
    fireEvent.click(within(section).getByRole('button', { name: 'Afzender opslaan' }));
    expect(await screen.findByText('Je wijzigingen zijn opgeslagen')).toBeTruthy();
    expect(departmentCalls(fetch)).toEqual([
      expect.objectContaining({
        url: '/api/departments/7',
        method: 'POST',
        body: { name: 'Bedrijf BV', mail_name: 'Bedrijf Klantenservice' },
      }),
    ]);
  });

  it('checks the field before sending and shows the server’s field errors', async () => {
    const { fetch } = renderScreen({
      answer: (url, init) =>
        url === '/api/departments/7' && init?.method === 'POST'
          ? json(
              {
                message: messages.invalidInput,
                errors: { mail_name: [messages.maxLength] },
              },
              422,
            )
          : undefined,
    });
    const field = await screen.findByLabelText<HTMLInputElement>(/Afzendernaam e-mails/);
    const section = field.closest('form')!;
    fireEvent.change(field, { target: { value: '  ' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Afzender opslaan' }));
    expect(await within(section).findByText(messages.required)).toBeTruthy();
    expect(departmentCalls(fetch)).toEqual([]);

    fireEvent.change(field, { target: { value: 'Lang genoeg' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Afzender opslaan' }));
    expect(await within(section).findByText(messages.maxLength)).toBeTruthy();
    expect(within(section).getByRole('alert').textContent).toBe(messages.invalidInput);
  });

  it('says so when the departments cannot be loaded', async () => {
    renderScreen({
      answer: (url) =>
        url === '/api/departments' ? json({ message: messages.forbidden }, 403) : undefined,
    });
    // A 4xx is not retried: the server's message shows at once.
    expect(await screen.findByText(messages.forbidden)).toBeTruthy();
  });
});

describe("Bedrijfsinstellingen: 'Afdelingen'", () => {
  it('without the feature: a line to the plans, nothing to add', async () => {
    renderScreen({ features: [] });
    await screen.findByRole('heading', { name: 'Afdelingen' });
    const link = screen.getByRole('link', { name: 'Abonnement wijzigen' });
    expect(link.getAttribute('href')).toBe('/instellingen/credits');
    expect(screen.queryByRole('button', { name: 'Afdeling toevoegen' })).toBeNull();
  });

  it('lists the departments, the default one without remove, and adds one', async () => {
    const added: Department = {
      id: 9,
      name: 'Afdeling Inkoop',
      mail_name: 'Bedrijf Inkoop',
      mail_from: null,
      is_default: false,
    };
    const view = renderScreen({
      features: ['departments'],
      departments: [own, sales],
      answer: (url, init) => {
        if (url === '/api/departments' && init?.method === 'POST') {
          view.setList([own, sales, added]);
          return json(added, 201);
        }
        return undefined;
      },
    });
    const row = (await screen.findByText('Afdeling Verkoop')).closest('tr')!;
    expect(within(row).getByText('Bedrijf Verkoop')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Afdeling Verkoop verwijderen' })).toBeTruthy();
    const ownRow = screen.getByText('Standaard').closest('tr')!;
    expect(within(ownRow).queryByRole('button', { name: /verwijderen/ })).toBeNull();
    expect(within(ownRow).getByRole('button', { name: 'Bedrijf BV bewerken' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Afdeling toevoegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Afdeling toevoegen' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findAllByText(messages.required)).toHaveLength(2);
    fireEvent.change(within(dialog).getByLabelText(/^Naam/), {
      target: { value: 'Afdeling Inkoop' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Afzendernaam/), {
      target: { value: 'Bedrijf Inkoop' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Afdeling Inkoop')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(departmentCalls(view.fetch)).toEqual([
      expect.objectContaining({
        url: '/api/departments',
        method: 'POST',
        body: { name: 'Afdeling Inkoop', mail_name: 'Bedrijf Inkoop' },
      }),
    ]);
  });

  it('renames a department with its values in the modal', async () => {
    const { fetch } = renderScreen({
      features: ['departments'],
      departments: [own, sales],
      answer: (url, init) =>
        url === '/api/departments/8' && init?.method === 'POST'
          ? json({ ...sales, name: 'Verkoop Noord' })
          : undefined,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Afdeling Verkoop bewerken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Afdeling bewerken' });
    const name = within(dialog).getByLabelText<HTMLInputElement>(/^Naam/);
    expect(name.value).toBe('Afdeling Verkoop');
    fireEvent.change(name, { target: { value: 'Verkoop Noord' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(departmentCalls(fetch)).toEqual([
      expect.objectContaining({
        url: '/api/departments/8',
        method: 'POST',
        body: { name: 'Verkoop Noord', mail_name: 'Bedrijf Verkoop' },
      }),
    ]);
  });

  it('asks before removing and shows the refusal while open requests use it', async () => {
    let refuse = true;
    const view = renderScreen({
      features: ['departments'],
      departments: [own, sales],
      answer: (url, init) => {
        if (url !== '/api/departments/8' || init?.method !== 'DELETE') return undefined;
        if (refuse) return json({ message: departmentMessages.inUse(3) }, 409);
        view.setList([own]);
        return new Response(null, { status: 204 });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Afdeling Verkoop verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Afdeling verwijderen' });
    expect(
      within(dialog).getByText(/Weet je zeker dat je de afdeling Afdeling Verkoop/),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      departmentMessages.inUse(3),
    );
    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('Afdeling Verkoop is verwijderd')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Bedrijf Verkoop')).toBeNull());
    expect(departmentCalls(view.fetch).map((c) => c.method)).toEqual(['DELETE', 'DELETE']);
  });
});
