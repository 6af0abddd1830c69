import { describe, expect, it } from 'vitest';
import { truncateIp } from './truncate-ip.ts';

describe('truncateIp', () => {
  it('keeps an IPv4 /24 and an IPv6 /48', () => {
    expect(truncateIp('203.0.113.77')).toBe('203.0.113.0');
    expect(truncateIp('2001:db8:abcd:12:34::9')).toBe('2001:db8:abcd::');
    expect(truncateIp('::ffff:198.51.100.23')).toBe('198.51.100.0');
  });

  it('drops what is no address', () => {
    expect(truncateIp('')).toBeNull();
    expect(truncateIp(null)).toBeNull();
    expect(truncateIp('unknown')).toBeNull();
  });
});
