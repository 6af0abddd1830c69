import { and, eq, ne, sql } from 'drizzle-orm';
import type { Openid4vpAuthorizationRequest } from '@openid4vc/openid4vp';
import { walletMessages } from '@paraaf/contract';
import type { FastifyBaseLogger } from 'fastify';
import type * as jose from 'jose';
import { signerEvidence, signers, signRequests, walletSessions } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { sha256 } from '../../lib/crypto.ts';
import { openid4vp } from '../../lib/wallet/openid4vp.ts';
import { WalletCheckError } from '../../lib/wallet/check-error.ts';
import { joseCallbacks } from '../../lib/wallet/jose-callbacks.ts';
import { attributesFromClaims, QUERY_MDOC, QUERY_SD_JWT } from '../../lib/wallet/pid.ts';
import { recordAction } from '../signing/resolve-signer.ts';
import { markVerifiedWhenComplete } from '../signing/verification-state.ts';
import { askedOf } from './start-wallet.ts';
import { walletNameMatches } from './name-match.ts';
import { fetchStatusList } from './status-lists.ts';
import { trustList } from './wallet-identities.ts';

type SessionRow = typeof walletSessions.$inferSelect;

export interface WalletAnswer {
  status: 200 | 400;
  body: Record<string, string>;
}

const NAME_CLAIMS = ['given_name', 'family_name'];

/**
 * POST /api/wallet/responses/{id} (direct_post.jwt): the wallet's answer to one attempt. The
 * encrypted response is opened with the attempt's key and parsed by @openid4vc/openid4vp; the
 * presentation is checked (lib/wallet), the asked attributes must all be there and the name must
 * be the signer's. The attempt ends once: verified (evidence, audit 23, maybe signer state 2 and
 * webhook signer.verified) or failed (audit 24 with the Dutch reason the signer's page shows).
 * A response seen before (its hash) is refused as replayed.
 */
export async function receiveWalletResponse(
  ctx: Ctx,
  log: FastifyBaseLogger,
  requestId: string,
  form: Record<string, unknown>,
): Promise<WalletAnswer> {
  const [session] =
    requestId && requestId.length <= 100
      ? await ctx.db.select().from(walletSessions).where(eq(walletSessions.requestId, requestId))
      : [];
  if (!session || session.status !== 'started') {
    return refusal('invalid_request', walletMessages.unknownRequest);
  }
  const response = typeof form.response === 'string' ? form.response : null;
  const responseHash = response ? sha256(response) : null;

  let outcome: { attributes: Record<string, string> } | WalletCheckError;
  try {
    outcome = { attributes: await check(ctx, session, form, response, responseHash) };
  } catch (error) {
    outcome =
      error instanceof WalletCheckError
        ? error
        : new WalletCheckError('invalid', error instanceof Error ? error.message : 'unknown');
  }
  if (outcome instanceof WalletCheckError) {
    log.warn({ walletSessionId: session.id, reason: outcome.message }, 'wallet check failed');
  }
  const done = await finish(
    ctx,
    session,
    outcome,
    outcome instanceof WalletCheckError ? null : responseHash,
  );
  if (!done) return refusal('invalid_request', walletMessages.unknownRequest);
  return outcome instanceof WalletCheckError
    ? refusal(
        outcome.failure === 'refused' ? 'access_denied' : 'invalid_request',
        walletMessages[outcome.failure],
      )
    : { status: 200, body: {} };
}

async function check(
  ctx: Ctx,
  session: SessionRow,
  form: Record<string, unknown>,
  response: string | null,
  responseHash: string | null,
): Promise<Record<string, string>> {
  const now = ctx.now();
  if (typeof form.error === 'string')
    throw new WalletCheckError('refused', `wallet: ${form.error.slice(0, 100)}`);
  if (session.expiresAt.getTime() <= now.getTime())
    throw new WalletCheckError('expired', 'attempt expired');
  if (!response || !responseHash) throw new WalletCheckError('invalid', 'no response parameter');
  const [seen] = await ctx.db
    .select({ id: walletSessions.id })
    .from(walletSessions)
    .where(and(eq(walletSessions.responseHash, responseHash), ne(walletSessions.id, session.id)));
  if (seen) throw new WalletCheckError('replayed', `response of attempt ${seen.id}`);

  const request = session.requestPayload as unknown as Openid4vpAuthorizationRequest;
  const { parseOpenid4vpAuthorizationResponse } = await openid4vp();
  let parsed: Awaited<ReturnType<typeof parseOpenid4vpAuthorizationResponse>>;
  try {
    parsed = await parseOpenid4vpAuthorizationResponse({
      authorizationResponse: { response },
      authorizationRequestPayload: request,
      callbacks: joseCallbacks({ decryptionJwk: (session.encryptionJwk ?? undefined) as never }),
    });
  } catch (error) {
    throw new WalletCheckError('wrongRequest', error instanceof Error ? error.message : 'response');
  }
  if (parsed.type !== 'dcql') throw new WalletCheckError('invalid', 'not a DCQL answer');
  const presentations = parsed.dcql.presentations;
  const trusted = await trustList(ctx.config, ctx.db);
  const sdJwt = presentations[QUERY_SD_JWT]?.[0];
  const mdoc = presentations[QUERY_MDOC]?.[0];
  let claims: Record<string, unknown>;
  if (typeof sdJwt === 'string') {
    // The credential libraries are loaded with the first answer (as lib/wallet/openid4vp.ts is).
    const { verifySdJwtPid } = await import('../../lib/wallet/sd-jwt.ts');
    claims = await verifySdJwtPid({
      presentation: sdJwt,
      trustList: trusted,
      nonce: session.nonce,
      audience: request.client_id,
      now,
      fetchStatusList: (uri) => fetchStatusList(ctx, uri),
    });
  } else if (typeof mdoc === 'string') {
    const { d: _d, ...encryptionJwk } = (session.encryptionJwk ?? {}) as jose.JWK;
    const { oid4vpSessionTranscript, verifyMdocPid } = await import('../../lib/wallet/mdoc.ts');
    claims = await verifyMdocPid({
      deviceResponse: mdoc,
      trustList: trusted,
      now,
      fetchStatusList: (uri) => fetchStatusList(ctx, uri),
      sessionTranscript: await oid4vpSessionTranscript({
        clientId: request.client_id,
        nonce: session.nonce,
        responseUri: request.response_uri ?? '',
        encryptionJwk,
      }),
    });
  } else {
    throw new WalletCheckError('missingAttributes', 'no PID presented');
  }

  const asked = askedOf(await signerOf(ctx, session.signerId));
  const attributes = attributesFromClaims(claims, asked);
  const expected = [
    ...NAME_CLAIMS,
    ...(asked.includes('birth_date') ? ['birth_date'] : []),
    ...(asked.includes('nationality') ? ['nationality'] : []),
  ];
  if (expected.some((key) => !attributes[key])) {
    throw new WalletCheckError(
      'missingAttributes',
      `missing ${expected.filter((k) => !attributes[k]).join(', ')}`,
    );
  }
  const signer = await signerOf(ctx, session.signerId);
  if (!walletNameMatches(signer, attributes))
    throw new WalletCheckError('nameMismatch', 'name differs');
  const [open] = await ctx.db
    .select({ id: signRequests.id })
    .from(signRequests)
    .where(
      and(
        eq(signRequests.id, signer.signRequestId),
        eq(signRequests.stateId, 3),
        sql`${signRequests.expiresAt} > ${now}`,
      ),
    );
  if (!open || ![2, 3, 6].includes(signer.stateId)) {
    throw new WalletCheckError('expired', `signer may no longer act (${signer.stateId})`);
  }
  return {
    ...attributes,
    credential_format: typeof sdJwt === 'string' ? 'SD-JWT VC' : 'ISO mdoc',
  };
}

async function signerOf(ctx: Ctx, signerId: number) {
  const [signer] = await ctx.db.select().from(signers).where(eq(signers.id, signerId));
  if (!signer) throw new WalletCheckError('unknownRequest', 'signer gone');
  return signer;
}

/** Ends the attempt once (guarded on 'started'); false when a concurrent answer ended it. */
async function finish(
  ctx: Ctx,
  session: SessionRow,
  outcome: { attributes: Record<string, string> } | WalletCheckError,
  responseHash: string | null,
): Promise<boolean> {
  const failed = outcome instanceof WalletCheckError;
  return ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(walletSessions)
      .set({
        status: failed ? 'failed' : 'verified',
        failure: failed ? outcome.failure : null,
        error: failed ? outcome.message.slice(0, 500) : null,
        attributes: failed ? null : outcome.attributes,
        responseHash,
        // Spent: the attempt's decryption key has no further use.
        encryptionJwk: null,
        completedAt: ctx.now(),
      })
      .where(and(eq(walletSessions.id, session.id), eq(walletSessions.status, 'started')))
      .returning({ id: walletSessions.id });
    if (!claimed) return false;
    const [signer] = await tx.select().from(signers).where(eq(signers.id, session.signerId));
    if (!signer) return false;
    if (failed) {
      await recordAction(tx, signer, 24, ctx, walletMessages[outcome.failure]);
      return true;
    }
    await tx.insert(signerEvidence).values({ signerId: signer.id }).onConflictDoNothing();
    await tx
      .update(signerEvidence)
      .set({
        walletVerifiedAt: ctx.now(),
        walletAttributes: outcome.attributes,
        updatedAt: sql`now()`,
      })
      .where(eq(signerEvidence.signerId, signer.id));
    await recordAction(tx, signer, 23, ctx);
    await markVerifiedWhenComplete(tx, ctx, signer.id, ctx.now(), 'wallet');
    return true;
  });
}

/** OAuth's error answer for the wallet, with the Dutch `message` every API answer carries. */
function refusal(error: string, description: string): WalletAnswer {
  return { status: 400, body: { error, error_description: description, message: description } };
}
