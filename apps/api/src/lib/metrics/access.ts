import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config/env.ts';

const LOOPBACK = ['127.0.0.0/8', '::1/128'];

/** `::ffff:10.0.0.1` (an IPv4 client on a dual-stack socket) is 10.0.0.1. */
function normalize(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

function blockList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may read the metrics: a request with `Authorization: Bearer <METRICS_TOKEN>`, or a client
 * address in METRICS_ALLOW (unset: loopback only). The address is the one the caller gives:
 * Fastify's request.ip, which believes X-Forwarded-For only from a TRUST_PROXY proxy, or a
 * plain socket's remoteAddress.
 */
export function metricsAccess(
  settings: Config['metrics'],
): (clientAddress: string | undefined, authorization: string | undefined) => boolean {
  const allowed = blockList(settings.allow.length > 0 ? settings.allow : LOOPBACK);
  const token = settings.token ? digest(`Bearer ${settings.token}`) : null;
  return (clientAddress, authorization) => {
    if (token && authorization && timingSafeEqual(digest(authorization), token)) return true;
    if (!clientAddress) return false;
    const address = normalize(clientAddress);
    if (isIPv4(address)) return allowed.check(address, 'ipv4');
    if (isIPv6(address)) return allowed.check(address, 'ipv6');
    return false;
  };
}
