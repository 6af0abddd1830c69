import { describe, expect, it } from 'vitest';
import { companyOptions } from './custom-plan-modal';

describe('the companies a custom plan is for', () => {
  it('are listed by name, with the number only where two share a name', () => {
    expect(
      companyOptions([
        { id: 2, name: 'Bakkerij Bol' },
        { id: 3, name: 'Garage Gas' },
        { id: 6, name: 'Bakkerij Bol' },
      ]),
    ).toEqual([
      { value: '2', label: 'Bakkerij Bol (#2)' },
      { value: '3', label: 'Garage Gas' },
      { value: '6', label: 'Bakkerij Bol (#6)' },
    ]);
  });
});
