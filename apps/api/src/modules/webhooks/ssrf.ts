import type { LookupFunction } from 'node:net';
import dns from 'node:dns';
import ipaddr from 'ipaddr.js';
import { webhookMessages } from '@paraaf/contract';

/**
 * The SSRF guard of webhook URLs: a company's URL is a request our servers make on its behalf,
 * so it may only reach the public internet. The URL is normalised by the WHATWG parser (which
 * turns `2130706433`, `0177.0.0.1`, `0x7f.1` and `127.1` into `127.0.0.1`, IDN into punycode,
 * and strips `user@` into `username`), the host is resolved (every A/AAAA), and every address
 * must be global unicast by ipaddr.js's ranges: loopback, private, link-local (metadata
 * 169.254.169.254), CGNAT, unspecified, broadcast, multicast, reserved, unique-local are all
 * refused, and an IPv6 address that carries an IPv4 address (compatible, mapped, NAT64, 6to4,
 * Teredo) is judged by the IPv4 address it carries. The same check runs when a URL is saved and
 * at every delivery attempt, which then connects to the address that was checked (no second
 * lookup: no DNS rebinding).
 */

export type WebhookUrlProblem =
  'urlInvalid' | 'urlHttps' | 'urlPrivate' | 'urlUnresolvable' | 'urlCredentials';

/** Why a URL is refused; `message` is the Dutch text for the company settings form. */
export class WebhookUrlError extends Error {
  constructor(
    readonly problem: WebhookUrlProblem,
    readonly detail: string,
  ) {
    super(webhookMessages[problem]);
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address of a host name (A and AAAA). Injectable so tests can answer what they want. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const found = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

export interface GuardOptions {
  /** WEBHOOKS_ALLOW_LOOPBACK: plain http and loopback addresses (tests, local development). */
  allowLoopback: boolean;
  resolver?: Resolver;
}

/** The WHATWG-normalised URL when its form is acceptable (before any lookup). */
export function parseWebhookUrl(raw: string, allowLoopback: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new WebhookUrlError('urlInvalid', 'unparsable');
  }
  if (url.protocol !== 'https:' && !(allowLoopback && url.protocol === 'http:')) {
    throw new WebhookUrlError(
      url.protocol === 'http:' ? 'urlHttps' : 'urlInvalid',
      `scheme ${url.protocol}`,
    );
  }
  if (url.username || url.password) throw new WebhookUrlError('urlCredentials', 'userinfo');
  if (!url.hostname) throw new WebhookUrlError('urlInvalid', 'no host');
  return url;
}

/** The host as an address when it is an IP literal (`[::1]` without brackets), else null. */
function literalAddress(hostname: string): string | null {
  const bare =
    hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) ? bare : null;
}

/**
 * The IPv4 addresses an IPv6 address stands for, when it is one of the forms that carry one:
 * IPv4-compatible `::a.b.c.d` (::/96, but not `::` and `::1`), mapped `::ffff:a.b.c.d`,
 * translated `::ffff:0:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`, 6to4 `2002:aabb:ccdd::` (the 32 bits
 * after the prefix) and Teredo `2001:0:ssss:ssss:…:cccc:cccc` (its server, and its client as the
 * last 32 bits inverted). Such an address reaches what the IPv4 address reaches (the kernel, a
 * NAT64 gateway or a relay unwraps it), so it is judged by that; null for any other address.
 */
export function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4[] | null {
  const b = address.toByteArray();
  const v4 = (at: number, flip = 0) =>
    new ipaddr.IPv4([b[at]! ^ flip, b[at + 1]! ^ flip, b[at + 2]! ^ flip, b[at + 3]! ^ flip]);
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const range = address.range();
  if (zeros(0, 12) && range !== 'unspecified' && range !== 'loopback') return [v4(12)];
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return [v4(12)]; // mapped
  if (zeros(0, 8) && b[8] === 0xff && b[9] === 0xff && zeros(10, 12)) return [v4(12)]; // translated
  if (address.match(ipaddr.IPv6.parse('64:ff9b::'), 96)) return [v4(12)]; // NAT64
  if (range === '6to4') return [v4(2)];
  if (range === 'teredo') return [v4(4), v4(12, 0xff)];
  return null;
}

/** Global unicast IPv4: none of ipaddr.js's special ranges (private, loopback, CGNAT, …). */
const isGlobalIpv4 = (address: ipaddr.IPv4) => address.range() === 'unicast';

/**
 * True when the address may be connected to: global unicast (and loopback if allowed). An IPv6
 * address must lie in 2000::/3, the global unicast space, outside every special range; one that
 * carries an IPv4 address is judged by that address (embeddedIpv4). The local-use NAT64 prefix
 * 64:ff9b:1::/48 is never globally reachable (RFC 8215), whatever it carries.
 */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') {
    const v4 = parsed as ipaddr.IPv4;
    return isGlobalIpv4(v4) || (allowLoopback && v4.range() === 'loopback');
  }
  const v6 = parsed as ipaddr.IPv6;
  if (v6.range() === 'loopback') return allowLoopback;
  // A mapped address is the IPv4 socket itself: loopback there counts as loopback.
  if (allowLoopback && v6.isIPv4MappedAddress() && v6.toIPv4Address().range() === 'loopback')
    return true;
  const embedded = embeddedIpv4(v6);
  if (embedded) return embedded.every(isGlobalIpv4);
  return v6.match(ipaddr.IPv6.parse('2000::'), 3) && v6.range() === 'unicast';
}

/**
 * Checks a webhook URL completely: its form, then every address its host resolves to. Returns
 * the URL and the one address the delivery must connect to.
 */
export async function checkWebhookUrl(
  raw: string,
  { allowLoopback, resolver = systemResolver }: GuardOptions,
): Promise<{ url: URL; target: ResolvedAddress }> {
  const url = parseWebhookUrl(raw, allowLoopback);
  const literal = literalAddress(url.hostname);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: literal, family: ipaddr.parse(literal).kind() === 'ipv6' ? 6 : 4 }];
  } else {
    try {
      addresses = await resolver(url.hostname.replace(/\.$/, ''));
    } catch (error) {
      throw new WebhookUrlError('urlUnresolvable', (error as Error).message);
    }
    if (addresses.length === 0) throw new WebhookUrlError('urlUnresolvable', 'no addresses');
  }
  // Every address must pass: a name answering one public and one private address is refused,
  // whichever of them a connection would pick.
  const refused = addresses.find((a) => !isAllowedAddress(a.address, allowLoopback));
  if (refused) throw new WebhookUrlError('urlPrivate', `address ${refused.address}`);
  return { url, target: addresses[0]! };
}

/** A lookup that answers the address the guard checked, whatever the host: no second DNS query. */
export function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (typeof options === 'object' && options.all) {
      (callback as (e: null, a: ResolvedAddress[]) => void)(null, [target]);
    } else {
      callback(null, target.address, target.family);
    }
  };
}
