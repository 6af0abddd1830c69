import { markVerifiedWhenComplete } from '../signing/verification-state.ts';
import { and, eq, gt, sql } from 'drizzle-orm';
import { defaultIdinServices, EMBED_IDIN_RETURN_PATH, signerApiMessages } from '@paraaf/contract';
import type { FastifyBaseLogger } from 'fastify';
import { identitySessions, signerEvidence, signers } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { createToken, sha256 } from '../../lib/crypto.ts';
import { ConflictError } from '../../lib/errors.ts';
import type { IdentityProvider } from '../../lib/identity/identity-provider.ts';
import { decryptReturnPath, encryptReturnPath } from '../../lib/identity/return-path.ts';
import { pickAttributes } from '../../lib/identity/services.ts';
import {
  assertSignerMayAct,
  ensureEvidence,
  recordAction,
  resolveSigner,
} from '../signing/resolve-signer.ts';

const IDIN_VERIFICATION = 4;
/** How long the signer may take at the bank. */
export const IDENTITY_SESSION_MINUTES = 30;

export type IdentitySessionRow = typeof identitySessions.$inferSelect;

export function callbackUrl(ctx: Pick<Ctx, 'config'>): string {
  return `${ctx.config.appUrl}/api/identity/callback`;
}

/**
 * The sealed way back of a check started from an embedded page: its window returns to
 * EMBED_IDIN_RETURN_PATH (no token in that address), not to the signer's page.
 */
const EMBEDDED_MARK = 'embedded:';

export function servicesOf(signer: { idinServices: string[] }): string[] {
  return signer.idinServices.length > 0 ? signer.idinServices : [...defaultIdinServices];
}

/**
 * POST /api/signing/{token}/verifications/idin: starts a check at the identity provider (audit
 * 12). state, nonce and the PKCE verifier are fresh per attempt; only state's hash is stored,
 * and the way back to the signer's page is sealed with state (see return-path.ts). `embedded`:
 * the bank opens in a window of its own and comes back to the page that closes it.
 */
export async function startIdin(
  ctx: Ctx,
  provider: IdentityProvider,
  token: string,
  options: { embedded: boolean } = { embedded: false },
): Promise<{ redirect_url: string }> {
  const r = await resolveSigner(ctx, token, ctx.now());
  assertSignerMayAct(r);
  if (!r.signer.verifications.includes(IDIN_VERIFICATION)) {
    throw new ConflictError(signerApiMessages.stepNotChosen);
  }
  const evidence = await ensureEvidence(ctx.db, r.signer.id, r.evidence);
  if (evidence.idinVerifiedAt) throw new ConflictError(signerApiMessages.alreadyVerified);

  const state = createToken();
  const nonce = createToken();
  const codeVerifier = createToken();
  const { redirectUrl } = await provider.start({
    state,
    nonce,
    codeVerifier,
    redirectUri: callbackUrl(ctx),
    services: servicesOf(r.signer),
  });
  await ctx.db.transaction(async (tx) => {
    await tx.insert(identitySessions).values({
      signerId: r.signer.id,
      provider: provider.name,
      stateHash: sha256(state),
      nonce,
      codeVerifier,
      returnPathEnc: encryptReturnPath(
        `${options.embedded ? EMBEDDED_MARK : ''}/ondertekenen/${token}`,
        state,
      ),
      expiresAt: new Date(ctx.now().getTime() + IDENTITY_SESSION_MINUTES * 60_000),
    });
    await recordAction(tx, r.signer, 12, ctx);
  });
  return { redirect_url: redirectUrl };
}

/** A started, unexpired session by its plain state, or null. */
export async function findOpenSession(ctx: Ctx, state: string): Promise<IdentitySessionRow | null> {
  if (!state || state.length > 200) return null;
  const [session] = await ctx.db
    .select()
    .from(identitySessions)
    .where(
      and(
        eq(identitySessions.stateHash, sha256(state)),
        eq(identitySessions.status, 'started'),
        gt(identitySessions.expiresAt, ctx.now()),
      ),
    );
  return session ?? null;
}

/**
 * GET /api/identity/callback: the provider sends the browser back with `code` (or `error`).
 * Records the outcome once — verified: the chosen services' attributes into the evidence (audit
 * 14); anything else: failed (audit 13) — and answers where to send the browser: the signer's
 * page (or, started embedded, the page that closes the window) with `?idin=ok|failed`. null: unknown, used or expired state (nothing is recorded).
 */
export async function completeIdin(
  ctx: Ctx,
  provider: IdentityProvider,
  log: FastifyBaseLogger,
  query: { state?: string; code?: string; error?: string },
): Promise<string | null> {
  const state = query.state ?? '';
  const [session] =
    state && state.length <= 200
      ? await ctx.db
          .select()
          .from(identitySessions)
          .where(eq(identitySessions.stateHash, sha256(state)))
      : [];
  const sealed = session?.returnPathEnc ? decryptReturnPath(session.returnPathEnc, state) : null;
  if (!session || !sealed) return null;
  const isEmbedded = sealed.startsWith(EMBEDDED_MARK);
  const returnPath = isEmbedded ? sealed.slice(EMBEDDED_MARK.length) : sealed;
  const back = (outcome: 'ok' | 'failed') =>
    `${ctx.config.appUrl}${isEmbedded ? EMBED_IDIN_RETURN_PATH : returnPath}?idin=${outcome}`;
  // A reload of the callback after it was handled: the same answer, nothing recorded twice.
  if (session.status !== 'started') return back(session.status === 'verified' ? 'ok' : 'failed');

  const [signer] = await ctx.db.select().from(signers).where(eq(signers.id, session.signerId));
  if (!signer) return null;
  const services = servicesOf(signer);

  let attributes: Record<string, string> | null = null;
  let failure: string;
  if (session.expiresAt.getTime() <= ctx.now().getTime()) {
    failure = 'session expired';
  } else if (query.error || !query.code) {
    failure = `provider: ${(query.error ?? 'no code').slice(0, 100)}`;
  } else {
    try {
      const result = await provider.complete({
        code: query.code,
        codeVerifier: session.codeVerifier ?? '',
        nonce: session.nonce,
        redirectUri: callbackUrl(ctx),
        services,
      });
      attributes = pickAttributes(result.attributes, services);
      failure = '';
    } catch (error) {
      failure = error instanceof Error ? error.message : 'unknown error';
    }
  }
  // The link must still be open for acting (not cancelled, expired or done meanwhile).
  if (attributes) {
    const token = returnPath.slice('/ondertekenen/'.length);
    const r = await resolveSigner(ctx, token, ctx.now()).catch(() => null);
    if (!r || r.signer.id !== signer.id || r.status !== 'open') {
      attributes = null;
      failure = `signer may no longer act (${r?.status ?? 'unknown'})`;
    }
  }
  if (!attributes) log.warn({ sessionId: session.id, reason: failure }, 'iDIN check failed');

  const verified = attributes !== null;
  await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(identitySessions)
      .set({
        status: verified ? 'verified' : 'failed',
        attributes,
        error: verified ? null : failure.slice(0, 500),
        completedAt: ctx.now(),
        // Spent: the verifier and nonce have no further use.
        codeVerifier: null,
      })
      .where(and(eq(identitySessions.id, session.id), eq(identitySessions.status, 'started')))
      .returning({ id: identitySessions.id });
    if (!claimed) return; // handled by a concurrent callback
    if (verified) {
      await tx.insert(signerEvidence).values({ signerId: signer.id }).onConflictDoNothing();
      await tx
        .update(signerEvidence)
        .set({ idinVerifiedAt: ctx.now(), idinAttributes: attributes, updatedAt: sql`now()` })
        .where(eq(signerEvidence.signerId, signer.id));
      await recordAction(tx, signer, 14, ctx);
      await markVerifiedWhenComplete(tx, ctx, signer.id, ctx.now(), 'idin');
    } else {
      await recordAction(
        tx,
        signer,
        13,
        ctx,
        query.error === 'access_denied'
          ? 'Geannuleerd door de ondertekenaar'
          : 'Verificatie mislukt',
      );
    }
  });
  return back(verified ? 'ok' : 'failed');
}
