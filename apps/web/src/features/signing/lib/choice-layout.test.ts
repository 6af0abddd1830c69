import { describe, expect, it } from 'vitest';
import { choiceLayout } from './choice-layout';

describe('the options of a radio or checkbox group on the signer page', () => {
  it('stacks them, filling the box where it is a finger high or more per option', () => {
    expect(choiceLayout(2, 300, 120)).toMatchObject({ row: false, rowHeight: 60 });
    expect(choiceLayout(3, 300, 90)).toMatchObject({ row: false, rowHeight: 30, groupHeight: 90 });
  });

  it('grows below a small box into the free room, up to a finger per option', () => {
    // Three options in 33 px with 200 px free below: 44 px rows.
    expect(choiceLayout(3, 143, 33, 200)).toMatchObject({ row: false, rowHeight: 44 });
    // With 90 px free: 30 px rows, filling it and no more.
    expect(choiceLayout(3, 143, 33, 90)).toMatchObject({ rowHeight: 30, groupHeight: 90 });
  });

  it('puts them side by side in a low, wide box with nothing free below', () => {
    // A 230 × 40 pt box on a phone (scale 0.62): 143 × 25 px for two options.
    const low = choiceLayout(2, 230 * 0.62, 40 * 0.62);
    expect(low).toMatchObject({ row: true, groupHeight: 40 * 0.62 });
    expect(low.control).toBeGreaterThanOrEqual(14);
    expect(low.fontSize).toBeGreaterThanOrEqual(13);
  });

  it('never grows over what lies below', () => {
    expect(choiceLayout(3, 120, 30, 30).groupHeight).toBe(30);
  });
});
