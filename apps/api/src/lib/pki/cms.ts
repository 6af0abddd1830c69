import { createHash, sign as cryptoSign, type KeyObject } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/** Object identifiers used by the seal and the timestamp authority. */
export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  sha256WithRSA: '1.2.840.113549.1.1.11',
  ecdsaWithSHA256: '1.2.840.10045.4.3.2',
} as const;

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();

/** An ArrayBuffer holding exactly these bytes (what asn1js and pkijs take). */
export function arrayBuffer(bytes: Uint8Array | ArrayBuffer): ArrayBuffer {
  if (bytes instanceof ArrayBuffer) return bytes;
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

export const der = (schema: { toBER(sizeOnly?: boolean): ArrayBuffer }) =>
  Buffer.from(schema.toBER(false));

/** Parses DER, or throws with `what` in the message. */
export function parseDer(bytes: Uint8Array | ArrayBuffer, what: string): asn1js.AsnType {
  const parsed = asn1js.fromBER(arrayBuffer(bytes));
  if (parsed.offset === -1) throw new Error(`${what}: not DER`);
  return parsed.result;
}

export const certificate = (bytes: Uint8Array) =>
  new pkijs.Certificate({ schema: parseDer(bytes, 'certificate') });

/**
 * ESS signing-certificate-v2 (RFC 5035) naming the signer's certificate: its SHA-256 hash
 * (the default algorithm, so left out as DER requires) and its issuer and serial number.
 */
export function signingCertificateV2(certDer: Buffer): asn1js.Sequence {
  const cert = certificate(certDer);
  const issuerSerial = new asn1js.Sequence({
    value: [
      new pkijs.GeneralNames({
        names: [new pkijs.GeneralName({ type: 4, value: cert.issuer })],
      }).toSchema(),
      cert.serialNumber,
    ],
  });
  const essCertIdV2 = new asn1js.Sequence({
    value: [new asn1js.OctetString({ valueHex: arrayBuffer(sha256(certDer)) }), issuerSerial],
  });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
}

/** Orders a SET OF by the DER of its members, as DER requires (verifiers re-encode it). */
function derSorted(attributes: pkijs.Attribute[]): pkijs.Attribute[] {
  const encoded = attributes.map((a) => ({ a, bytes: der(a.toSchema()) }));
  encoded.sort((x, y) => Buffer.compare(x.bytes, y.bytes));
  return encoded.map((e) => e.a);
}

function signatureAlgorithm(key: KeyObject): { id: string; params?: asn1js.Null } {
  if (key.asymmetricKeyType === 'rsa') return { id: OID.sha256WithRSA, params: new asn1js.Null() };
  if (key.asymmetricKeyType === 'ec') return { id: OID.ecdsaWithSHA256 };
  throw new Error(`unsupported signing key type ${key.asymmetricKeyType}`);
}

export interface SignedDataInput {
  /** eContentType: id-data for a detached PDF signature, id-ct-TSTInfo for a timestamp token. */
  contentType: string;
  /** The encapsulated content; absent for a detached signature. */
  content?: Buffer;
  /** SHA-256 of the content. */
  digest: Buffer;
  key: KeyObject;
  /** Signer's certificate first. */
  chain: Buffer[];
  /** Put the chain into the SignedData (a timestamp reply leaves it out unless asked). */
  includeCertificates?: boolean;
}

/**
 * A CMS SignedData (RFC 5652) with exactly three signed attributes, content-type,
 * message-digest and signing-certificate-v2, SHA-256 and sha256WithRSA (or ECDSA): the PAdES
 * baseline B-B signature, and also the shape RFC 3161/5816 asks of a timestamp token.
 */
export function buildSignedData(input: SignedDataInput): pkijs.SignedData {
  const signer = certificate(input.chain[0]!);
  const signedAttrs = new pkijs.SignedAndUnsignedAttributes({
    type: 0,
    attributes: derSorted([
      new pkijs.Attribute({
        type: OID.contentType,
        values: [new asn1js.ObjectIdentifier({ value: input.contentType })],
      }),
      new pkijs.Attribute({
        type: OID.messageDigest,
        values: [new asn1js.OctetString({ valueHex: arrayBuffer(input.digest) })],
      }),
      new pkijs.Attribute({
        type: OID.signingCertificateV2,
        values: [signingCertificateV2(input.chain[0]!)],
      }),
    ]),
  });
  // The signature covers the attributes' DER with the SET OF tag in place of [0].
  const toSign = der(signedAttrs.toSchema());
  toSign[0] = 0x31;
  const algorithm = signatureAlgorithm(input.key);
  const signature = cryptoSign('sha256', toSign, input.key);

  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({
      issuer: signer.issuer,
      serialNumber: signer.serialNumber,
    }),
    digestAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
    signedAttrs,
    signatureAlgorithm: new pkijs.AlgorithmIdentifier({
      algorithmId: algorithm.id,
      ...(algorithm.params ? { algorithmParams: algorithm.params } : {}),
    }),
    signature: new asn1js.OctetString({ valueHex: arrayBuffer(signature) }),
  });
  return new pkijs.SignedData({
    // RFC 5652 §5.1: 1 for id-data content with issuer-and-serial signers, else 3.
    version: input.contentType === OID.data ? 1 : 3,
    digestAlgorithms: [new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 })],
    encapContentInfo: encapsulated(input.contentType, input.content),
    certificates:
      input.includeCertificates === false ? undefined : input.chain.map((c) => certificate(c)),
    signerInfos: [signerInfo],
  });
}

function encapsulated(contentType: string, content?: Buffer): pkijs.EncapsulatedContentInfo {
  const info = new pkijs.EncapsulatedContentInfo({ eContentType: contentType });
  // Set after construction: the constructor would chop the content into a constructed (BER)
  // OCTET STRING, which is not DER and which pkijs itself then cannot read back.
  if (content) info.eContent = new asn1js.OctetString({ valueHex: arrayBuffer(content) });
  return info;
}

/** The SignedData wrapped in a ContentInfo, DER. */
export function contentInfoDer(signedData: pkijs.SignedData): Buffer {
  return der(
    new pkijs.ContentInfo({
      contentType: OID.signedData,
      content: signedData.toSchema(true),
    }).toSchema(),
  );
}

/** The SignedData inside a ContentInfo (a CMS signature or a timestamp token). */
export function parseSignedData(bytes: Uint8Array): pkijs.SignedData {
  const info = new pkijs.ContentInfo({ schema: parseDer(bytes, 'CMS') });
  if (info.contentType !== OID.signedData) throw new Error('CMS: not SignedData');
  return new pkijs.SignedData({ schema: info.content });
}
