import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages, type EmailTemplateDto } from '@paraaf/contract';
import {
  apiCalls,
  json,
  renderRoutes,
  resetApp,
  screenRoutes,
  sessionCompany,
  stubApi,
} from '../../../test/app-harness';
import { EmailTemplatesRoute } from './email-templates';

const fields = ['[[content]]', '[[link]]', '[[firstname]]', '[[subject]]'];
const template = (values: Partial<EmailTemplateDto>): EmailTemplateDto => ({
  id: null,
  name: 'sign_request_to_signer',
  label: 'Uitnodiging aan ondertekenaar',
  locale: 'nl',
  subject: '[[subject]]',
  template: '<p>[[content]]</p><p>[[link]]</p>',
  merge_fields: fields,
  ...values,
});

const list: EmailTemplateDto[] = [
  template({}),
  template({ locale: 'en', template: '<p>[[content]]</p><p>English [[link]]</p>' }),
  template({
    id: 7,
    name: 'reminder_to_signer',
    label: 'Herinnering aan ondertekenaar',
    subject: 'Eigen herinnering',
    template: '<p>Niet vergeten</p>',
  }),
  template({
    name: 'signables_to_sign_request',
    label: 'Ondertekende documenten',
    subject: 'Documenten',
    template: '<p>[[documents]]</p>',
    merge_fields: ['[[documents]]'],
  }),
];

function renderScreen(answers: { save?: (body: unknown) => Response } = {}) {
  const fetch = stubApi({
    company: sessionCompany({ features: ['email_templates'] }),
    answer: (url, init) => {
      const method = init?.method ?? 'GET';
      if (url === '/api/email-templates' && method === 'GET') return json({ data: list });
      if (url === '/api/email-templates' && method === 'POST') {
        const body = JSON.parse(init!.body as string) as Record<string, unknown>;
        return answers.save
          ? answers.save(body)
          : json({ ...template({}), ...body, id: 12, merge_fields: fields });
      }
      if (url === '/api/email-templates/preview')
        return json({ subject: 'Overeenkomst 2026', html: '<!doctype html><p>Hallo Jan</p>' });
      if (url.startsWith('/api/email-templates/') && method === 'DELETE')
        return json(template({ name: 'reminder_to_signer', subject: 'Standaard herinnering' }));
      return undefined;
    },
  });
  renderRoutes(
    screenRoutes({
      path: '/instellingen/emailtemplates',
      permission: 'updateEmailTemplate',
      Component: EmailTemplatesRoute,
    }),
    '/instellingen/emailtemplates',
    { notifications: true },
  );
  return fetch;
}

const editor = () => screen.getByRole('textbox', { name: 'Inhoud' });
const subjectInput = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Onderwerp' });

// ProseMirror scrolls the cursor into view after an edit; jsdom lays nothing out.
beforeAll(() => {
  const rects = () => Object.assign([], { item: () => null });
  for (const proto of [Range.prototype, Element.prototype] as object[]) {
    if (!('getClientRects' in proto)) Object.assign(proto, { getClientRects: rects });
    if (!('getBoundingClientRect' in proto))
      Object.assign(proto, { getBoundingClientRect: () => new DOMRect() });
  }
});

describe('EmailTemplatesRoute', () => {
  afterEach(resetApp);

  it('chooses a template by its label and a language, and shows its text', async () => {
    renderScreen();
    const choose = await screen.findByRole('combobox', { name: 'Template' });
    expect(
      within(choose)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Uitnodiging aan ondertekenaar',
      'Herinnering aan ondertekenaar',
      'Ondertekende documenten',
    ]);
    await waitFor(() => expect(editor().innerHTML).toContain('[[content]]'));
    expect(screen.getByText('Standaardtekst')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Taal' }), {
      target: { value: 'en' },
    });
    await waitFor(() => expect(editor().innerHTML).toContain('English'));

    fireEvent.change(choose, { target: { value: 'reminder_to_signer' } });
    await waitFor(() => expect(editor().innerHTML).toContain('Niet vergeten'));
    expect(subjectInput().value).toBe('Eigen herinnering');
    expect(screen.getByText('Eigen versie')).toBeTruthy();

    // The signed documents' mail is Dutch only.
    fireEvent.change(choose, { target: { value: 'signables_to_sign_request' } });
    const languages = screen.getByRole('combobox', { name: 'Taal' });
    expect(
      within(languages)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Nederlands']);
  });

  it('inserts a merge field at the cursor and saves the payload', async () => {
    const fetch = renderScreen();
    await waitFor(() => expect(editor().innerHTML).toContain('[[content]]'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Onderwerp' }), {
      target: { value: 'Graag tekenen, [[firstname]]' },
    });
    const buttons = screen.getByRole('group', { name: 'Velden invoegen' });
    fireEvent.click(within(buttons).getByRole('button', { name: '[[firstname]]' }));
    await waitFor(() => expect(editor().textContent).toMatch(/\[\[firstname\]\]/));
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Je wijzigingen zijn opgeslagen')).toBeTruthy();
    const save = apiCalls(fetch).find(
      (c) => c.url === '/api/email-templates' && c.method === 'POST',
    );
    expect(save?.body).toMatchObject({
      id: null,
      name: 'sign_request_to_signer',
      locale: 'nl',
      subject: 'Graag tekenen, [[firstname]]',
    });
    const saved = (save!.body as { template: string }).template;
    expect(saved).toContain('[[firstname]]');
    expect(saved).toContain('[[content]]');
    expect(saved).toContain('[[link]]');
  });

  it('asks for a subject and a body before saving, and shows the server field errors', async () => {
    const fetch = renderScreen({
      save: () =>
        json(
          {
            message: 'Je hebt niet alle velden correct ingevuld',
            errors: { template: ['Te lang'] },
          },
          422,
        ),
    });
    await waitFor(() => expect(editor().innerHTML).toContain('[[content]]'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Onderwerp' }), {
      target: { value: '' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText(messages.required)).toBeTruthy();
    expect(apiCalls(fetch).some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: 'Onderwerp' }), {
      target: { value: 'Onderwerp' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Te lang')).toBeTruthy();
    expect(screen.getByText('Je hebt niet alle velden correct ingevuld')).toBeTruthy();
  });

  it('guards unsaved changes when another template is chosen', async () => {
    renderScreen();
    await waitFor(() => expect(editor().innerHTML).toContain('[[content]]'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Onderwerp' }), {
      target: { value: 'Gewijzigd' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Template' }), {
      target: { value: 'reminder_to_signer' },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Niet opgeslagen wijzigingen' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(subjectInput().value).toBe('Gewijzigd');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Template' }).value).toBe(
      'sign_request_to_signer',
    );

    fireEvent.change(screen.getByRole('combobox', { name: 'Template' }), {
      target: { value: 'reminder_to_signer' },
    });
    const again = await screen.findByRole('dialog', { name: 'Niet opgeslagen wijzigingen' });
    fireEvent.click(within(again).getByRole('button', { name: 'Wijzigingen weggooien' }));
    await waitFor(() => expect(subjectInput().value).toBe('Eigen herinnering'));
  });

  it('previews in a sandboxed frame and resets to the default after confirmation', async () => {
    const fetch = renderScreen();
    await waitFor(() => expect(editor().innerHTML).toContain('[[content]]'));
    // The default has nothing to reset.
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Standaard herstellen' }).disabled,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Voorbeeld' }));
    const dialog = await screen.findByRole('dialog', { name: 'Voorbeeld van de e-mail' });
    expect(within(dialog).getByText('Overeenkomst 2026')).toBeTruthy();
    const frame = within(dialog).getByTitle('De e-mail zoals de ontvanger hem ziet');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('Hallo Jan');
    const previewCall = apiCalls(fetch).find((c) => c.url === '/api/email-templates/preview');
    expect(previewCall?.body).toMatchObject({ name: 'sign_request_to_signer', locale: 'nl' });
    fireEvent.keyDown(dialog, { key: 'Escape' });

    fireEvent.change(screen.getByRole('combobox', { name: 'Template' }), {
      target: { value: 'reminder_to_signer' },
    });
    await waitFor(() => expect(editor().innerHTML).toContain('Niet vergeten'));
    fireEvent.click(screen.getByRole('button', { name: 'Standaard herstellen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Standaardtekst herstellen' });
    expect(apiCalls(fetch).some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Herstellen' }));
    await waitFor(() => expect(subjectInput().value).toBe('Standaard herinnering'));
    expect(apiCalls(fetch).find((c) => c.method === 'DELETE')?.url).toBe(
      '/api/email-templates/reminder_to_signer/nl',
    );
  });
});
