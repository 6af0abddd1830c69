import dns from 'node:dns';
import ipaddr from 'ipaddr.js';
import { webhookMessages } from '@paraaf/contract';

/**
 * The SSRF guard of webhook URLs: a company's URL is a request our servers make on its behalf,
 * so it may only reach the public internet. The URL is normalised by the WHATWG parser (which
 * turns `2130706433`, `0177.0.0.1`, `0x7f.1` and `127.1` into `127.0.0.1`, IDN into punycode,
 * and strips `user@` into `username`), the host is resolved (every A/AAAA), and every address
 * must be public unicast by ipaddr.js's ranges after unmapping `::ffff:a.b.c.d`: loopback,
 * private, link-local (metadata 169.254.169.254), CGNAT, unspecified, broadcast, multicast,
 * reserved, unique-local, NAT64/6to4/Teredo (IPv4 embedded in IPv6) are all refused. The
 * delivery then connects to the address that was checked (no second lookup: no DNS rebinding).
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

/** True when the address may be connected to: public unicast (and loopback if allowed). */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  // process() turns an IPv4-mapped IPv6 address into its IPv4 address, so its range is the IPv4's.
  const range = ipaddr.process(address).range();
  return range === 'unicast' || (allowLoopback && range === 'loopback');
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
