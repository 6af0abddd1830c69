import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages, type CustomPaymentPlan } from '@paraaf/contract';
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
import { verificationPrice } from '../lib/plan-prices';
import { AllPaymentPlansRoute } from './all-payment-plans';

const plan: CustomPaymentPlan = {
  id: 9,
  name: 'Maatwerk Bakkerij',
  type: 'month',
  price_per_month: 39.5,
  price_per_credit: 0.75,
  credits_per_month: 60,
  sms_euros_price: 0.15,
  sms_credits_price: 1,
  idin_euros_price: 0,
  idin_credits_price: 0,
  wallet_euros_price: 1.75,
  wallet_credits_price: 3,
  delegation_costs_credit: false,
  available_for_companies: [{ id: 7, name: 'Bakkerij Zoet' }],
};

afterEach(resetApp);

function renderScreen(
  plans: CustomPaymentPlan[],
  onSave: (url: string, body: unknown) => Response,
) {
  stubApi({
    user: platformAdmin({ impersonated_by: null, company: { id: 1, name: 'Paraaf beheer' } }),
    company: sessionCompany({
      name: 'Paraaf beheer',
      credits: 0,
      current_payment_plan: { price: { type: 'invoice' } },
    }),
    answer: (u, init) => {
      if (u.startsWith('/api/all-payment-plans?') || u === '/api/all-payment-plans')
        return json({
          companies: [
            { id: 7, name: 'Bakkerij Zoet' },
            { id: 8, name: 'Garage Snel' },
          ],
          payment_plans: listPage(plans),
        });
      if (u.startsWith('/api/all-payment-plans/'))
        return onSave(u, JSON.parse(init!.body as string));
      return undefined;
    },
  });
  renderRoutes(
    screenRoutes({
      path: '/all-payment-plans',
      permission: 'adminGetPaymentPlans',
      Component: AllPaymentPlansRoute,
      layout: true,
    }),
    '/all-payment-plans',
  );
}

describe('verificationPrice', () => {
  it("joins credits and euros with 'en', else 'gratis'", () => {
    expect(verificationPrice(0, 0)).toBe('gratis');
    expect(verificationPrice(1, 0)).toBe('1 credit');
    expect(verificationPrice(2, 0.15)).toMatch(/^2 credits en €\s0,15$/);
    expect(verificationPrice(0, 1.5)).toMatch(/^€\s1,50$/);
  });
});

describe('Custom subscriptions screen', () => {
  it('shows the empty text', async () => {
    renderScreen([], () => json({}));
    expect(await screen.findByText('Er zijn nog geen aangepaste abonnementen')).toBeTruthy();
  });

  it('shows a card per plan', async () => {
    renderScreen([plan], () => json({}));
    const card = within(
      (await screen.findByText('Maatwerk Bakkerij')).closest('article') as HTMLElement,
    );
    expect(card.getByText(/39,50/)).toBeTruthy();
    expect(card.getByText('60')).toBeTruthy();
    expect(card.getByText(/^1 credit en €\s0,15$/)).toBeTruthy();
    expect(card.getByText('gratis')).toBeTruthy();
    expect(card.getByText('Prijs per EU-wallet')).toBeTruthy();
    expect(card.getByText(/^3 credits en €\s1,75$/)).toBeTruthy();
    expect(card.getByText('Bakkerij Zoet')).toBeTruthy();
  });

  it('creates a plan with every field, and puts server errors on the fields', async () => {
    const saved: unknown[] = [];
    renderScreen([], (url, body) => {
      saved.push({ url, body });
      return saved.length === 1
        ? json(
            { message: messages.invalidInput, errors: { name: ['Deze naam is al in gebruik'] } },
            422,
          )
        : json(plan, 201);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Nieuw aangepast abonnement' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Abonnement aanmaken/bewerken' }),
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Opslaan' }));
    // Required fields are checked before anything is sent.
    expect((await dialog.findAllByText(messages.required)).length).toBeGreaterThanOrEqual(8);
    expect(saved).toEqual([]);

    const set = (label: string, value: string) =>
      fireEvent.change(dialog.getByLabelText(label, { exact: false }), { target: { value } });
    set('Naam', 'Maatwerk Bakkerij');
    set('Prijs per maand (ex btw)', '39.5');
    set('Prijs per prepaid credit (ex btw)', '0.75');
    set('Credits per maand', '60');
    set('Prijs per SMS', '0.15');
    set('Credits per SMS', '1');
    set('Prijs per iDIN transactie', '0');
    set('Credits per iDIN transactie', '0');
    set('Prijs per EU-wallet verificatie', '1,75');
    set('Credits per EU-wallet verificatie', '3');
    const priceInput = dialog.getByLabelText('Prijs per SMS', { exact: false });
    expect(priceInput.getAttribute('inputmode')).toBe('decimal');
    const companies = dialog.getByLabelText('Beschikbaar voor', { exact: false });
    fireEvent.focus(companies);
    fireEvent.click(companies);
    fireEvent.click(await screen.findByRole('option', { name: 'Bakkerij Zoet', hidden: true }));
    fireEvent.click(dialog.getByRole('checkbox', { name: /Delegeren kost een credit/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Opslaan' }));
    expect(await dialog.findByText('Deze naam is al in gebruik')).toBeTruthy();
    expect(saved[0]).toEqual({
      url: '/api/all-payment-plans/create',
      body: {
        name: 'Maatwerk Bakkerij',
        price_per_month: '39.50',
        price_per_credit: '0.75',
        credits_per_month: '60',
        sms_euros_price: '0.15',
        sms_credits_price: '1',
        idin_euros_price: '0.00',
        idin_credits_price: '0',
        wallet_euros_price: '1.75',
        wallet_credits_price: '3',
        delegation_costs_credit: true,
        available_for_companies: [7],
      },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Abonnement aanmaken/bewerken' })).toBeNull(),
    );
    expect(saved).toHaveLength(2);
  }, 20_000);

  describe('money fields: one money input', () => {
    async function openForm(plans: CustomPaymentPlan[] = []) {
      const saved: { url: string; body: Record<string, unknown> }[] = [];
      renderScreen(plans, (url, body) => {
        saved.push({ url, body: body as Record<string, unknown> });
        return json(plan, 201);
      });
      if (plans.length)
        fireEvent.click(await screen.findByRole('button', { name: `${plans[0]!.name} bewerken` }));
      else
        fireEvent.click(await screen.findByRole('button', { name: 'Nieuw aangepast abonnement' }));
      const dialog = within(
        await screen.findByRole('dialog', { name: 'Abonnement aanmaken/bewerken' }),
      );
      const input = (label: string) =>
        dialog.getByLabelText<HTMLInputElement>(label, { exact: false });
      const set = (label: string, value: string) => {
        fireEvent.change(input(label), { target: { value } });
        fireEvent.blur(input(label));
      };
      return { saved, dialog, input, set };
    }

    it("reads a typed '0,85' as € 0,85 (85 cents, not € 85,00) and a pasted '0.9' as € 0,90", async () => {
      const { saved, dialog, input, set } = await openForm([plan]);
      set('Prijs per prepaid credit (ex btw)', '0,85');
      expect(input('Prijs per prepaid credit (ex btw)').value).toBe('0,85');
      set('Prijs per SMS', '0.9');
      expect(input('Prijs per SMS').value).toBe('0,90');
      // The stored plan's euros come back with a comma too.
      expect(input('Prijs per maand (ex btw)').value).toBe('39,50');
      fireEvent.click(dialog.getByRole('button', { name: 'Opslaan' }));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]!.url).toBe('/api/all-payment-plans/9');
      expect(saved[0]!.body).toMatchObject({
        price_per_month: '39.50',
        price_per_credit: '0.85',
        sms_euros_price: '0.90',
      });
    });

    it("refuses '1,234' with a Dutch message on the field and saves nothing", async () => {
      const { saved, dialog, input, set } = await openForm([plan]);
      set('Prijs per iDIN transactie', '1,234');
      const message = 'Vul een bedrag in met hoogstens twee decimalen';
      expect(await dialog.findByText(message)).toBeTruthy();
      expect(input('Prijs per iDIN transactie').getAttribute('aria-invalid')).toBe('true');
      fireEvent.click(dialog.getByRole('button', { name: 'Opslaan' }));
      expect(await dialog.findByText(message)).toBeTruthy();
      expect(saved).toEqual([]);
    });

    it('asks to confirm a price per credit above € 100 before saving', async () => {
      const { saved, dialog, set } = await openForm([plan]);
      set('Prijs per prepaid credit (ex btw)', '185');
      fireEvent.click(dialog.getByRole('button', { name: 'Opslaan' }));
      expect(await dialog.findByText('Bevestig deze hoge prijs per credit')).toBeTruthy();
      expect(saved).toEqual([]);
      fireEvent.click(
        dialog.getByRole('checkbox', { name: /^Ja, de prijs per credit is echt €\s185,00$/ }),
      );
      fireEvent.click(dialog.getByRole('button', { name: 'Opslaan' }));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]!.body).toMatchObject({ price_per_credit: '185.00' });
    });
  });
});
