import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { defaultWalletAttributes, signerApiMessages } from '@paraaf/contract';
import * as jose from 'jose';
import type { Config } from '../../config/env.ts';
import { walletSessions } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { createToken } from '../../lib/crypto.ts';
import { openid4vp } from '../../lib/wallet/openid4vp.ts';
import { ConflictError } from '../../lib/errors.ts';
import { joseCallbacks } from '../../lib/wallet/jose-callbacks.ts';
import { askedAttributes, pidDcqlQuery } from '../../lib/wallet/pid.ts';
import {
  assertSignerMayAct,
  ensureEvidence,
  recordAction,
  resolveSigner,
} from '../signing/resolve-signer.ts';
import { verifierHost, verifierIdentity } from './wallet-identities.ts';

export const WALLET_VERIFICATION = 7;
/** How long the signer may take in the wallet app. */
export const WALLET_SESSION_MINUTES = 10;

export const walletPaths = {
  request: (config: Config, requestId: string) =>
    `${config.appUrl}/api/wallet/requests/${requestId}`,
  response: (config: Config, requestId: string) =>
    `${config.appUrl}/api/wallet/responses/${requestId}`,
};

/** `x509_san_dns:<host>`: the verifier certificate's SAN names APP_URL's host. */
export function walletClientId(config: Config): string {
  return `x509_san_dns:${verifierHost(config)}`;
}

/** The attributes a signer's wallet is asked for (the name always). */
export function askedOf(signer: { walletAttributes: string[] }) {
  return askedAttributes(
    signer.walletAttributes.length > 0 ? signer.walletAttributes : [...defaultWalletAttributes],
  );
}

/**
 * POST /api/signing/{token}/wallet/start (audit 22): a new OpenID4VP request for the signer's
 * EU wallet. Fresh per attempt: the nonce, the request id in request_uri and response_uri, and
 * the ECDH-ES key the wallet encrypts its answer to (direct_post.jwt). The request object is
 * signed (JAR, x5c of the verifier certificate) and kept for the wallet to fetch by
 * request_uri; the link carries only client_id and request_uri.
 */
export async function startWallet(
  ctx: Ctx,
  token: string,
): Promise<{ request_uri: string; link: string; test_wallet_url: string | null }> {
  const r = await resolveSigner(ctx, token, ctx.now());
  assertSignerMayAct(r);
  if (!r.signer.verifications.includes(WALLET_VERIFICATION)) {
    throw new ConflictError(signerApiMessages.stepNotChosen);
  }
  const evidence = await ensureEvidence(ctx.db, r.signer.id, r.evidence);
  if (evidence.walletVerifiedAt) throw new ConflictError(signerApiMessages.alreadyVerified);

  const identity = await verifierIdentity(ctx.config, ctx.db);
  const requestId = createToken();
  const nonce = createToken();
  const requestUri = walletPaths.request(ctx.config, requestId);
  const { publicKey, privateKey } = await jose.generateKeyPair('ECDH-ES', {
    crv: 'P-256',
    extractable: true,
  });
  const kid = randomBytes(8).toString('base64url');
  const encryptionJwk = { ...(await jose.exportJWK(publicKey)), kid, use: 'enc', alg: 'ECDH-ES' };
  const alg = identity.key.asymmetricKeyType === 'ec' ? 'ES256' : 'PS256';
  const { createOpenid4vpAuthorizationRequest } = await openid4vp();
  const created = await createOpenid4vpAuthorizationRequest({
    authorizationRequestPayload: {
      response_type: 'vp_token',
      client_id: walletClientId(ctx.config),
      response_uri: walletPaths.response(ctx.config, requestId),
      response_mode: 'direct_post.jwt',
      nonce,
      dcql_query: pidDcqlQuery(askedOf(r.signer)),
      client_metadata: {
        client_name: 'Paraaf',
        jwks: { keys: [encryptionJwk as never] },
        encrypted_response_enc_values_supported: ['A128GCM', 'A256GCM'],
        vp_formats_supported: {
          'dc+sd-jwt': { 'sd-jwt_alg_values': ['ES256'], 'kb-jwt_alg_values': ['ES256'] },
          mso_mdoc: {},
        },
      },
    },
    jar: {
      requestUri,
      jwtSigner: { method: 'x5c', x5c: identity.chain.map((c) => c.toString('base64')), alg },
      expiresInSeconds: WALLET_SESSION_MINUTES * 60,
    },
    callbacks: joseCallbacks({ signingKeys: [identity.key] }),
  });
  if (!created.jar) throw new Error('request object was not signed');

  await ctx.db.transaction(async (tx) => {
    await tx.insert(walletSessions).values({
      signerId: r.signer.id,
      requestId,
      nonce,
      requestPayload: created.authorizationRequestPayload as Record<string, unknown>,
      requestJwt: created.jar.authorizationRequestJwt,
      encryptionJwk: { ...(await jose.exportJWK(privateKey)), kid, use: 'enc', alg: 'ECDH-ES' },
      expiresAt: new Date(ctx.now().getTime() + WALLET_SESSION_MINUTES * 60_000),
    });
    await recordAction(tx, r.signer, 22, ctx);
  });
  const link = created.authorizationRequest;
  return {
    request_uri: requestUri,
    link,
    test_wallet_url: ctx.config.wallet.simulator
      ? `${ctx.config.appUrl}/dev/wallet?link=${encodeURIComponent(link)}`
      : null,
  };
}

/**
 * GET /api/wallet/requests/{id}: the signed request object for the wallet, while its attempt is
 * open; null otherwise.
 */
export async function findRequestObject(ctx: Ctx, requestId: string): Promise<string | null> {
  if (!requestId || requestId.length > 100) return null;
  const [session] = await ctx.db
    .select({ jwt: walletSessions.requestJwt })
    .from(walletSessions)
    .where(
      and(
        eq(walletSessions.requestId, requestId),
        eq(walletSessions.status, 'started'),
        gt(walletSessions.expiresAt, ctx.now()),
      ),
    );
  return session?.jwt ?? null;
}
