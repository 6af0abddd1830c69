import {
  createHash,
  createPublicKey,
  randomBytes,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';
import type { CallbackContext, Jwk, JwtSigner } from '@openid4vc/oauth2';
import * as jose from 'jose';
import { sanDnsNames } from '../pki/ec-certificate.ts';

/**
 * The crypto the OpenID4VP library asks its caller for (it builds and checks the protocol, we
 * lend it keys): every JWS and JWE goes through `jose`, hashes and randomness through
 * node:crypto. Used by the verifier and by the built-in test wallet alike.
 */
export function joseCallbacks(options: {
  /** Private keys that may sign (the verifier's request objects; a wallet's keys). */
  signingKeys?: readonly KeyObject[];
  /** The private JWK that decrypts a direct_post.jwt answer (the attempt's ephemeral key). */
  decryptionJwk?: Jwk;
  fetch?: typeof fetch;
}): Pick<
  CallbackContext,
  | 'hash'
  | 'generateRandom'
  | 'signJwt'
  | 'verifyJwt'
  | 'encryptJwe'
  | 'decryptJwe'
  | 'getX509CertificateMetadata'
  | 'fetch'
> {
  return {
    hash: (data, alg) =>
      new Uint8Array(createHash(alg.replace('-', '').toLowerCase()).update(data).digest()),
    generateRandom: (bytes) => new Uint8Array(randomBytes(bytes)),
    fetch: options.fetch,
    getX509CertificateMetadata: (certificate) => {
      const cert = new X509Certificate(Buffer.from(certificate, 'base64'));
      const uris = (cert.subjectAltName ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter((p) => p.startsWith('URI:'))
        .map((p) => p.slice(4));
      return { sanDnsNames: sanDnsNames(cert), sanUriNames: uris };
    },
    signJwt: async (signer, { header, payload }) => {
      const publicJwk = publicJwkOf(signer);
      const key = options.signingKeys?.find((k) => sameKey(k, publicJwk));
      if (!key) throw new Error('no private key for this signer');
      const jwt = await new jose.SignJWT(payload).setProtectedHeader(header).sign(key);
      return { jwt, signerJwk: publicJwk as Jwk };
    },
    verifyJwt: async (signer, { compact }) => {
      try {
        const publicJwk = publicJwkOf(signer);
        await jose.compactVerify(compact, await jose.importJWK(publicJwk, signer.alg));
        return { verified: true, signerJwk: publicJwk as Jwk };
      } catch {
        return { verified: false };
      }
    },
    encryptJwe: async (encryptor, data) => {
      const header: jose.CompactJWEHeaderParameters = { alg: encryptor.alg, enc: encryptor.enc };
      if (encryptor.publicJwk.kid) header.kid = encryptor.publicJwk.kid;
      let jwe = new jose.CompactEncrypt(new TextEncoder().encode(data)).setProtectedHeader(header);
      if (encryptor.apu || encryptor.apv) {
        jwe = jwe.setKeyManagementParameters({
          apu: encryptor.apu ? jose.base64url.decode(encryptor.apu) : undefined,
          apv: encryptor.apv ? jose.base64url.decode(encryptor.apv) : undefined,
        });
      }
      const key = await jose.importJWK(encryptor.publicJwk, encryptor.alg);
      return { jwe: await jwe.encrypt(key), encryptionJwk: encryptor.publicJwk };
    },
    decryptJwe: async (jwe) => {
      const jwk = options.decryptionJwk;
      if (!jwk) return { decrypted: false };
      try {
        const key = await jose.importJWK(jwk, 'ECDH-ES');
        const { plaintext } = await jose.compactDecrypt(jwe, key);
        const { d: _d, ...publicJwk } = jwk;
        return {
          decrypted: true,
          decryptionJwk: publicJwk,
          payload: new TextDecoder().decode(plaintext),
        };
      } catch {
        return { decrypted: false };
      }
    },
  };
}

/** The public key a JWS names: an x5c leaf or a JWK (the only two methods we accept). */
function publicJwkOf(signer: JwtSigner): jose.JWK {
  if (signer.method === 'x5c') {
    const leaf = signer.x5c[0];
    if (!leaf) throw new Error('x5c is empty');
    return new X509Certificate(Buffer.from(leaf, 'base64')).publicKey.export({
      format: 'jwk',
    });
  }
  if (signer.method === 'jwk') return signer.publicJwk;
  throw new Error(`signer method ${signer.method} is not accepted`);
}

function sameKey(privateKey: KeyObject, publicJwk: jose.JWK): boolean {
  const own = createPublicKey(privateKey).export({ format: 'jwk' });
  return own.x === publicJwk.x && own.y === publicJwk.y && own.n === publicJwk.n;
}
