import { randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { AppError } from '../errors.ts';
import { arrayBuffer, der, OID, parseDer, parseSignedData, sha256 } from './cms.ts';

const TIMEOUT_MS = 15_000;
/** A timestamp reply is a few kilobytes; anything much larger is not one. */
const MAX_REPLY_BYTES = 256 * 1024;

/**
 * No signature timestamp could be had (the TSA refused the connection, timed out or answered
 * something that is not a granted token for our request). Sealing waits and retries: a
 * document is never sealed without its timestamp. A route that meets it answers 503.
 */
export class TimestampUnavailableError extends AppError {
  constructor(readonly reason: string) {
    super(503, 'De tijdstempeldienst is nu niet bereikbaar. Probeer het later opnieuw.');
  }
}

/**
 * An RFC 3161 timestamp token (ContentInfo, DER) over `data` from the TSA at `url`: a
 * TimeStampReq with a SHA-256 imprint, a nonce and certReq posted as
 * application/timestamp-query. The reply must be granted, for this imprint and nonce, and
 * signed by the certificate it carries.
 */
export async function requestTimestamp(url: string, data: Uint8Array): Promise<Buffer> {
  const imprint = sha256(data);
  const nonce = randomBytes(8);
  nonce[0] = nonce[0]! & 0x7f; // a positive INTEGER
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: arrayBuffer(imprint) }),
    }),
    nonce: new asn1js.Integer({ valueHex: arrayBuffer(nonce) }),
    certReq: true,
  });

  let reply: Buffer;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query' },
      body: der(request.toSchema()),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new TimestampUnavailableError(`TSA answered HTTP ${res.status}`);
    reply = Buffer.from(await res.arrayBuffer());
  } catch (error) {
    if (error instanceof TimestampUnavailableError) throw error;
    throw new TimestampUnavailableError(`TSA not reachable: ${(error as Error).message}`);
  }
  if (reply.length > MAX_REPLY_BYTES) throw new TimestampUnavailableError('TSA reply too large');
  return await checkedToken(reply, data, nonce);
}

async function checkedToken(reply: Buffer, data: Uint8Array, nonce: Buffer): Promise<Buffer> {
  const imprint = sha256(data);
  let response: pkijs.TimeStampResp;
  try {
    response = new pkijs.TimeStampResp({ schema: parseDer(reply, 'timestamp reply') });
  } catch {
    throw new TimestampUnavailableError('TSA reply is not a TimeStampResp');
  }
  const status = response.status.status;
  if (status !== pkijs.PKIStatus.granted && status !== pkijs.PKIStatus.grantedWithMods) {
    throw new TimestampUnavailableError(`TSA refused: status ${status}`);
  }
  if (!response.timeStampToken) throw new TimestampUnavailableError('TSA reply has no token');
  const token = der(response.timeStampToken.toSchema());
  const signedData = parseSignedData(token);
  const content = signedData.encapContentInfo;
  if (content.eContentType !== OID.tstInfo || !content.eContent) {
    throw new TimestampUnavailableError('token holds no TSTInfo');
  }
  const info = new pkijs.TSTInfo({
    schema: parseDer(content.eContent.getValue(), 'TSTInfo'),
  });
  const hashed = Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView);
  const echoed = info.nonce ? Buffer.from(info.nonce.valueBlock.valueHexView) : null;
  if (info.messageImprint.hashAlgorithm.algorithmId !== OID.sha256 || !hashed.equals(imprint)) {
    throw new TimestampUnavailableError('token is for another imprint');
  }
  if (!echoed || !stripZeros(echoed).equals(stripZeros(nonce))) {
    throw new TimestampUnavailableError('token is for another nonce');
  }
  const verified = await signedData
    .verify({ signer: 0, data: arrayBuffer(data), checkChain: false, extendedMode: true })
    .catch(() => ({ signatureVerified: false }));
  if (!verified.signatureVerified) throw new TimestampUnavailableError('token signature invalid');
  return token;
}

const stripZeros = (b: Buffer) => {
  let i = 0;
  while (i < b.length - 1 && b[i] === 0) i += 1;
  return b.subarray(i);
};

/** The certificates a timestamp token carries (DER), signer's first as the token lists them. */
export function tokenCertificates(token: Uint8Array): Buffer[] {
  const signedData = parseSignedData(token);
  return (signedData.certificates ?? [])
    .filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate)
    .map((c) => der(c.toSchema()));
}
