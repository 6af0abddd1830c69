/**
 * A bank-based identity check: iDIN through an OIDC broker today, itsme (also OIDC, authorization
 * code + PKCE, claims per scope) tomorrow. The caller keeps state, nonce and the PKCE verifier
 * (hashed/at rest) and hands them back on the return trip; the provider holds no session itself.
 */
export interface IdentityProvider {
  readonly name: string;
  /** Where to send the browser to start the check. */
  start(input: {
    state: string;
    nonce: string;
    codeVerifier: string;
    redirectUri: string;
    /** iDIN services (name, address, ...): which attributes the user is asked to share. */
    services: readonly string[];
  }): Promise<{ redirectUrl: string }>;
  /** Exchanges the code from the return trip for verified attributes; throws when not valid. */
  complete(input: {
    code: string;
    codeVerifier: string;
    nonce: string;
    redirectUri: string;
    services: readonly string[];
  }): Promise<{ attributes: Record<string, string> }>;
}

/** The provider refused or could not be verified; the message is for logs, not for the signer. */
export class IdentityError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IdentityError';
  }
}
