import { describe, expect, it } from 'vitest';
import { expectedCost, isSendBlocked, lowCreditBanner, lowCreditBody } from './credits';

const plan = (type: 'prepaid' | 'month' | 'invoice' = 'prepaid', id = 1) => ({
  id,
  price: { type, sms_credits_price: 1, idin_credits_price: 3 },
});
const company = (credits: number, type?: 'prepaid' | 'month' | 'invoice', planId?: number) =>
  ({ credits, current_payment_plan: plan(type, planId) }) as never;

describe('low-credit banner', () => {
  it('shows below 5 credits, with the zero text at 0 or less', () => {
    expect(lowCreditBanner(company(5), false)).toBeNull();
    expect(lowCreditBanner(company(4), false)).toBe('low');
    expect(lowCreditBanner(company(1), false)).toBe('low');
    expect(lowCreditBanner(company(0), false)).toBe('none');
    expect(lowCreditBanner(company(-2), false)).toBe('none');
  });

  it('never shows for invoice plans, once closed, or without a company', () => {
    expect(lowCreditBanner(company(0, 'invoice'), false)).toBeNull();
    expect(lowCreditBanner(company(0), true)).toBeNull();
    expect(lowCreditBanner(undefined, false)).toBeNull();
    expect(lowCreditBanner(company(2, 'month'), false)).toBe('low');
  });
});

describe('low-credit banner text', () => {
  const paid = (credits: number) =>
    ({
      credits,
      current_payment_plan: { id: 2, price: { type: 'month', price_per_credit: 1 } },
    }) as never;

  it('on the free plan asks to buy credits, on a paid plan says sending goes on, billed', () => {
    expect(lowCreditBody(company(0), 'none')).toBe(
      'Koop credits om nieuwe ondertekeningen te kunnen versturen.',
    );
    expect(lowCreditBody(paid(0), 'none')).toBe(
      'Je kunt gewoon blijven versturen: wat je tegoed niet dekt, komt tegen € 1,00 per credit (excl. btw) op je volgende factuur.'.replace(
        '€ ',
        '€\u00a0',
      ),
    );
    expect(lowCreditBody(paid(3), 'low')).toBe(
      'Je hebt nog 3 credits. Elke ondertekenaar kost één credit.',
    );
  });
});

describe('expected cost of sending', () => {
  const v = (...types: number[]) => ({ verifications: types.map((type) => ({ type, text: '' })) });

  it('is one credit per signer plus the plan prices of SMS and iDIN', () => {
    expect(expectedCost([], plan().price)).toBe(0);
    expect(expectedCost([v(1), v(5)], plan().price)).toBe(2);
    expect(expectedCost([v(1, 2)], plan().price)).toBe(2);
    expect(expectedCost([v(4, 5)], plan().price)).toBe(4);
    expect(expectedCost([v(2, 4), v(6)], plan().price)).toBe(6);
  });

  it('blocks sending only on the free plan when the cost exceeds the credits', () => {
    const draft = { credits_cost: 0, signers: [v(1), v(2)] }; // costs 3
    expect(isSendBlocked(draft, company(2))).toBe(true);
    expect(isSendBlocked(draft, company(3))).toBe(false);
    expect(isSendBlocked(draft, company(2, 'prepaid', 2))).toBe(false);
    // A stored cost higher than the estimate wins.
    expect(isSendBlocked({ credits_cost: 10, signers: [] }, company(9))).toBe(true);
  });
});
