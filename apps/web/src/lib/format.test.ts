import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatDate,
  formatDay,
  formatDateTime,
  formatEuro,
  formatTime,
  fromZonedWallTime,
} from './format';

describe('formatBytes', () => {
  it('gives nothing for an unknown or invalid size', () => {
    expect(formatBytes(undefined)).toBe('');
    expect(formatBytes(null)).toBe('');
    expect(formatBytes(-1)).toBe('');
    expect(formatBytes(Number.NaN)).toBe('');
  });

  it('shows bytes below 1 KB without decimals', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(1)).toBe('1 Bytes');
    expect(formatBytes(1023)).toBe('1023 Bytes');
  });

  it('uses base 1024 with Dutch decimals', () => {
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1,5 KB');
    expect(formatBytes(1024 * 1024 * 2.25)).toBe('2,25 MB');
    expect(formatBytes(1234567)).toBe('1,18 MB');
    expect(formatBytes(1024 ** 3)).toBe('1 GB');
  });

  it('goes up to YB and no further', () => {
    expect(formatBytes(1024 ** 4)).toBe('1 TB');
    expect(formatBytes(1024 ** 5)).toBe('1 PB');
    expect(formatBytes(1024 ** 6)).toBe('1 EB');
    expect(formatBytes(1024 ** 7)).toBe('1 ZB');
    expect(formatBytes(1024 ** 8)).toBe('1 YB');
    expect(formatBytes(1024 ** 9)).toBe('1024 YB');
  });
});

describe('dates and times', () => {
  it('writes a plain date as DD-MM-YYYY', () => {
    expect(formatDay('2026-12-01')).toBe('01-12-2026');
    expect(formatDay(null)).toBe('');
  });

  it("shows Amsterdam's clock whatever the browser's zone", () => {
    expect(formatDateTime('2026-03-02T08:05:00Z')).toBe('02-03-2026 09:05');
    expect(formatDateTime('2026-07-02T22:30:00Z')).toBe('03-07-2026 00:30');
    expect(formatDate('2026-12-31T23:30:00Z')).toBe('01-01-2027');
    expect(formatTime('2026-07-02T12:35:00Z')).toBe('14:35');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('geen datum')).toBe('');
  });

  it('turns a wall time in Amsterdam into the instant, summer and winter', () => {
    expect(fromZonedWallTime(2026, 7, 1, 12, 0).toISOString()).toBe('2026-07-01T10:00:00.000Z');
    expect(fromZonedWallTime(2026, 1, 1, 12, 0).toISOString()).toBe('2026-01-01T11:00:00.000Z');
  });
});

describe('formatEuro', () => {
  it('shows euros with two decimals, a decimal comma and a dot per thousand', () => {
    expect(formatEuro(49)).toBe('€\u00a049,00');
    expect(formatEuro(0.8)).toBe('€\u00a00,80');
    expect(formatEuro(1234.5)).toBe('€\u00a01.234,50');
  });

  it('gives nothing for no amount', () => {
    expect(formatEuro(undefined)).toBe('');
    expect(formatEuro(null)).toBe('');
    expect(formatEuro(Number.NaN)).toBe('');
  });
});
