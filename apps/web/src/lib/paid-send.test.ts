import { describe, expect, it } from 'vitest';
import type { Company } from '@paraaf/contract';
import { paidSendNotice } from './paid-send';

/** formatEuro writes a no-break space after the euro sign. */
const notice = (...args: Parameters<typeof paidSendNotice>) =>
  paidSendNotice(...args)?.replaceAll('\u00a0', ' ') ?? null;

const company = (planId: number, credits: number, pricePerCredit: number) =>
  ({
    credits,
    current_payment_plan: { id: planId, price: { price_per_credit: pricePerCredit } },
  }) as unknown as Pick<Company, 'credits' | 'current_payment_plan'>;

describe('paidSendNotice', () => {
  it('says nothing on the free plan (the 402 rule holds there)', () => {
    expect(paidSendNotice(company(1, 0, 1.5), 3)).toBeNull();
    expect(paidSendNotice(undefined, 3)).toBeNull();
  });

  it('on a paid plan names the price per credit billed beyond the balance', () => {
    expect(notice(company(2, 50, 1), 3)).toBe(
      'Credits boven je tegoed worden met de volgende factuur in rekening gebracht: € 1,00 per credit (excl. btw). Versturen kan altijd.',
    );
  });

  it('counts what this send puts beyond the balance (never a negative balance)', () => {
    expect(notice(company(3, 2, 0.8), 5)).toBe(
      'Deze ondertekening kost 5 credits en je tegoed is 2 credits: 3 credits worden met de volgende factuur in rekening gebracht à € 0,80 per credit (excl. btw).',
    );
    expect(notice(company(4, -3, 1), 1)).toBe(
      'Deze ondertekening kost 1 credit en je tegoed is 0 credits: 1 credit wordt met de volgende factuur in rekening gebracht à € 1,00 per credit (excl. btw).',
    );
  });
});
