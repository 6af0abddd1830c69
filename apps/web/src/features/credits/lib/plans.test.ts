import { describe, expect, it } from 'vitest';
import type { Company, CompanyPaymentPlan, PaymentPlan } from '@paraaf/contract';
import {
  amsterdamToday,
  needsFirstPayment,
  pendingPlanChange,
  planChangeStart,
  verificationPrice,
} from './plans';

const price = (type: 'prepaid' | 'month' | 'invoice') =>
  ({ type, price: type === 'month' ? 49 : 0 }) as PaymentPlan['price'];
const row = (id: number, valid_from: string, status: CompanyPaymentPlan['status'] = 'planned') =>
  ({ id, name: `Plan ${id}`, valid_from, status }) as CompanyPaymentPlan;

describe('plan dates', () => {
  it("takes today's date in Amsterdam, not in UTC", () => {
    expect(amsterdamToday(new Date('2026-11-24T23:30:00Z'))).toBe('2026-11-25');
    expect(amsterdamToday(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    expect(amsterdamToday(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
  });

  it('starts a change today from a prepaid plan, else at the end of the billing period', () => {
    const today = '2026-11-24';
    const on = (type: 'prepaid' | 'month', next: string | null) =>
      ({ current_payment_plan: { price: price(type) }, next_payment_date: next }) as Company;
    expect(planChangeStart(on('prepaid', null), today)).toBe(today);
    expect(planChangeStart(on('month', '2026-12-10'), today)).toBe('2026-12-10');
    // A period that should have ended already: the job is behind, the change starts now.
    expect(planChangeStart(on('month', '2026-11-20'), today)).toBe(today);
    expect(planChangeStart(on('month', null), today)).toBe(today);
  });
});

describe('pendingPlanChange', () => {
  const today = '2026-11-24';
  it('finds the change that starts after today or waits for its payment', () => {
    expect(pendingPlanChange({ payment_plans: [row(1, '2026-01-01')] }, today)).toBeNull();
    expect(
      pendingPlanChange({ payment_plans: [row(1, '2026-01-01'), row(2, today)] }, today),
    ).toBeNull();
    expect(
      pendingPlanChange({ payment_plans: [row(2, '2026-11-01'), row(1, '2026-12-01')] }, today)?.id,
    ).toBe(1);
    expect(
      pendingPlanChange(
        { payment_plans: [row(1, '2026-01-01'), row(3, today, 'awaiting_payment')] },
        today,
      )?.status,
    ).toBe('awaiting_payment');
  });
});

describe('plan card texts', () => {
  it("joins SMS/iDIN prices in credits and euros with 'en', else 'gratis'", () => {
    expect(verificationPrice(0, 0)).toBe('gratis');
    expect(verificationPrice(1, 0)).toBe('1 credit');
    expect(verificationPrice(2, 0)).toBe('2 credits');
    expect(verificationPrice(0, 0.15)).toBe('€\u00a00,15');
    expect(verificationPrice(1, 0.25)).toBe('1 credit en €\u00a00,25');
  });

  it('asks a first payment only for a month plan without a mandate', () => {
    const plan = (type: 'prepaid' | 'month' | 'invoice') => ({ price: price(type) }) as PaymentPlan;
    expect(needsFirstPayment(plan('month'), false)).toBe(true);
    expect(needsFirstPayment(plan('month'), true)).toBe(false);
    expect(needsFirstPayment(plan('prepaid'), false)).toBe(false);
    expect(needsFirstPayment(plan('invoice'), false)).toBe(false);
    const freeMonth = { price: { ...price('month'), price: 0 } } as PaymentPlan;
    expect(needsFirstPayment(freeMonth, false)).toBe(false);
  });
});
