import type { MicrosoftConfig } from '../../config/env.ts';
import { graphDefaultScope } from './consent-url.ts';

/** A token is renewed this long before Microsoft's expiry, so none expires in flight. */
const renewBeforeMs = 5 * 60_000;

interface CachedToken {
  accessToken: string;
  expiresAt: number;
}

/**
 * Client-credentials tokens for Graph (`POST {loginUrl}/{tenant}/oauth2/v2.0/token`), kept per
 * tenant in this process until shortly before they expire. Parallel senders share one request.
 */
export class MicrosoftTokenClient {
  private readonly cache = new Map<string, Promise<CachedToken>>();

  constructor(
    private readonly ms: MicrosoftConfig,
    private readonly now: () => number = Date.now,
  ) {}

  async accessToken(tenant: string): Promise<string> {
    const seen = this.cache.get(tenant);
    if (seen) {
      const token = await seen.catch(() => null);
      if (token && token.expiresAt - renewBeforeMs > this.now()) return token.accessToken;
    }
    // Missing, failed or about to expire: one new request, unless a parallel caller made it.
    if (this.cache.get(tenant) === seen) this.cache.set(tenant, this.requestToken(tenant));
    const request = this.cache.get(tenant)!;
    try {
      return (await request).accessToken;
    } catch (error) {
      if (this.cache.get(tenant) === request) this.cache.delete(tenant);
      throw error;
    }
  }

  /** Graph refused the token (revoked consent, rotated secret): the next send asks anew. */
  forget(tenant: string): void {
    this.cache.delete(tenant);
  }

  private async requestToken(tenant: string): Promise<CachedToken> {
    const response = await fetch(
      `${this.ms.loginUrl}/${encodeURIComponent(tenant)}/oauth2/v2.0/token`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: this.ms.clientId,
          client_secret: this.ms.clientSecret,
          scope: graphDefaultScope,
        }),
        signal: AbortSignal.timeout(30_000),
      },
    );
    const body = (await response.json().catch(() => null)) as {
      access_token?: unknown;
      expires_in?: unknown;
      error?: string;
      error_description?: string;
    } | null;
    if (!response.ok || typeof body?.access_token !== 'string') {
      throw new Error(
        `Microsoft token request failed: ${response.status} ${body?.error ?? ''} ${body?.error_description ?? ''}`.trim(),
      );
    }
    const expiresIn = Number(body.expires_in);
    return {
      accessToken: body.access_token,
      expiresAt: this.now() + (Number.isFinite(expiresIn) ? expiresIn : 3599) * 1000,
    };
  }
}
