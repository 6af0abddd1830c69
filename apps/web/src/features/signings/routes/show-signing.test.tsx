import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ShowSigningRoute } from './show-signing';
import { texts } from '../texts';
import {
  apiCalls,
  json,
  renderRoutes,
  resetApp,
  screenRoutes,
  stubApi,
} from '../../../test/app-harness';

const plan = (id: number, pricePerCredit: number) => ({
  id,
  name: id === 1 ? 'free' : 'standard',
  features: [],
  price: {
    type: id === 1 ? 'prepaid' : 'month',
    price: 0,
    price_per_credit: pricePerCredit,
    sms_credits_price: 1,
    idin_credits_price: 2,
    sms_euros_price: 0,
    idin_euros_price: 0,
    users: null,
    credits_per_month: 0,
  },
});

const signer = (n: number) => ({
  id: n,
  firstname: `Onder${n}`,
  lastname: 'Tekenaar',
  email: `signer${n}@voorbeeld.nl`,
  state_id: 1,
  verifications: [{ type: 1 }],
  position: n,
});

const draft = {
  id: 7,
  subject: 'Huurcontract',
  state_id: 1,
  credits_cost: 0,
  created_at: '2025-03-04T09:05:00Z',
  expires_at: '2025-04-04T09:05:00Z',
  emails: [],
  custom_field_values: [],
  signers: [signer(1), signer(2), signer(3)],
  signables: [],
};

function renderDetail(company: Record<string, unknown>, request: object = draft) {
  stubApi({
    company: { id: 1, name: 'Bedrijf BV', features: [], ...company },
    answer: (url) => (url === '/api/sign-requests/7' ? json(request) : undefined),
  });
  renderRoutes(
    screenRoutes({
      path: '/ondertekening/:id',
      permission: ['getSignRequest', 'getMySignRequest'],
      Component: ShowSigningRoute,
    }),
    '/ondertekening/7',
  );
}

afterEach(resetApp);

describe("a draft's detail screen and the plan's send rule", () => {
  it('on a paid plan says what goes beyond the balance and keeps Versturen enabled', async () => {
    renderDetail({ credits: 1, current_payment_plan: plan(2, 1) });
    const send = await screen.findByRole<HTMLButtonElement>('button', { name: 'Versturen' });
    expect(send.disabled).toBe(false);
    expect(screen.getByText('Credits boven je tegoed')).toBeTruthy();
    expect(
      screen.getByText(/Deze ondertekening kost 3 credits en je tegoed is 1 credit: 2 credits/),
    ).toBeTruthy();
    expect(screen.queryByText(/niet voldoende credits/)).toBeNull();
  });

  it('on the free plan disables Versturen and links the 402 text to the credits screen', async () => {
    renderDetail({ credits: 1, current_payment_plan: plan(1, 1.5) });
    const send = await screen.findByRole<HTMLButtonElement>('button', { name: 'Versturen' });
    expect(send.disabled).toBe(true);
    expect(screen.queryByText('Credits boven je tegoed')).toBeNull();
    expect(screen.getByRole('link', { name: 'Credits kopen' }).getAttribute('href')).toBe(
      '/instellingen/credits',
    );
  });
});

const signedDocument = {
  id: 11,
  name: 'Huurcontract',
  filename: 'huurcontract.pdf',
  size: 2048,
  options: { pages: 2, filesize: 2048 },
  file_deleted_at: null,
  signed_signable: { pages: 3, size: 4096 },
};
const signed = {
  ...draft,
  state_id: 5,
  completed_at: '2025-03-10T09:05:00Z',
  estimated_gdpr_purge_at: '2025-04-09T09:05:00Z',
  gdpr_purged_at: null,
  signers: [{ ...signer(1), state_id: 5 }],
  signables: [signedDocument],
};

describe('the values signers filled in', () => {
  it('lists each value as stamped and links an attachment for download', async () => {
    renderDetail(
      { credits: 1, current_payment_plan: plan(2, 1) },
      {
        ...signed,
        signables: [
          {
            ...signedDocument,
            field_values: [
              {
                index: 0,
                type: 'date',
                name: 'ingang',
                value: '2026-03-01',
                display: '01-03-2026',
                attachment: null,
              },
              {
                index: 1,
                type: 'number',
                name: null,
                value: '1234.5',
                display: '1.234,50',
                attachment: null,
              },
              {
                index: 2,
                type: 'text',
                name: 'leeg',
                value: null,
                display: null,
                attachment: null,
              },
              {
                index: 3,
                type: 'attachment',
                name: 'id',
                value: '{}',
                display: 'paspoort.jpg',
                attachment: { name: 'paspoort.jpg', type: 'image/jpeg', size: 10, sha256: 'ab' },
              },
            ],
          },
        ],
      },
    );
    const table = await screen.findByRole('table', { name: 'Ingevulde velden' });
    expect(table.textContent).toContain('ingang01-03-2026');
    expect(table.textContent).toContain('Veld 21.234,50');
    expect(table.textContent).not.toContain('leeg');
    const link = screen.getByRole('link', { name: 'Bijlage paspoort.jpg downloaden' });
    expect(link.getAttribute('href')).toContain('/sign-requests/');
    expect(link.getAttribute('href')).toContain('/signables/11/fields/3/attachment');
  });
});

describe('the GDPR purge on the detail screen', () => {
  it('shows when the documents will be removed, with the downloads', async () => {
    renderDetail({ credits: 1, current_payment_plan: plan(2, 1) }, signed);
    expect(await screen.findByText('Wordt verwijderd op')).toBeTruthy();
    expect(screen.getByText('09-04-2025')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Downloaden' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Auditcertificaat downloaden' })).toBeTruthy();
  });

  it('once purged says so and offers no download', async () => {
    renderDetail(
      { credits: 1, current_payment_plan: plan(2, 1) },
      {
        ...signed,
        gdpr_purged_at: '2025-04-09T10:00:00Z',
        signables: [{ ...signedDocument, file_deleted_at: '2025-04-09T10:00:00Z' }],
      },
    );
    expect(
      await screen.findByText(
        'De documenten zijn op 09-04-2025 verwijderd in verband met de privacywetgeving (AVG).',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Wordt verwijderd op')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Downloaden' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Auditcertificaat downloaden' })).toBeNull();
  });
});

describe('editing the address of a signer who was already invited', () => {
  const invited = {
    ...signer(1),
    state_id: 3,
    locale: 'nl',
    phone: null,
    verifications: [{ type: 1, text: 'Email' }],
    reminder_after: 3,
    max_reminders: 5,
    idinServices: [],
    manual_reminders_sent: 0,
    manual_reminder_available_at: null,
    next_reminder_at: null,
  };
  const inProgress = { ...draft, state_id: 3, signers: [invited] };

  it('offers "Nu een herinnering sturen" in the success message, which sends the reminder', async () => {
    const fetch = stubApi({
      company: {
        id: 1,
        name: 'Bedrijf BV',
        features: [],
        credits: 5,
        current_payment_plan: plan(2, 1),
      },
      answer: (url, init) => {
        if (url === '/api/sign-requests/7') return json(inProgress);
        if (url === '/api/sign-requests/7/update-signer' && init?.method === 'PUT') return json({});
        if (url === '/api/sign-requests/1/send-manual-reminder' && init?.method === 'PUT')
          return json({});
        return undefined;
      },
    });
    renderRoutes(
      screenRoutes({
        path: '/ondertekening/:id',
        permission: ['getSignRequest', 'getMySignRequest'],
        Component: ShowSigningRoute,
      }),
      '/ondertekening/7',
      { notifications: true },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Bewerken Onder1 Tekenaar' }));
    const email = await screen.findByRole('textbox', { name: /E-mailadres/ });
    fireEvent.change(email, { target: { value: 'nieuw@voorbeeld.nl' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));

    expect(await screen.findByText('Bewerken geslaagd')).toBeTruthy();
    const remindNow = await screen.findByRole('button', { name: 'Nu een herinnering sturen' });
    const update = apiCalls(fetch).find((c) => c.url.endsWith('/update-signer'));
    expect(update?.body).toMatchObject({ signer_id: 1, email: 'nieuw@voorbeeld.nl' });
    expect(apiCalls(fetch).some((c) => c.url.endsWith('/send-manual-reminder'))).toBe(false);

    fireEvent.click(remindNow);
    await waitFor(() =>
      expect(apiCalls(fetch).filter((c) => c.url.endsWith('/send-manual-reminder'))).toEqual([
        expect.objectContaining({
          url: '/api/sign-requests/1/send-manual-reminder',
          method: 'PUT',
        }),
      ]),
    );
    expect(await screen.findByText(texts.reminderOk)).toBeTruthy();
  });

  it('says nothing about a reminder when the address stayed the same', async () => {
    stubApi({
      company: {
        id: 1,
        name: 'Bedrijf BV',
        features: [],
        credits: 5,
        current_payment_plan: plan(2, 1),
      },
      answer: (url, init) => {
        if (url === '/api/sign-requests/7') return json(inProgress);
        if (url === '/api/sign-requests/7/update-signer' && init?.method === 'PUT') return json({});
        return undefined;
      },
    });
    renderRoutes(
      screenRoutes({
        path: '/ondertekening/:id',
        permission: ['getSignRequest', 'getMySignRequest'],
        Component: ShowSigningRoute,
      }),
      '/ondertekening/7',
      { notifications: true },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Bewerken Onder1 Tekenaar' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /Voornaam/ }), {
      target: { value: 'Onder' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Bewerken geslaagd')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nu een herinnering sturen' })).toBeNull();
  });
});

describe('a declined request on the detail screen', () => {
  it("shows the signer's reason, not only in the mail", async () => {
    renderDetail(
      { credits: 1, current_payment_plan: plan(2, 1) },
      {
        ...draft,
        state_id: 4,
        signers: [
          { ...signer(1), state_id: 4, decline_reason: 'De huurprijs klopt niet.' },
          { ...signer(2), state_id: 3, decline_reason: null },
        ],
      },
    );
    const declined = await screen.findByRole('region', { name: 'Onder1 Tekenaar' });
    expect(within(declined).getByText('Reden van weigering')).toBeTruthy();
    expect(within(declined).getByText('De huurprijs klopt niet.')).toBeTruthy();
    const waiting = screen.getByRole('region', { name: 'Onder2 Tekenaar' });
    expect(within(waiting).queryByText('Reden van weigering')).toBeNull();
    expect(screen.getAllByText('Geweigerd').length).toBeGreaterThan(0);
  });
});
