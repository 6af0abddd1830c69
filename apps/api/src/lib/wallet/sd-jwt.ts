import { createHash, randomBytes, type KeyObject } from 'node:crypto';
import { decodeSdJwt, unpack } from '@sd-jwt/decode';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import * as jose from 'jose';
import { WalletCheckError } from './check-error.ts';
import { PID_VCT } from './pid.ts';
import { trustedJwsSigner } from './trust.ts';

/** SHA-256 (the only `_sd_alg` PIDs use) for @sd-jwt's hasher slot. */
export const sdJwtHasher = (data: string | ArrayBuffer, alg: string): Uint8Array => {
  if (alg.toLowerCase() !== 'sha-256') throw new Error(`hash ${alg} is not supported`);
  return new Uint8Array(
    createHash('sha256')
      .update(typeof data === 'string' ? data : Buffer.from(data))
      .digest(),
  );
};

export const sdJwtSaltGenerator = (length: number): string =>
  randomBytes(length).toString('base64url');

/** An @sd-jwt signer slot: ES256 over `header.payload` by jose. */
export function sdJwtSigner(key: KeyObject) {
  return async (data: string): Promise<string> => {
    const [header, payload] = data.split('.');
    // jose signs the exact protected header and payload the library built.
    const jws = await new jose.FlattenedSign(jose.base64url.decode(payload!))
      .setProtectedHeader(
        JSON.parse(
          new TextDecoder().decode(jose.base64url.decode(header!)),
        ) as jose.JWSHeaderParameters,
      )
      .sign(key);
    return jws.signature;
  };
}

/**
 * Verifies `header.payload` + signature of a JWS whose header carries an x5c chain that ends at
 * the trust list: the issuer's SD-JWT and its status list token alike.
 */
function x5cVerifier(trustList: readonly Uint8Array[], now: Date) {
  return async (data: string, signature: string): Promise<boolean> => {
    const compact = `${data}.${signature}`;
    await jose.compactVerify(compact, trustedJwsSigner(compact, trustList, now).publicKey);
    return true;
  };
}

export interface SdJwtCheck {
  presentation: string;
  trustList: readonly Uint8Array[];
  nonce: string;
  /** The verifier's client_id, the key binding JWT's `aud`. */
  audience: string;
  now: Date;
  /** The status list token (a JWT) at a URI. */
  fetchStatusList: (uri: string) => Promise<string>;
}

/**
 * A PID presented as SD-JWT VC with key binding, checked by @sd-jwt/sd-jwt-vc: the issuer's
 * signature (x5c up to the trust list), validity dates, the disclosures against their digests,
 * the key binding JWT (holder key from `cnf`, nonce, sd_hash), the status list entry; then the
 * audience. Answers the disclosed claims, or throws a WalletCheckError saying why.
 */
export async function verifySdJwtPid(check: SdJwtCheck): Promise<Record<string, unknown>> {
  const { presentation, nonce, audience, now } = check;
  const parts = presentation.split('~');
  const kbJwt = parts[parts.length - 1];
  if (parts.length < 2 || !kbJwt) throw new WalletCheckError('invalid', 'no key binding JWT');
  // Which message the signer reads: the plain reasons first, the library decides validity.
  let kb: jose.JWTPayload;
  let issued: jose.JWTPayload;
  try {
    kb = jose.decodeJwt(kbJwt);
    issued = jose.decodeJwt(parts[0]!);
  } catch {
    throw new WalletCheckError('invalid', 'presentation is not an SD-JWT');
  }
  if (kb.nonce !== nonce) throw new WalletCheckError('wrongRequest', 'key binding nonce differs');
  if (kb.aud !== audience) throw new WalletCheckError('wrongRequest', `audience ${String(kb.aud)}`);
  if (typeof issued.exp === 'number' && issued.exp * 1000 < now.getTime()) {
    throw new WalletCheckError('credentialExpired', 'credential expired');
  }

  const sdjwt = new SDJwtVcInstance({
    hasher: sdJwtHasher,
    verifier: x5cVerifier(check.trustList, now),
    kbVerifier: async (data, signature, payload) => {
      const jwk = (payload.cnf as { jwk?: jose.JWK } | undefined)?.jwk;
      if (!jwk) return false;
      await jose.compactVerify(`${data}.${signature}`, await jose.importJWK(jwk, 'ES256'));
      return true;
    },
    statusListFetcher: check.fetchStatusList,
    statusValidator: (status) => {
      if (status !== 0) throw new WalletCheckError('revoked', `status ${status}`);
      return Promise.resolve();
    },
  });
  let result: Awaited<ReturnType<SDJwtVcInstance['verify']>>;
  try {
    result = await sdjwt.verify(presentation, {
      keyBindingNonce: nonce,
      currentDate: Math.floor(now.getTime() / 1000),
    });
  } catch (error) {
    if (error instanceof WalletCheckError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new WalletCheckError(classify(message), message);
  }
  if (!result.kb || result.kb.payload.aud !== audience) {
    throw new WalletCheckError('wrongRequest', 'key binding missing or for another verifier');
  }
  await assertEveryDisclosureReferenced(presentation);
  if (!PID_VCT.includes(result.payload.vct as (typeof PID_VCT)[number])) {
    throw new WalletCheckError('invalid', `vct ${result.payload.vct}`);
  }
  return result.payload;
}

/**
 * @sd-jwt skips a disclosure whose digest the issuer never signed (the claim just goes missing);
 * a wallet that sends one has changed a disclosure, so it is refused as tampered.
 */
async function assertEveryDisclosureReferenced(presentation: string): Promise<void> {
  const decoded = await decodeSdJwt(presentation, sdJwtHasher);
  const { disclosureKeymap } = await unpack(decoded.jwt.payload, decoded.disclosures, sdJwtHasher);
  const referenced = new Set(Object.values(disclosureKeymap));
  for (const disclosure of decoded.disclosures) {
    const digest = await disclosure.digest({ hasher: sdJwtHasher, alg: 'sha-256' });
    if (!referenced.has(digest)) {
      throw new WalletCheckError('tampered', 'a disclosure matches no signed digest');
    }
  }
}

function classify(message: string) {
  if (/digest|disclosure|sd_hash/i.test(message)) return 'tampered' as const;
  if (/expired|not yet valid/i.test(message)) return 'credentialExpired' as const;
  if (/nonce/i.test(message)) return 'wrongRequest' as const;
  if (/status/i.test(message)) return 'revoked' as const;
  return 'invalid' as const;
}
