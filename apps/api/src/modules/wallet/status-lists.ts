import type { Ctx } from '../../lib/context.ts';
import { testIssuer } from './wallet-identities.ts';

/** Where the test issuer's status list lives (served at /dev/wallet/status-list). */
export function testStatusListUri(config: Ctx['config']): string {
  return `${config.appUrl}/dev/wallet/status-list`;
}

/**
 * A credential's status list token: the test issuer's is made here (no request to ourselves),
 * any other is fetched from its issuer (5 s, 1 MB at most).
 */
export async function fetchStatusList(ctx: Ctx, uri: string): Promise<string> {
  if (ctx.config.wallet.simulator && uri === testStatusListUri(ctx.config)) {
    const { issueStatusList } = await import('../../lib/wallet/test-issuer.ts');
    return issueStatusList(await testIssuer(ctx.db), uri, ctx.now());
  }
  if (!uri.startsWith('https://')) throw new Error(`status list ${uri} is not https`);
  const response = await fetch(uri, {
    headers: { accept: 'application/statuslist+jwt' },
    signal: AbortSignal.timeout(5000),
  });
  if (!response.ok) throw new Error(`status list answered ${response.status}`);
  const text = await response.text();
  if (text.length > 1_000_000) throw new Error('status list too large');
  return text.trim();
}
