import { describe, expect, it } from 'vitest';
import { bulkSignerColumn, type MarkerConfig } from '@paraaf/contract';
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
    const { input, errors } = rowInput(cells, shape, defaults, { canUseIdin: false });
    expect(errors).toEqual([]);
    expect(input!.signers.map((s) => [s.routing_order, s.role, s.verifications])).toEqual([
      [undefined, undefined, [1, 5]],
      [2, 'approver', [1]],
    ]);
  });
});
