import ipaddr from 'ipaddr.js';

/**
 * An address as the audit keeps it after the purge: IPv4 to its /24 (`192.0.2.0`), IPv6 to its
 * /48 (`2001:db8:1::`); an IPv4-mapped IPv6 address counts as IPv4. Anything that is no address
 * (empty, 'unknown') is dropped: it cannot be truncated, so it is not kept.
 */
export function truncateIp(ip: string | null): string | null {
  if (!ip || !ipaddr.isValid(ip)) return null;
  let address = ipaddr.parse(ip);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress())
    address = (address as ipaddr.IPv6).toIPv4Address();
  const bits = address.kind() === 'ipv4' ? 24 : 48;
  const bytes = address.toByteArray().map((byte, i) => {
    const keep = Math.max(0, Math.min(8, bits - i * 8));
    return byte & (0xff << (8 - keep)) & 0xff;
  });
  return ipaddr.fromByteArray(bytes).toString();
}
