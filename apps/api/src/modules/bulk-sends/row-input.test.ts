import { describe, expect, it } from 'vitest';
import { bulkSignerColumn, signingMessages, type MarkerConfig } from '@paraaf/contract';
import { rowInput } from './row-input.ts';
import { templateShape } from './template-columns.ts';

const box = (signer: number) => ({
  x: 72,
  y: 600 - signer * 60,
  width: 150,
  height: 30,
  page: 1,
  type: 'generated' as const,
  value: `signer.${signer}.signature`,
  options: {},
});

describe('rowInput: a bulk row takes the template’s steps and roles', () => {
  const config = { variables: [box(1), box(2)], fields: [] } as unknown as MarkerConfig;
  const cells: Record<string, string> = {};
  for (const n of [1, 2]) {
    cells[bulkSignerColumn(n, 'firstname')] = `Naam${n}`;
    cells[bulkSignerColumn(n, 'lastname')] = 'Jansen';
    cells[bulkSignerColumn(n, 'email')] = `persoon${n}@voorbeeld.nl`;
  }
  const defaults = {
    subject: 'Contract',
    message: 'Graag tekenen [[link]]',
    expiresAt: new Date(Date.now() + 7 * 86_400_000),
    isSync: false,
  };

  it('gives each placeholder signer its step and role; an approver signs nothing', () => {
    const shape = templateShape(config, [{ signer: 2, routing_order: 2, role: 'approver' }]);
    const { input, errors } = rowInput(cells, shape, defaults, {
      canUseIdin: false,
      canUseWallet: false,
    });
    expect(errors).toEqual([]);
    expect(input!.signers.map((s) => [s.routing_order, s.role, s.verifications])).toEqual([
      [undefined, undefined, [1, 5]],
      [2, 'approver', [1]],
    ]);
  });

  it('asks the EU wallet by the cell or by the template, with its attributes, only on a plan with it', () => {
    const shape = templateShape(config, [
      {
        signer: 2,
        routing_order: 1,
        role: 'signer',
        verifications: [1, 7],
        wallet_attributes: ['name', 'nationality'],
      },
    ]);
    const wallet = { canUseIdin: false, canUseWallet: true };
    const byCell = { ...cells, [bulkSignerColumn(1, 'verificatie')]: 'EU-wallet' };
    const { input, errors } = rowInput(byCell, shape, defaults, wallet);
    expect(errors).toEqual([]);
    expect(input!.signers.map((s) => [s.verifications, s.wallet_attributes])).toEqual([
      [[5, 7], undefined],
      [
        [1, 5, 7],
        ['name', 'nationality'],
      ],
    ]);
    // The cell wins over the template's choice.
    const emailOnly = { ...cells, [bulkSignerColumn(2, 'verificatie')]: 'e-mailcode' };
    expect(rowInput(emailOnly, shape, defaults, wallet).input!.signers[1]).toMatchObject({
      verifications: [1, 5],
    });
    const refused = rowInput(byCell, shape, defaults, { canUseIdin: false, canUseWallet: false });
    expect(refused.errors).toEqual([
      { column: 'signer1_verificatie', message: signingMessages.walletNotAvailable },
      { column: 'signer2_verificatie', message: signingMessages.walletNotAvailable },
    ]);
  });
});
