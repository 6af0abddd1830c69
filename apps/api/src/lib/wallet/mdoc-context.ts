import {
  createHash,
  createPrivateKey,
  createPublicKey,
  randomBytes,
  sign,
  verify,
  X509Certificate,
} from 'node:crypto';
import type { MdocContext } from '@animo-id/mdoc';
import { assertTrustedChain } from './trust.ts';

/** ES256 → sha256, ES384 → sha384, ES512 → sha512. */
function hashOf(alg: string): string {
  const bits = /^ES(256|384|512)$/.exec(alg)?.[1];
  if (!bits) throw new Error(`COSE algorithm ${alg} is not supported`);
  return `sha${bits}`;
}

/**
 * The crypto @animo-id/mdoc asks its caller for: the library builds and parses the CBOR/COSE
 * structures (Sig_structure, MSO, device authentication), we lend it ECDSA over the bytes it
 * hands us (node:crypto, IEEE P1363 signatures as COSE wants) and X.509 answers. Device
 * authentication by MAC is not offered: the verifier asks for signatures only.
 */
export function mdocContext(now: () => Date = () => new Date()): MdocContext {
  const digestName = (alg: string) => alg.replace('-', '').toLowerCase();
  return {
    crypto: {
      random: (length) => new Uint8Array(randomBytes(length)),
      digest: ({ digestAlgorithm, bytes }) =>
        new Uint8Array(createHash(digestName(digestAlgorithm)).update(bytes).digest()),
      calculateEphemeralMacKeyJwk: () => {
        throw new Error('MAC device authentication is not supported');
      },
    },
    cose: {
      sign1: {
        sign: ({ sign1, jwk }) => {
          const { data, alg } = sign1.getRawSigningData();
          return new Uint8Array(
            sign(hashOf(alg), data, {
              key: createPrivateKey({ key: jwk as never, format: 'jwk' }),
              dsaEncoding: 'ieee-p1363',
            }),
          );
        },
        verify: ({ sign1, jwk, options }) => {
          const { data, alg, signature } = sign1.getRawVerificationData(options);
          return verify(
            hashOf(alg),
            data,
            {
              key: createPublicKey({ key: jwk as never, format: 'jwk' }),
              dsaEncoding: 'ieee-p1363',
            },
            signature,
          );
        },
      },
      mac0: {
        sign: () => {
          throw new Error('MAC device authentication is not supported');
        },
        verify: () => false,
      },
    },
    x509: {
      getIssuerNameField: ({ certificate, field }) =>
        new X509Certificate(Buffer.from(certificate)).issuer
          .split(/\n|\s\+\s/)
          .filter((part) => part.startsWith(`${field}=`))
          .map((part) => part.slice(field.length + 1)),
      getPublicKey: ({ certificate }) =>
        new X509Certificate(Buffer.from(certificate)).publicKey.export({ format: 'jwk' }),
      validateCertificateChain: ({ trustedCertificates, x5chain }) => {
        assertTrustedChain(x5chain, trustedCertificates, now());
      },
      getCertificateData: ({ certificate }) => {
        const cert = new X509Certificate(Buffer.from(certificate));
        return {
          issuerName: cert.issuer,
          subjectName: cert.subject,
          serialNumber: cert.serialNumber,
          thumbprint: cert.fingerprint256.replace(/:/g, '').toLowerCase(),
          notBefore: new Date(cert.validFrom),
          notAfter: new Date(cert.validTo),
          pem: cert.toString(),
        };
      },
    },
  };
}
