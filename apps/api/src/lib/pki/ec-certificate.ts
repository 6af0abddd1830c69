import { KeyObject, randomBytes, webcrypto, type X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { arrayBuffer } from './cms.ts';

/** An EC P-256 key and its certificate chain (DER, leaf first). */
export interface EcIdentity {
  key: KeyObject;
  chain: Buffer[];
}

interface CertificateInput {
  commonName: string;
  /** Subject alternative name (dNSName), e.g. the verifier's host for `x509_san_dns`. */
  dnsName?: string;
  /** A CA certificate (basicConstraints cA, keyCertSign) or an end-entity one. */
  isCa?: boolean;
  /** Who signs it; omitted: self-signed. */
  issuer?: EcIdentity;
  notBefore?: Date;
  notAfter?: Date;
}

const OID = {
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  country: '2.5.4.6',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  subjectAltName: '2.5.29.17',
} as const;

/**
 * A new EC P-256 key and an X.509 certificate for it (ECDSA with SHA-256), built with pkijs:
 * the generated verifier certificate and the built-in test PID issuer's CA and signer.
 */
export async function generateEcCertificate(input: CertificateInput): Promise<EcIdentity> {
  const keys = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ]);
  const now = new Date();
  const cert = new pkijs.Certificate();
  cert.version = 2;
  const serial = randomBytes(16);
  // A positive INTEGER in minimal form: high bit clear and a first byte never 0.
  serial[0] = (serial[0]! & 0x7f) | 0x40;
  cert.serialNumber = new asn1js.Integer({ valueHex: arrayBuffer(serial) });
  setName(cert.subject, input.commonName);
  if (input.issuer) {
    const issuerCert = pkijs.Certificate.fromBER(arrayBuffer(input.issuer.chain[0]!));
    cert.issuer = issuerCert.subject;
  } else {
    setName(cert.issuer, input.commonName);
  }
  cert.notBefore.value = input.notBefore ?? new Date(now.getTime() - 60_000);
  cert.notAfter.value = input.notAfter ?? new Date(now.getTime() + 5 * 365 * 86_400_000);
  await cert.subjectPublicKeyInfo.importKey(keys.publicKey);

  const basic = new pkijs.BasicConstraints({ cA: Boolean(input.isCa) });
  // digitalSignature (bit 0) for a leaf; keyCertSign and cRLSign (bits 5, 6) for a CA.
  const usage = new asn1js.BitString({
    valueHex: arrayBuffer(Buffer.from([input.isCa ? 0x06 : 0x80])),
    unusedBits: input.isCa ? 1 : 7,
  });
  cert.extensions = [
    new pkijs.Extension({
      extnID: OID.basicConstraints,
      critical: true,
      extnValue: basic.toSchema().toBER(false),
      parsedValue: basic,
    }),
    new pkijs.Extension({ extnID: OID.keyUsage, critical: true, extnValue: usage.toBER(false) }),
  ];
  if (input.dnsName) {
    const names = new pkijs.GeneralNames({
      names: [new pkijs.GeneralName({ type: 2, value: input.dnsName })],
    });
    cert.extensions.push(
      new pkijs.Extension({
        extnID: OID.subjectAltName,
        extnValue: names.toSchema().toBER(false),
        parsedValue: names,
      }),
    );
  }
  const signingKey = input.issuer
    ? await webcrypto.subtle.importKey(
        'pkcs8',
        input.issuer.key.export({ format: 'der', type: 'pkcs8' }),
        { name: 'ECDSA', namedCurve: 'P-256' },
        false,
        ['sign'],
      )
    : keys.privateKey;
  await cert.sign(signingKey, 'SHA-256');
  const der = Buffer.from(cert.toSchema(true).toBER(false));
  return {
    key: KeyObject.from(keys.privateKey),
    chain: [der, ...(input.issuer?.chain ?? [])],
  };
}

function setName(name: pkijs.RelativeDistinguishedNames, commonName: string): void {
  name.typesAndValues.push(
    new pkijs.AttributeTypeAndValue({
      type: OID.country,
      value: new asn1js.PrintableString({ value: 'NL' }),
    }),
    new pkijs.AttributeTypeAndValue({
      type: OID.organization,
      value: new asn1js.Utf8String({ value: 'Paraaf' }),
    }),
    new pkijs.AttributeTypeAndValue({
      type: OID.commonName,
      value: new asn1js.Utf8String({ value: commonName }),
    }),
  );
}

/** The dNSName entries of a certificate's subject alternative name. */
export function sanDnsNames(cert: X509Certificate): string[] {
  return (cert.subjectAltName ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.startsWith('DNS:'))
    .map((part) => part.slice(4));
}
