import ipaddr from 'ipaddr.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config/env.ts';
import { NotFoundError } from './errors.ts';

/**
 * The built-in simulators (payments checkout and Mollie API under /dev/payments, the Microsoft
 * stand-in under /dev/microsoft, the outbox at /dev/mailbox, the iDIN test bank) let whoever
 * reaches them pay without paying or read login links. They answer loopback clients only, unless
 * SIMULATORS_OPEN=true; anyone else gets the ordinary 404.
 */

/** A route of a simulator, by the route pattern the router matched (not the raw URL). */
export function isSimulatorRoute(routeUrl: string | undefined): boolean {
  return (
    routeUrl !== undefined &&
    (routeUrl.startsWith('/dev/') || routeUrl === '/api/identity/simulator')
  );
}

/** 127.0.0.0/8 and ::1, also as `::ffff:127.0.0.1`. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address || !ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'loopback';
}

/** Every client address a proxy put in the request: X-Forwarded-For, X-Real-IP, Forwarded for=. */
function forwardedAddresses(headers: FastifyRequest['headers']): string[] {
  const list = (value: string | string[] | undefined) => [value ?? []].flat().join(',');
  const found = list(headers['x-forwarded-for'])
    .split(',')
    .concat(list(headers['x-real-ip']).split(','));
  for (const match of list(headers.forwarded).matchAll(/for=("[^"]*"|[^;,\s]*)/gi)) {
    // `for="[2001:db8::1]:4711"`, `for=192.0.2.43:80`, `for=unknown`
    const value = match[1]!.replace(/"/g, '');
    const v6 = /^\[([^\]]*)\]/.exec(value);
    found.push(v6 ? v6[1]! : value.replace(/:\d+$/, ''));
  }
  return found.map((a) => a.trim()).filter(Boolean);
}

/**
 * A client on this machine: the socket's peer is loopback, the client address as TRUST_PROXY
 * judges it (request.ip) is loopback, and no forwarding header names anyone else — so a proxy on
 * this machine that forwards outside clients does not make them local, trusted or not.
 */
export function isLoopbackClient(request: FastifyRequest): boolean {
  return (
    isLoopbackAddress(request.raw.socket?.remoteAddress) &&
    isLoopbackAddress(request.ip) &&
    forwardedAddresses(request.headers).every(isLoopbackAddress)
  );
}

/** The gate in front of every simulator route (an onRequest hook of the root instance). */
export function guardSimulators(app: FastifyInstance, config: Pick<Config, 'simulatorsOpen'>) {
  if (config.simulatorsOpen) return;
  app.addHook('onRequest', (request, _reply, done) => {
    const refused = isSimulatorRoute(request.routeOptions.url) && !isLoopbackClient(request);
    done(refused ? new NotFoundError() : undefined);
  });
}

/** The simulators this configuration runs, with the setting that replaces each. */
export function activeSimulators(config: Config): string[] {
  return [
    !config.mollieApiKey && 'payments (set MOLLIE_API_KEY)',
    config.sms.provider === 'simulator' && 'SMS (set SMS_PROVIDER=cm)',
    config.idin.provider === 'simulator' && 'iDIN (set IDIN_PROVIDER=oidc)',
    config.microsoft.simulated && 'Microsoft 365 (set MS_CLIENT_ID)',
    config.ssoSimulator && 'OpenID provider /dev/oidc (set SSO_SIMULATOR=false)',
    config.wallet.simulator && 'EU wallet /dev/wallet (set WALLET_TRUST_LIST_PATH)',
    !config.smtpUrl && 'mail outbox /dev/mailbox (set SMTP_URL)',
  ].filter((s): s is string => typeof s === 'string');
}

/** HOST values that listen on this machine only. */
function listensOnLoopbackOnly(host: string): boolean {
  return host === 'localhost' || isLoopbackAddress(host.replace(/^\[|\]$/g, ''));
}

/**
 * The warning for the start: simulators are active and the server can be reached beyond this
 * machine (HOST 0.0.0.0 or ::, any other interface, or a public APP_URL). Null when there is
 * nothing to warn about.
 */
export function simulatorWarning(config: Config): string | null {
  const simulated = activeSimulators(config);
  const appHost = new URL(config.appUrl).hostname;
  const reachable = !listensOnLoopbackOnly(config.host) || !listensOnLoopbackOnly(appHost);
  if (simulated.length === 0 || !reachable) return null;
  const where = `listening on ${config.host}, APP_URL ${config.appUrl}`;
  return config.simulatorsOpen
    ? `simulators active (${simulated.join(', ')}) and SIMULATORS_OPEN=true, ${where}: anyone who reaches them can fake these providers and pay without paying`
    : `simulators active (${simulated.join(', ')}), ${where}: they answer loopback clients only (SIMULATORS_OPEN=true opens them); never run production with a simulator`;
}
