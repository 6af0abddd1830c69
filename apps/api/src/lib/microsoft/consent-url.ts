import type { MicrosoftConfig } from '../../config/env.ts';

/** The application permissions the app registration holds (Mail.Send), asked for as a whole. */
export const graphDefaultScope = 'https://graph.microsoft.com/.default';

/** The screen of the web app Microsoft sends the administrator back to (apps/web paths). */
export const officeConsentPath = '/office365-toestemming';

export function officeConsentRedirectUri(appUrl: string): string {
  return `${appUrl.replace(/\/$/, '')}${officeConsentPath}`;
}

/**
 * Microsoft's admin consent endpoint (identity platform v2): the administrator of any work
 * tenant ('organizations') signs in and grants the app's application permissions; Microsoft
 * then redirects to `redirectUri` with `admin_consent=True&tenant=…&state=…`, or with
 * `error=…&error_description=…&state=…`.
 */
export function adminConsentUrl(ms: MicrosoftConfig, redirectUri: string, state: string): string {
  const url = new URL(`${ms.loginUrl}/organizations/v2.0/adminconsent`);
  url.searchParams.set('client_id', ms.clientId);
  url.searchParams.set('scope', graphDefaultScope);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  return url.toString();
}
