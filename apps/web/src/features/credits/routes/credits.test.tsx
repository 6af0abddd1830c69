import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages, type PaymentPlan, type PaymentPlanPrice } from '@paraaf/contract';
import {
  apiCalls,
  companyAdmin,
  companyUserWithRole,
  json,
  listPage,
  renderRoutes,
  screenRoutes,
  resetApp,
  sessionCompany,
  stubApi,
} from '../../../test/app-harness';
import { checkout } from '../lib/checkout';
import { amsterdamToday } from '../lib/plans';
import { CreditsRoute } from './credits';

// formatEuro puts a no-break space after €; Testing Library's matchers see it as a space.
const euro = (s: string) => `€ ${s}`;
const euroText = (s: string) => `€\u00a0${s}`;

const basePrice: PaymentPlanPrice = {
  price: 0,
  type: 'prepaid',
  credits_per_month: 0,
  users: 1,
  idin_euros_price: 0,
  idin_credits_price: 0,
  wallet_euros_price: 0,
  wallet_credits_price: 0,
  sms_euros_price: 0,
  sms_credits_price: 0,
  price_per_credit: 1.25,
};
const plan = (id: number, name: string, features: string[], price: Partial<PaymentPlanPrice>) =>
  ({
    id,
    name,
    features,
    deprecated: false,
    valid_from: null,
    custom: false,
    price: { ...basePrice, ...price },
  }) as PaymentPlan;

// iDIN prices as the seeded free and standard plans carry them, though neither offers iDIN.
const free = plan(
  1,
  'Gratis',
  ['multiple_signers', 'multiple_documents', 'input_fields', 'buy_credits'],
  { idin_credits_price: 2 },
);
const standard = plan(2, 'Standaard', ['multiple_signers', 'templates', 'users', 'buy_credits'], {
  price: 49,
  type: 'month',
  credits_per_month: 50,
  users: 10,
  price_per_credit: 1,
  sms_euros_price: 0.15,
  idin_credits_price: 2,
});
const premium = plan(
  3,
  'Premium',
  ['multiple_signers', 'templates', 'api', 'webhooks', 'buy_credits', 'idin_verification'],
  {
    price: 149,
    type: 'month',
    credits_per_month: 200,
    users: null,
    price_per_credit: 0.8,
    idin_credits_price: 1,
    idin_euros_price: 0.25,
  },
);

const today = amsterdamToday();
const company = sessionCompany({
  features: ['multiple_signers', 'buy_credits'],
  current_payment_plan: free,
  payment_plans: [{ ...free, valid_from: '2025-03-04', status: 'planned' }],
  next_payment_date: null,
});

type Handler = (url: string, init: RequestInit | undefined) => Response | undefined;

function renderCredits(
  options: {
    company?: Record<string, unknown>;
    user?: ReturnType<typeof companyAdmin>;
    canWithdraw?: boolean;
    handle?: Handler;
  } = {},
) {
  const fetch = stubApi({
    user: options.user ?? companyAdmin(),
    company: { ...company, ...options.company },
    answer: (url, init) => {
      const handled = options.handle?.(url, init);
      if (handled) return handled;
      if (url === '/api/payment-plans') return json([free, standard, premium]);
      if (url === '/api/company/recurring-payment-status')
        return json({ can_withdraw: options.canWithdraw ?? false });
      if (url.startsWith('/api/payments?'))
        return json(
          listPage([
            {
              id: 7,
              created_at: '2026-11-20T13:05:00Z',
              description: '50 credits',
              amount: 60.5,
              status: 'paid',
              kind: 'credits',
            },
            {
              id: 6,
              created_at: '2026-11-19T08:00:00Z',
              description: '10 credits',
              amount: 12.1,
              status: 'canceled',
              kind: 'credits',
            },
          ]),
        );
      return undefined;
    },
  });
  const calls = () => apiCalls(fetch);
  renderRoutes(
    screenRoutes({
      path: '/instellingen/credits',
      permission: 'getPaymentPlans',
      Component: CreditsRoute,
      home: 'Home',
    }),
    '/instellingen/credits',
    { notifications: true },
  );
  return { calls, fetch };
}

const card = async (name: string) =>
  (await screen.findByRole('heading', { name })).closest('article') as HTMLElement;

afterEach(() => {
  resetApp();
  vi.restoreAllMocks();
});

describe('Credits & Abonnementen: buying credits', () => {
  it('shows the price per credit and the totals excl. and incl. 21% VAT as the amount changes', async () => {
    renderCredits();
    const amount = await screen.findByRole('textbox', { name: /Aantal credits/ });
    expect(screen.getByText('Je hebt nu 10 credits.')).toBeTruthy();
    const buy = screen.getByRole('table', { name: 'Credits kopen' });
    expect(within(buy).getByText(euro('1,25'))).toBeTruthy();
    // The default 50 credits × € 1,25.
    expect(screen.getByTestId('total-excl').textContent).toBe(euroText('62,50'));
    expect(screen.getByTestId('vat').textContent).toBe(euroText('13,13'));
    expect(screen.getByTestId('total-incl').textContent).toBe(euroText('75,63'));

    fireEvent.change(amount, { target: { value: '2500' } });
    expect(screen.getByTestId('total-excl').textContent).toBe(euroText('3.125,00'));
    expect(screen.getByTestId('vat').textContent).toBe(euroText('656,25'));
    expect(screen.getByTestId('total-incl').textContent).toBe(euroText('3.781,25'));

    fireEvent.change(amount, { target: { value: '2501' } });
    expect(screen.getByTestId('total-incl').textContent).toBe('–');
  });

  it('refuses 0 and 2501 with the seed texts and sends nothing', async () => {
    const { calls } = renderCredits();
    const amount = await screen.findByRole('textbox', { name: /Aantal credits/ });
    fireEvent.change(amount, { target: { value: '2501' } });
    fireEvent.click(screen.getByRole('button', { name: 'Credits kopen' }));
    expect(await screen.findByText(messages.max)).toBeTruthy();
    fireEvent.change(amount, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Credits kopen' }));
    expect(await screen.findByText(messages.min)).toBeTruthy();
    fireEvent.change(amount, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Credits kopen' }));
    expect(await screen.findByText(messages.required)).toBeTruthy();
    expect(calls().some((c) => c.url === '/api/credits')).toBe(false);
  });

  it('posts the amount and goes to the checkout URL it gets back', async () => {
    const open = vi.spyOn(checkout, 'open').mockImplementation(() => {});
    const { calls } = renderCredits({
      handle: (url, init) =>
        url === '/api/credits' && init?.method === 'POST'
          ? json({ redirect_url: 'https://pay.example/checkout/tr_1' }, 201)
          : undefined,
    });
    const amount = await screen.findByRole('textbox', { name: /Aantal credits/ });
    fireEvent.change(amount, { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Credits kopen' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://pay.example/checkout/tr_1'));
    expect(calls().find((c) => c.url === '/api/credits')?.body).toEqual({ amount: 120 });
  });

  it("puts the server's 422 on the amount field", async () => {
    renderCredits({
      handle: (url) =>
        url === '/api/credits'
          ? json({ message: 'Ongeldig', errors: { amount: [messages.max] } }, 422)
          : undefined,
    });
    await screen.findByRole('textbox', { name: /Aantal credits/ });
    fireEvent.click(screen.getByRole('button', { name: 'Credits kopen' }));
    expect(await screen.findByText(messages.max)).toBeTruthy();
  });

  it('hides buying without the buy_credits feature', async () => {
    renderCredits({ company: { features: ['multiple_signers'] } });
    await card('Standaard');
    expect(screen.queryByRole('textbox', { name: /Aantal credits/ })).toBeNull();
  });
});

describe('Credits & Abonnementen: plans', () => {
  it('shows each plan with its prices, its features and the current plan marked', async () => {
    renderCredits();
    const gratis = await card('Gratis');
    expect(within(gratis).getByText('Huidig abonnement')).toBeTruthy();
    expect(within(gratis).queryByRole('button', { name: 'Kies dit abonnement' })).toBeNull();
    // Price 0 per month: 'gratis'; SMS without a price: 'gratis'.
    expect(within(gratis).getAllByText('gratis')).toHaveLength(2);

    const std = await card('Standaard');
    expect(within(std).getByText(euro('49,00'))).toBeTruthy();
    expect(within(std).getByText('50')).toBeTruthy();
    expect(within(std).getByText('10')).toBeTruthy();
    expect(within(std).getByText(euro('0,15'))).toBeTruthy();
    const templates = within(std).getByText('Templates').closest('li')!;
    expect(within(templates).getByRole('img', { name: 'Inbegrepen' })).toBeTruthy();
    const api = within(std).getByText('API').closest('li')!;
    expect(within(api).getByRole('img', { name: 'Niet inbegrepen' })).toBeTruthy();
    // Every plan feature of seed 001 §6 has a line, and iDIN and the EU wallet.
    expect(within(std).getAllByRole('listitem')).toHaveLength(12);
    const wallet = within(std).getAllByText('EU-wallet-verificatie').at(-1)!.closest('li')!;
    expect(within(wallet).getByRole('img', { name: 'Niet inbegrepen' })).toBeTruthy();

    const prem = await card('Premium');
    expect(within(prem).getByText('onbeperkt')).toBeTruthy();
    expect(within(prem).getByText(`1 credit en ${euro('0,25')}`)).toBeTruthy();
    expect(within(prem).getByText(euro('0,80'))).toBeTruthy();
    const webhooks = within(prem).getByText('Webhooks').closest('li')!;
    expect(within(webhooks).getByRole('img', { name: 'Inbegrepen' })).toBeTruthy();
  });

  it('shows an iDIN price only on a plan with iDIN, and iDIN in the feature list', async () => {
    renderCredits();
    const idinPrice = (card: HTMLElement) =>
      within(card).getByText('iDIN-verificatie', { selector: 'dt' }).nextElementSibling!
        .textContent;
    const idinLine = (card: HTMLElement) =>
      within(card)
        .getAllByRole('listitem')
        .find((li) => li.textContent === 'iDIN-verificatie')!;
    for (const name of ['Gratis', 'Standaard']) {
      const c = await card(name);
      expect(idinPrice(c), name).toBe('niet beschikbaar');
      expect(within(c).queryByText('2 credits')).toBeNull();
      expect(within(idinLine(c)).getByRole('img', { name: 'Niet inbegrepen' })).toBeTruthy();
    }
    const prem = await card('Premium');
    expect(idinPrice(prem)).toBe(`1 credit en ${euroText('0,25')}`);
    expect(within(idinLine(prem)).getByRole('img', { name: 'Inbegrepen' })).toBeTruthy();
  });

  it('upgrading from the free plan starts today and goes to the first payment without a mandate', async () => {
    const open = vi.spyOn(checkout, 'open').mockImplementation(() => {});
    const { calls } = renderCredits({
      handle: (url, init) =>
        url === '/api/payment-plans' && init?.method === 'POST'
          ? json({ redirect_url: 'https://pay.example/checkout/tr_first', payment_plan: null })
          : undefined,
    });
    const std = await card('Standaard');
    fireEvent.click(within(std).getByRole('button', { name: 'Kies dit abonnement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Overstappen naar Standaard' });
    const [y, m, d] = today.split('-');
    expect(within(dialog).getByText(`De wijziging gaat vandaag (${d}-${m}-${y}) in.`)).toBeTruthy();
    expect(
      within(dialog).getByText(new RegExp(`eerste maand \\(${euro('59,29')} incl. btw\\)`)),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bevestigen' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://pay.example/checkout/tr_first'));
    expect(
      calls().find((c) => c.url === '/api/payment-plans' && c.method === 'POST')?.body,
    ).toEqual({
      id: 2,
    });
  });

  it('a downgrade from a month plan starts at the end of the period and is confirmed', async () => {
    const open = vi.spyOn(checkout, 'open').mockImplementation(() => {});
    // jsdom does not scroll (test/setup.ts gives a no-op): the elements asked are noted.
    const scrolledTo: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolledTo.push(this);
    });
    const scheduled = { ...free, valid_from: '2099-01-10', status: 'planned' };
    let chosen = false;
    renderCredits({
      canWithdraw: true,
      company: {
        current_payment_plan: standard,
        next_payment_date: '2099-01-10',
        features: ['multiple_signers', 'templates', 'buy_credits'],
      },
      handle: (url, init) => {
        if (url === '/api/payment-plans' && init?.method === 'POST') {
          chosen = true;
          return json({ redirect_url: null, payment_plan: scheduled });
        }
        if (url === '/api/company' && chosen)
          return json({
            ...company,
            current_payment_plan: standard,
            next_payment_date: '2099-01-10',
            payment_plans: [
              { ...standard, valid_from: '2026-01-10', status: 'planned' },
              scheduled,
            ],
          });
        return undefined;
      },
    });
    expect(await screen.findByText('Ingesteld')).toBeTruthy();
    expect(screen.getByText('10-01-2099')).toBeTruthy();
    const gratis = await card('Gratis');
    fireEvent.click(within(gratis).getByRole('button', { name: 'Kies dit abonnement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Overstappen naar Gratis' });
    expect(within(dialog).getByText(/De wijziging gaat in op 10-01-2099/)).toBeTruthy();
    expect(within(dialog).queryByText(/eerste maand/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bevestigen' }));
    expect(await screen.findByText('Gratis gaat in op 10-01-2099.')).toBeTruthy();
    expect(await screen.findByText('Je abonnement wordt Gratis per 10-01-2099.')).toBeTruthy();
    expect(within(await card('Gratis')).getByText('Gaat in op 10-01-2099')).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
    // The page brings the new change into view and gives it the focus.
    const panel = screen.getByRole('region', { name: 'Geplande wijziging' });
    await waitFor(() => expect(scrolledTo).toContain(panel));
    expect(document.activeElement).toBe(panel);
  });

  it('cancels a future plan change with its id and date', async () => {
    const scheduled = { ...free, valid_from: '2099-01-10', status: 'planned' };
    let cancelled = false;
    const { calls } = renderCredits({
      company: {
        current_payment_plan: standard,
        next_payment_date: '2099-01-10',
        payment_plans: [{ ...standard, valid_from: '2026-01-10', status: 'planned' }, scheduled],
      },
      handle: (url, init) => {
        if (url === '/api/payment-plans/1/2099-01-10/cancel' && init?.method === 'POST') {
          cancelled = true;
          return json({
            ...company,
            current_payment_plan: standard,
            payment_plans: [{ ...standard, valid_from: '2026-01-10', status: 'planned' }],
          });
        }
        if (url === '/api/company' && cancelled)
          return json({
            ...company,
            current_payment_plan: standard,
            payment_plans: [{ ...standard, valid_from: '2026-01-10', status: 'planned' }],
          });
        return undefined;
      },
    });
    const panel = await screen.findByRole('region', { name: 'Geplande wijziging' });
    expect(within(panel).getByText('Je abonnement wordt Gratis per 10-01-2099.')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Wijziging annuleren' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Geplande wijziging' })).toBeNull(),
    );
    expect(calls().filter((c) => c.url.endsWith('/cancel'))).toHaveLength(1);
    expect(await screen.findByText('Je huidige abonnement blijft gelden.')).toBeTruthy();
  });

  it('lists the payments with date, description, amount and a Dutch status', async () => {
    renderCredits();
    const row = (await screen.findByText('50 credits')).closest('tr')!;
    expect(within(row).getByText('20-11-2026 14:05')).toBeTruthy();
    expect(within(row).getByText(euro('60,50'))).toBeTruthy();
    expect(within(row).getByText('Betaald')).toBeTruthy();
    const other = screen.getByText('10 credits').closest('tr')!;
    expect(within(other).getByText('Geannuleerd')).toBeTruthy();
  });

  it('a user without the billing permissions is sent home', async () => {
    renderCredits({
      user: companyUserWithRole('user'),
    });
    expect(await screen.findByText('Home')).toBeTruthy();
  });
});
