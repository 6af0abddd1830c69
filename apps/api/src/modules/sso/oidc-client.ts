import * as client from 'openid-client';
import { ssoSimulatorPrefix, type Config } from '../../config/env.ts';
import { WebhookUrlError, type WebhookUrlProblem } from '../webhooks/ssrf.ts';
import { guardedFetch } from './guarded-fetch.ts';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Where the OpenID provider sends the browser back (registered at the provider). */
export function oidcRedirectUri(config: Config): string {
  return `${config.appUrl}/api/auth/sso/callback`;
}

/**
 * The provider's configuration from its discovery document, every request of it (discovery,
 * token, keys) through the SSRF guard. Plain http only where loopback is allowed (tests).
 */
export async function discoverOidc(
  config: Config,
  settings: OidcSettings,
): Promise<client.Configuration> {
  // The built-in simulator lives at our own (usually local) address: trusted by name.
  const isSimulator =
    config.ssoSimulator &&
    settings.issuer.replace(/\/$/, '') === `${config.appUrl}${ssoSimulatorPrefix}`;
  const guard = { allowLoopback: config.webhooks.allowLoopback || isSimulator };
  return client.discovery(
    new URL(settings.issuer),
    settings.clientId,
    undefined,
    client.ClientSecretBasic(settings.clientSecret),
    {
      [client.customFetch]: guardedFetch(guard),
      execute: guard.allowLoopback ? [client.allowInsecureRequests] : [],
    },
  );
}

const guardReasons: Record<WebhookUrlProblem, string> = {
  urlInvalid: 'het adres is geen geldige URL',
  urlHttps: 'het adres moet met https:// beginnen',
  urlPrivate: 'het adres wijst naar een intern of privénetwerk',
  urlUnresolvable: 'de host is niet te vinden',
  urlCredentials: 'het adres mag geen gebruikersnaam of wachtwoord bevatten',
};

/** A Dutch reason for a failed fetch of a company's provider (the libraries' texts are English). */
export function discoveryFailureReason(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  const refused = error instanceof WebhookUrlError ? error : cause;
  if (refused instanceof WebhookUrlError) return guardReasons[refused.problem];
  if (error instanceof TypeError && /Invalid URL/i.test(error.message))
    return guardReasons.urlInvalid;
  const status = (error as { cause?: { status?: number } }).cause?.status;
  const code = (error as { code?: string }).code;
  if (code === 'OAUTH_HTTP_REQUEST_FORBIDDEN') return guardReasons.urlHttps;
  if (typeof status === 'number') return `de server antwoordde met HTTP ${status}`;
  if (code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED')
    return 'het document noemt een andere uitgever dan ingevuld';
  if (code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || code === 'OAUTH_RESPONSE_IS_NOT_JSON')
    return 'het antwoord is geen geldig discovery-document';
  if (error instanceof Error && error.name === 'TimeoutError')
    return 'de server antwoordde niet op tijd';
  return 'de server is niet bereikbaar';
}
