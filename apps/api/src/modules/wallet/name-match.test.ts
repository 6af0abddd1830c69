import { describe, expect, it } from 'vitest';
import { walletNameMatches } from './name-match.ts';

const wallet = (given_name: string, family_name: string) => ({ given_name, family_name });

describe('walletNameMatches', () => {
  it('accepts the same name regardless of case, accents and hyphens', () => {
    expect(
      walletNameMatches({ firstname: 'José', lastname: 'Müller' }, wallet('JOSE', 'Muller')),
    ).toBe(true);
  });

  it('accepts a left-out or written-out name prefix on either side', () => {
    const signer = { firstname: 'Jan', lastname: 'van der Berg' };
    expect(walletNameMatches(signer, wallet('Jan Pieter', 'Berg'))).toBe(true);
    expect(
      walletNameMatches({ firstname: 'Jan', lastname: 'Berg' }, wallet('Jan', 'van der Berg')),
    ).toBe(true);
  });

  it('accepts either part of a double family name and initials for the given names', () => {
    expect(
      walletNameMatches(
        { firstname: 'J.P.', lastname: 'Jansen' },
        wallet('Jan Pieter', 'Jansen-de Vries'),
      ),
    ).toBe(true);
    expect(
      walletNameMatches(
        { firstname: 'Pieter', lastname: 'de Vries' },
        wallet('Jan Pieter', 'Jansen-de Vries'),
      ),
    ).toBe(true);
  });

  it('refuses another family name, another first name, wrong initials or a missing name', () => {
    expect(
      walletNameMatches({ firstname: 'Jan', lastname: 'Jansen' }, wallet('Jan', 'Janssen')),
    ).toBe(false);
    expect(
      walletNameMatches({ firstname: 'Kees', lastname: 'Jansen' }, wallet('Jan Pieter', 'Jansen')),
    ).toBe(false);
    expect(
      walletNameMatches({ firstname: 'P.J.', lastname: 'Jansen' }, wallet('Jan Pieter', 'Jansen')),
    ).toBe(false);
    expect(walletNameMatches({ firstname: 'Jan', lastname: 'Jansen' }, { given_name: 'Jan' })).toBe(
      false,
    );
  });
});
