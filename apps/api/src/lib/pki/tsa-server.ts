import { createHash, randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { arrayBuffer, buildSignedData, der, OID, parseDer } from './cms.ts';
import type { SigningIdentity } from './p12.ts';

/**
 * The built-in TSA's policy: an OID under 2.25 (RFC 4122 UUID arc), which needs no
 * registration; it names "Paraaf's own timestamp authority", nothing more.
 */
export const TSA_POLICY = '2.25.208950432517372611658254547128331446187';

const HASH_LENGTHS: Record<string, number> = {
  [OID.sha256]: 32,
  [OID.sha384]: 48,
  [OID.sha512]: 64,
};

/** PKIFailureInfo bits (RFC 3161 §2.4.2). */
const FAIL = { badAlg: 0, badRequest: 2, unacceptedPolicy: 15 } as const;

/**
 * Answers one RFC 3161 TimeStampReq (DER) with a TimeStampResp (DER): a granted token whose
 * TSTInfo carries the request's imprint and nonce, the time to the second (accuracy 1 s) and a
 * random serial number, signed by `identity` with the same CMS shape the seal uses (ESS
 * signing-certificate-v2 included). A request that cannot be answered gets a rejection with
 * its failure reason, never an exception.
 */
export function answerTimestampRequest(
  identity: SigningIdentity,
  requestDer: Uint8Array,
  now: Date = new Date(),
): Buffer {
  let request: pkijs.TimeStampReq;
  try {
    request = new pkijs.TimeStampReq({ schema: parseDer(requestDer, 'TimeStampReq') });
  } catch {
    return rejection(FAIL.badRequest);
  }
  const imprint = request.messageImprint;
  const length = HASH_LENGTHS[imprint.hashAlgorithm.algorithmId];
  if (!length) return rejection(FAIL.badAlg);
  if (imprint.hashedMessage.valueBlock.valueHexView.byteLength !== length) {
    return rejection(FAIL.badRequest);
  }
  if (request.reqPolicy && request.reqPolicy !== TSA_POLICY) {
    return rejection(FAIL.unacceptedPolicy);
  }

  const serial = randomBytes(16);
  // A positive INTEGER in minimal form: high bit clear, and a first byte never 0 (a leading zero
  // byte before a byte without its high bit is illegal padding that openssl refuses).
  serial[0] = (serial[0]! & 0x7f) | 0x40;
  const genTime = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const tstInfo = der(
    new pkijs.TSTInfo({
      version: 1,
      policy: TSA_POLICY,
      messageImprint: imprint,
      serialNumber: new asn1js.Integer({ valueHex: arrayBuffer(serial) }),
      genTime,
      accuracy: new pkijs.Accuracy({ seconds: 1 }),
      ...(request.nonce ? { nonce: request.nonce } : {}),
    }).toSchema(),
  );
  const signedData = buildSignedData({
    contentType: OID.tstInfo,
    content: tstInfo,
    digest: createHash('sha256').update(tstInfo).digest(),
    key: identity.key,
    chain: identity.chain,
    includeCertificates: request.certReq === true,
  });
  const response = new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }),
    timeStampToken: new pkijs.ContentInfo({
      contentType: OID.signedData,
      content: signedData.toSchema(true),
    }),
  });
  return der(response.toSchema());
}

function rejection(bit: number): Buffer {
  // A BIT STRING with just `bit` set (big-endian bit numbering, unused trailing bits counted).
  const bytes = new Uint8Array(Math.floor(bit / 8) + 1);
  bytes[Math.floor(bit / 8)] = 0x80 >> (bit % 8);
  const unused = 7 - (bit % 8);
  return der(
    new pkijs.TimeStampResp({
      status: new pkijs.PKIStatusInfo({
        status: pkijs.PKIStatus.rejection,
        failInfo: new asn1js.BitString({ valueHex: bytes.buffer, unusedBits: unused }),
      }),
    }).toSchema(),
  );
}
