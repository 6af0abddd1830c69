import { X509Certificate } from 'node:crypto';
import * as jose from 'jose';
import { WalletCheckError } from './check-error.ts';

/**
 * Checks an issuer's certificate chain (leaf first, DER) against the trust list (DER
 * certificates: roots or the issuing certificates themselves): every link signed by the next,
 * every certificate valid at `now`, and the chain ends at, or is issued by, a listed one.
 * Node's X509Certificate does the signature checks.
 */
export function assertTrustedChain(
  chain: readonly Uint8Array[],
  trustList: readonly Uint8Array[],
  now: Date,
): X509Certificate {
  if (chain.length === 0) throw new WalletCheckError('untrusted', 'issuer sent no certificate');
  const certs = chain.map((der) => new X509Certificate(Buffer.from(der)));
  const anchors = trustList.map((der) => new X509Certificate(Buffer.from(der)));
  const valid = (c: X509Certificate) => new Date(c.validFrom) <= now && now <= new Date(c.validTo);
  for (const [i, cert] of certs.entries()) {
    if (!valid(cert)) throw new WalletCheckError('untrusted', `certificate ${i} not valid now`);
    const next = certs[i + 1];
    if (next && !(cert.checkIssued(next) && cert.verify(next.publicKey))) {
      throw new WalletCheckError('untrusted', `certificate ${i} not issued by the next`);
    }
  }
  const last = certs[certs.length - 1]!;
  const anchored = anchors.some(
    (a) =>
      valid(a) && (a.raw.equals(last.raw) || (last.checkIssued(a) && last.verify(a.publicKey))),
  );
  if (!anchored)
    throw new WalletCheckError('untrusted', `issuer ${last.subject} not in trust list`);
  return certs[0]!;
}

/** The certificate that signed a JWS, from its `x5c` header, once its chain ends at the trust list. */
export function trustedJwsSigner(
  compact: string,
  trustList: readonly Uint8Array[],
  now: Date,
): X509Certificate {
  const header = jose.decodeProtectedHeader(compact);
  const chain = (header.x5c ?? []).map((c) => Buffer.from(c, 'base64'));
  return assertTrustedChain(chain, trustList, now);
}
