import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Notifications, notifications } from '@mantine/notifications';
import type { AdminUserRow } from '@paraaf/contract';
import { AppProvider } from '../../../app/provider';
import { tokens } from '../../../lib/api-client';
import { json, resetApp } from '../../../test/app-harness';
import { AddCreditsModal } from './add-credits-modal';

const row = (firstUser: AdminUserRow['company']['first_user']): AdminUserRow => ({
  id: 5,
  name: 'Gijs Gebruiker',
  email: 'gijs@brood.nl',
  created_at: '2026-01-02T10:00:00Z',
  role: 'user',
  is_platform_admin: false,
  is_active: true,
  company: { id: 9, name: 'Bakkerij Brood', first_user: firstUser },
  sign_requests: 3,
  credits: 10,
  payment_plan: 'Gratis',
  next_payment_date: null,
});

afterEach(() => {
  resetApp();
  vi.restoreAllMocks();
});

function open(user: AdminUserRow, answer: () => Response = () => json({}, 201)) {
  tokens.set('beheer-token');
  const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.resolve(answer()));
  vi.stubGlobal('fetch', fetch);
  const onClose = vi.fn();
  render(
    <AppProvider>
      <Notifications />
      <AddCreditsModal user={user} onClose={onClose} />
    </AppProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Credits toevoegen en factuur versturen' });
  const field = (label: RegExp) => within(dialog).getByLabelText<HTMLInputElement>(label);
  return { fetch, onClose, dialog, field };
}

describe('Credits toevoegen en factuur versturen', () => {
  it('defaults the recipient to the company’s first user, else the chosen user', () => {
    const { field } = open(row({ name: 'Bert Bakker', email: 'bert@brood.nl' }));
    expect(field(/^Factuur versturen naar/).value).toBe('bert@brood.nl');
    expect(field(/^Naam ontvanger/).value).toBe('Bert Bakker');
    expect(field(/^Factuurregel omschrijving/).value).toBe('Credits');
  });

  it('falls back to the selected user without a first user', () => {
    const { field } = open(row(null));
    expect(field(/^Factuur versturen naar/).value).toBe('gijs@brood.nl');
    expect(field(/^Naam ontvanger/).value).toBe('Gijs Gebruiker');
  });

  it('shows the summary with prices excl. and incl. 21% VAT', async () => {
    const { field, dialog } = open(row(null));
    fireEvent.change(field(/^Aantal credits/), { target: { value: '150' } });
    fireEvent.change(field(/^Prijs per credit/), { target: { value: '0,75' } });
    const summary = within(dialog).getByTestId('add-credits-summary');
    await waitFor(() => expect(within(summary).getByText('€ 112,50')).toBeTruthy());
    expect(within(summary).getByText('€ 136,13')).toBeTruthy(); // 112,50 + 23,625 → 23,63
    expect(within(summary).getByText('Bakkerij Brood')).toBeTruthy();
    expect(within(summary).getByText('Gijs Gebruiker (gijs@brood.nl)')).toBeTruthy();
    expect(within(summary).getByText('Prijs incl. btw (21%)')).toBeTruthy();
  });

  it('validates before sending: nothing is sent with empty fields', async () => {
    const { field, dialog, fetch } = open(row(null));
    fireEvent.change(field(/^Factuur versturen naar/), { target: { value: 'geen-adres' } });
    fireEvent.change(field(/^Factuurregel omschrijving/), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Credits toevoegen' }));
    expect(
      await within(dialog).findByText('Dit veld is dient een emailadres te zijn'),
    ).toBeTruthy();
    expect(within(dialog).getAllByText('Dit veld is verplicht').length).toBeGreaterThanOrEqual(3);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('adds the credits with one Idempotency-Key, says so for 10 s and closes', async () => {
    const show = vi.spyOn(notifications, 'show');
    const { field, dialog, fetch, onClose } = open(row(null));
    fireEvent.change(field(/^Aantal credits/), { target: { value: '150' } });
    fireEvent.change(field(/^Prijs per credit/), { target: { value: '0,75' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Credits toevoegen' }));
    expect(await screen.findByText('Credits toegevoegd en factuur opgestuurd')).toBeTruthy();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ autoClose: 10_000 }));
    expect(onClose).toHaveBeenCalled();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/companies/9/add-credits-with-invoice');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init!.body as string)).toEqual({
      total_credits: 150,
      price_per_credit: '0.75',
      email: 'gijs@brood.nl',
      name: 'Gijs Gebruiker',
      description: 'Credits',
    });
    const key = new Headers(init!.headers).get('Idempotency-Key');
    expect(key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('sends the same key again when the first attempt failed, and alerts the failure', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { field, dialog, fetch, onClose } = open(row(null), () =>
      json({ message: 'Er is iets mis gegaan' }, 503),
    );
    fireEvent.change(field(/^Aantal credits/), { target: { value: '5' } });
    fireEvent.change(field(/^Prijs per credit/), { target: { value: '1' } });
    const submit = within(dialog).getByRole('button', { name: 'Credits toevoegen' });
    fireEvent.click(submit);
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Er is iets mis gegaan'));
    fireEvent.click(submit);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const keys = fetch.mock.calls.map(([, init]) =>
      new Headers(init!.headers).get('Idempotency-Key'),
    );
    expect(keys[0]).toBe(keys[1]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('puts the server’s field errors on the fields', async () => {
    const { field, dialog } = open(row(null), () =>
      json(
        {
          message: 'Je hebt niet alle velden correct ingevuld',
          errors: { total_credits: ['De waarde in dit veld is teveel'] },
        },
        422,
      ),
    );
    fireEvent.change(field(/^Aantal credits/), { target: { value: '5' } });
    fireEvent.change(field(/^Prijs per credit/), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Credits toevoegen' }));
    expect(await within(dialog).findByText('De waarde in dit veld is teveel')).toBeTruthy();
  });

  describe('Prijs per credit: one money input', () => {
    it("reads a typed '0,85' as 85 cents: € 85,00 for 100 credits, '0.85' sent", async () => {
      const { field, dialog, fetch } = open(row(null));
      fireEvent.change(field(/^Aantal credits/), { target: { value: '100' } });
      fireEvent.change(field(/^Prijs per credit/), { target: { value: '0,85' } });
      fireEvent.blur(field(/^Prijs per credit/));
      expect(field(/^Prijs per credit/).value).toBe('0,85');
      const summary = within(dialog).getByTestId('add-credits-summary');
      await waitFor(() => expect(within(summary).getByText(/^€\s85,00$/)).toBeTruthy());
      fireEvent.click(within(dialog).getByRole('button', { name: 'Credits toevoegen' }));
      await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
      expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toMatchObject({
        price_per_credit: '0.85',
      });
    });

    it("reads a pasted '0.9' as € 0,90, not 9", async () => {
      const { field, dialog, fetch } = open(row(null));
      fireEvent.change(field(/^Aantal credits/), { target: { value: '3025' } });
      fireEvent.change(field(/^Prijs per credit/), { target: { value: '0.9' } });
      fireEvent.blur(field(/^Prijs per credit/));
      expect(field(/^Prijs per credit/).value).toBe('0,90');
      const summary = within(dialog).getByTestId('add-credits-summary');
      await waitFor(() => expect(within(summary).getByText(/^€\s2\.722,50$/)).toBeTruthy());
      fireEvent.click(within(dialog).getByRole('button', { name: 'Credits toevoegen' }));
      await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
      expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toMatchObject({
        total_credits: 3025,
        price_per_credit: '0.90',
      });
    });

    it("refuses '1,234' with a Dutch message on the field and sends nothing", async () => {
      const { field, dialog, fetch } = open(row(null));
      fireEvent.change(field(/^Aantal credits/), { target: { value: '10' } });
      fireEvent.change(field(/^Prijs per credit/), { target: { value: '1,234' } });
      fireEvent.blur(field(/^Prijs per credit/));
      const message = 'Vul een bedrag in met hoogstens twee decimalen';
      expect(await within(dialog).findByText(message)).toBeTruthy();
      expect(field(/^Prijs per credit/).getAttribute('aria-invalid')).toBe('true');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Credits toevoegen' }));
      expect(await within(dialog).findByText(message)).toBeTruthy();
      expect(fetch).not.toHaveBeenCalled();
    });

    it('asks to confirm a price per credit above € 100, and again for another price', async () => {
      const { field, dialog, fetch } = open(row(null));
      fireEvent.change(field(/^Aantal credits/), { target: { value: '2' } });
      fireEvent.change(field(/^Prijs per credit/), { target: { value: '100' } });
      expect(within(dialog).queryByRole('checkbox')).toBeNull();
      fireEvent.change(field(/^Prijs per credit/), { target: { value: '150' } });
      const confirm = await within(dialog).findByRole('checkbox', {
        name: /^Ja, de prijs per credit is echt €\s150,00$/,
      });
      const submit = within(dialog).getByRole('button', { name: 'Credits toevoegen' });
      fireEvent.click(submit);
      expect(await within(dialog).findByText('Bevestig deze hoge prijs per credit')).toBeTruthy();
      expect(fetch).not.toHaveBeenCalled();
      fireEvent.click(confirm);
      fireEvent.change(field(/^Prijs per credit/), { target: { value: '900' } });
      const again = await within(dialog).findByRole('checkbox', { name: /€\s900,00$/ });
      expect((again as HTMLInputElement).checked).toBe(false);
      fireEvent.click(again);
      fireEvent.click(submit);
      await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
      expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toMatchObject({
        price_per_credit: '900.00',
      });
    });
  });
});
