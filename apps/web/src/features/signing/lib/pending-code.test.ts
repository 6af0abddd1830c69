import { describe, expect, it } from 'vitest';
import { codeTime, pendingCodeUntil } from './pending-code';

describe('a code sent before a reload', () => {
  const now = Date.parse('2026-03-10T13:00:00Z');
  const page = (email: string | null, sms: string | null = null) => ({
    pending_codes: { email, sms },
  });

  it('is offered again while it is valid, per channel', () => {
    const until = pendingCodeUntil(page('2026-03-10T13:08:00Z'), 'email', now);
    expect(until?.toISOString()).toBe('2026-03-10T13:08:00.000Z');
    expect(pendingCodeUntil(page('2026-03-10T13:08:00Z'), 'sms', now)).toBeNull();
    expect(pendingCodeUntil(page(null, '2026-03-10T13:05:00Z'), 'sms', now)).not.toBeNull();
  });

  it('is not offered once expired or when none was sent', () => {
    expect(pendingCodeUntil(page('2026-03-10T12:59:59Z'), 'email', now)).toBeNull();
    expect(pendingCodeUntil(page(null), 'email', now)).toBeNull();
  });

  it('shows its end time in Amsterdam, whatever the browser’s zone', () => {
    expect(codeTime(new Date('2026-03-10T13:08:00Z'), 'nl')).toBe('14:08');
    expect(codeTime(new Date('2026-07-10T13:08:00Z'), 'nl')).toBe('15:08');
  });
});
