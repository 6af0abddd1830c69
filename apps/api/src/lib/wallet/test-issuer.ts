import { createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import {
  cborDecode,
  cborEncode,
  DataItem,
  DateOnly,
  Document,
  parseIssuerSigned,
  type IssuerSignedDocument,
  type MdocContext,
} from '@animo-id/mdoc';
import { createHeaderAndPayload, StatusList } from '@sd-jwt/jwt-status-list';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import * as jose from 'jose';
import type { EcIdentity } from '../pki/ec-certificate.ts';
import { mdocContext } from './mdoc-context.ts';
import { PID_DOCTYPE, PID_NAMESPACE, PID_VCT } from './pid.ts';
import { sdJwtHasher, sdJwtSaltGenerator, sdJwtSigner } from './sd-jwt.ts';

/**
 * The built-in test PID issuer (only while the simulators are on): a CA whose certificate joins
 * the trust list, and a document signer it issued that signs test PIDs in both forms and the
 * status list. Its status list has two entries: 0 valid, 1 revoked.
 */
export interface TestIssuer {
  /** Document signer; its chain is [signer, CA]. */
  signer: EcIdentity;
}

export interface TestPerson {
  given_name: string;
  family_name: string;
  birth_date: string;
  nationality: string[];
}

export type TestPidState = 'valid' | 'expired' | 'revoked';

export const REVOKED_INDEX = 1;
const DAY = 86_400_000;

function validity(state: TestPidState, now: Date) {
  return state === 'expired'
    ? { from: new Date(now.getTime() - 400 * DAY), until: new Date(now.getTime() - DAY) }
    : { from: new Date(now.getTime() - 60_000), until: new Date(now.getTime() + 365 * DAY) };
}

const x5c = (issuer: TestIssuer) => issuer.signer.chain.map((der) => der.toString('base64'));

/** A PID as SD-JWT VC bound to the holder's key, every claim selectively disclosable. */
export async function issueSdJwtPid(input: {
  issuer: TestIssuer;
  holderKey: KeyObject;
  person: TestPerson;
  state: TestPidState;
  statusListUri: string;
  issuerId: string;
  now: Date;
}): Promise<string> {
  const { from, until } = validity(input.state, input.now);
  const sdjwt = new SDJwtVcInstance({
    hasher: sdJwtHasher,
    saltGenerator: sdJwtSaltGenerator,
    signer: sdJwtSigner(input.issuer.signer.key),
    signAlg: 'ES256',
  });
  const holderJwk = createPublicKey(input.holderKey).export({ format: 'jwk' });
  const p = input.person;
  return sdjwt.issue(
    {
      vct: PID_VCT[0],
      iss: input.issuerId,
      iat: Math.floor(from.getTime() / 1000),
      exp: Math.floor(until.getTime() / 1000),
      cnf: { jwk: holderJwk },
      status: { status_list: { idx: statusIndex(input.state), uri: input.statusListUri } },
      given_name: p.given_name,
      family_name: p.family_name,
      birthdate: p.birth_date,
      nationalities: p.nationality,
    },
    { _sd: ['given_name', 'family_name', 'birthdate', 'nationalities'] },
    { header: { typ: 'dc+sd-jwt', x5c: x5c(input.issuer) } },
  );
}

const statusIndex = (state: TestPidState) => (state === 'revoked' ? REVOKED_INDEX : 0);

/**
 * A PID as ISO mdoc (issuer-signed, the holder's key as device key) whose MSO points at the
 * issuer's status list (`status: { status_list: { idx, uri } }`, token status list for mdoc).
 */
export async function issueMdocPid(input: {
  issuer: TestIssuer;
  holderKey: KeyObject;
  person: TestPerson;
  state: TestPidState;
  statusListUri: string;
  now: Date;
}): Promise<IssuerSignedDocument> {
  const { from, until } = validity(input.state, input.now);
  const ctx = mdocContext(() => input.now);
  const p = input.person;
  const issuerPrivateKey = input.issuer.signer.key.export({ format: 'jwk' });
  const signed = await new Document(PID_DOCTYPE, ctx)
    .addIssuerNameSpace(PID_NAMESPACE, {
      given_name: p.given_name,
      family_name: p.family_name,
      birth_date: new DateOnly(p.birth_date),
      nationality: p.nationality,
    })
    .useDigestAlgorithm('SHA-256')
    // Signed now (within the signer certificate's life); an expired one was valid until yesterday.
    .addValidityInfo({ signed: input.now, validFrom: from, validUntil: until })
    .addDeviceKeyInfo({
      deviceKey: createPublicKey(input.holderKey).export({ format: 'jwk' }),
    })
    .sign(
      {
        issuerPrivateKey,
        issuerCertificate: new Uint8Array(input.issuer.signer.chain[0]!),
        alg: 'ES256',
      },
      ctx,
    );
  return withMsoStatus(
    signed,
    { idx: statusIndex(input.state), uri: input.statusListUri },
    issuerPrivateKey,
    ctx,
  );
}

/**
 * @animo-id/mdoc 0.5's Document builder writes a fixed MSO without `status`, so the signed MSO
 * is taken apart with the library's CBOR, given the status entry and signed again as a new
 * issuerAuth: the library parses it (parseIssuerSigned) and builds the COSE Sig_structure; the
 * digests, validity and device key stay as the builder made them.
 */
async function withMsoStatus(
  signed: IssuerSignedDocument,
  status: { idx: number; uri: string },
  issuerPrivateKey: jose.JWK,
  ctx: MdocContext,
): Promise<IssuerSignedDocument> {
  const [protectedHeaders, unprotectedHeaders, payload] =
    signed.issuerSigned.issuerAuth.getContentForEncoding();
  const mso = new Map((cborDecode(payload as Uint8Array) as DataItem<Map<string, unknown>>).data);
  mso.set('status', new Map([['status_list', new Map(Object.entries(status))]]));
  const issuerSigned = signed.prepare().get('issuerSigned') as { nameSpaces: Map<string, unknown> };
  const document = parseIssuerSigned(
    new Map<string, unknown>([
      ['nameSpaces', issuerSigned.nameSpaces],
      [
        'issuerAuth',
        [
          protectedHeaders,
          unprotectedHeaders,
          cborEncode(DataItem.fromData(mso)),
          new Uint8Array(),
        ],
      ],
    ]),
    PID_DOCTYPE,
  );
  const issuerAuth = document.issuerSigned.issuerAuth;
  issuerAuth.signature = await ctx.cose.sign1.sign({ sign1: issuerAuth, jwk: issuerPrivateKey });
  return document;
}

/** The issuer's status list token (draft-ietf-oauth-status-list), signed with x5c. */
export async function issueStatusList(issuer: TestIssuer, uri: string, now: Date): Promise<string> {
  const list = new StatusList([0, 0, 0, 0, 0, 0, 0, 0], 1);
  list.setStatus(REVOKED_INDEX, 1);
  // Issued a minute back, like the test PID: the verifier checks the list at the presentation's
  // time, which may be a second before this list was made.
  const iat = Math.floor(now.getTime() / 1000) - 60;
  const { header, payload } = createHeaderAndPayload(
    list,
    { iss: uri, sub: uri, iat, exp: iat + 3600 },
    { alg: 'ES256', typ: 'statuslist+jwt', x5c: x5c(issuer) } as never,
  );
  return new jose.SignJWT(payload).setProtectedHeader(header).sign(issuer.signer.key);
}

/** The CA certificate (DER) a trust list holds to accept the test issuer. */
export function testIssuerAnchor(issuer: TestIssuer): Buffer {
  const root = issuer.signer.chain[issuer.signer.chain.length - 1]!;
  return new X509Certificate(root).raw;
}
