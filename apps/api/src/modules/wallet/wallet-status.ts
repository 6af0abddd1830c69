import { desc, eq } from 'drizzle-orm';
import { walletMessages, type WalletFailure, type WalletStatus } from '@paraaf/contract';
import { walletSessions } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { resolveSigner } from '../signing/resolve-signer.ts';

/**
 * GET /api/signing/{token}/wallet/status: what the signer's page shows while it waits — the
 * latest attempt's state, the Dutch reason when it failed, the disclosed attributes once
 * verified. An attempt past its time that never got an answer reads as expired.
 */
export async function walletStatus(ctx: Ctx, token: string): Promise<WalletStatus> {
  const r = await resolveSigner(ctx, token, ctx.now());
  if (r.evidence?.walletVerifiedAt) {
    return { status: 'verified', message: null, attributes: r.evidence.walletAttributes ?? {} };
  }
  const [latest] = await ctx.db
    .select()
    .from(walletSessions)
    .where(eq(walletSessions.signerId, r.signer.id))
    .orderBy(desc(walletSessions.id))
    .limit(1);
  if (!latest) return { status: 'none', message: null, attributes: null };
  if (latest.status === 'started') {
    return latest.expiresAt.getTime() <= ctx.now().getTime()
      ? { status: 'failed', message: walletMessages.expired, attributes: null }
      : { status: 'started', message: null, attributes: null };
  }
  if (latest.status === 'failed') {
    const failure = (latest.failure ?? 'invalid') as WalletFailure;
    return {
      status: 'failed',
      message: walletMessages[failure] ?? walletMessages.invalid,
      attributes: null,
    };
  }
  return { status: 'verified', message: null, attributes: latest.attributes ?? {} };
}
