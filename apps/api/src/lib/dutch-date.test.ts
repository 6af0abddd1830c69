import { describe, expect, it } from 'vitest';
import { addMonths, dutchCalendarDate, dutchDate, periodEnd } from './dutch-date.ts';

describe('dutch dates', () => {
  it('takes the calendar date in Amsterdam', () => {
    expect(dutchDate(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(dutchDate(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
  });

  it('adds months, ending on the last day of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-15', 2)).toBe('2027-01-15');
  });

  it('ends monthly periods on the anchor day without drifting', () => {
    let start = '2026-01-31';
    const ends: string[] = [];
    for (let i = 0; i < 4; i++) {
      start = periodEnd('2026-01-31', start);
      ends.push(start);
    }
    expect(ends).toEqual(['2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
    expect(periodEnd('2026-03-15', '2026-03-15')).toBe('2026-04-15');
  });
});

describe('dutchCalendarDate', () => {
  it('writes a calendar date as DD-MM-YYYY and leaves anything else as it is', () => {
    expect(dutchCalendarDate('1980-03-03')).toBe('03-03-1980');
    expect(dutchCalendarDate(' 2001-12-31 ')).toBe('31-12-2001');
    expect(dutchCalendarDate('03-03-1980')).toBe('03-03-1980');
    expect(dutchCalendarDate('onbekend')).toBe('onbekend');
  });
});
