/**
 * @openid4vc/openid4vp, with its OAuth base (@openid4vc/oauth2), loaded on the first wallet
 * verification rather than at start: about 26 MB resident (measured alone on Node 20) that a
 * process whose signers never use the EU wallet does not hold.
 */
type Openid4vp = typeof import('@openid4vc/openid4vp');

let loaded: Promise<Openid4vp> | null = null;
let allowInsecureUrls = false;
let applySetting: ((allow: boolean) => void) | null = null;

/**
 * The library insists on https URLs; a local or test APP_URL is plain http. The setting is the
 * library's one global: every app in a process shares the same APP_URL scheme.
 */
export function allowInsecureWalletUrls(allow: boolean): void {
  allowInsecureUrls = allow;
  applySetting?.(allow);
}

/** The OpenID4VP library, loaded once, with the URL setting applied. */
export function openid4vp(): Promise<Openid4vp> {
  loaded ??= Promise.all([import('@openid4vc/oauth2'), import('@openid4vc/openid4vp')]).then(
    ([oauth2, library]) => {
      applySetting = (allow) => oauth2.setGlobalConfig({ allowInsecureUrls: allow });
      applySetting(allowInsecureUrls);
      return library;
    },
  );
  return loaded;
}
