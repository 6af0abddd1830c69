import { X509Certificate } from 'node:crypto';
import * as pkijs from 'pkijs';
import { certificate, der, parseDer } from './cms.ts';

/** What a PAdES B-LT DSS holds: certificates, OCSP answers and CRLs (all DER). */
export interface ValidationData {
  certs: Buffer[];
  ocsps: Buffer[];
  crls: Buffer[];
}

export interface RevocationWarning {
  subject: string;
  url: string;
  problem: string;
}

const TIMEOUT_MS = 10_000;
const MAX_BYTES = 10 * 1024 * 1024;
const EXT = {
  authorityInfoAccess: '1.3.6.1.5.5.7.1.1',
  crlDistributionPoints: '2.5.29.31',
};
const OCSP_METHOD = '1.3.6.1.5.5.7.48.1';

/**
 * The validation data for certificate chains (the seal's and the TSA's): every certificate
 * once, and for each certificate issued by another we hold, its issuer's OCSP answer (from
 * the URL in its Authority Information Access) and its CRLs (from its CRL distribution
 * points), each fetched with a timeout. A self-signed certificate names none. What cannot be
 * had is reported to `onWarning` and left out: the signature and its timestamp stand without.
 */
export async function fetchValidationData(
  chains: Buffer[][],
  onWarning: (warning: RevocationWarning) => void = () => {},
): Promise<ValidationData> {
  const unique = new Map<string, X509Certificate>();
  for (const c of chains.flat()) unique.set(c.toString('base64'), new X509Certificate(c));
  const pool = [...unique.values()];
  const certs: Buffer[] = pool.map((c) => Buffer.from(c.raw));
  const ocsps: Buffer[] = [];
  const crls: Buffer[] = [];
  for (const cert of pool) {
    if (cert.checkIssued(cert)) continue;
    const issuer = pool.find((c) => c !== cert && cert.checkIssued(c) && cert.verify(c.publicKey));
    const parsed = certificate(cert.raw);
    const warn = (url: string, problem: string) =>
      onWarning({ subject: cert.subject.replaceAll('\n', ', '), url, problem });
    for (const url of ocspUrls(parsed)) {
      if (!issuer) {
        warn(url, 'issuer certificate not in the chain');
        continue;
      }
      try {
        const answer = await fetchOcsp(url, parsed, certificate(issuer.raw));
        ocsps.push(answer.response);
        for (const extra of answer.certs) {
          if (!certs.some((c) => c.equals(extra))) certs.push(extra);
        }
        break; // one good answer per certificate
      } catch (error) {
        warn(url, (error as Error).message);
      }
    }
    for (const url of crlUrls(parsed)) {
      try {
        const crl = await fetchBytes(url, { method: 'GET' });
        // Only a real CRL goes in (DER, or PEM turned into DER).
        const bytes = pemToDer(crl, 'X509 CRL') ?? crl;
        new pkijs.CertificateRevocationList({ schema: parseDer(bytes, 'CRL') });
        if (!crls.some((c) => c.equals(bytes))) crls.push(bytes);
      } catch (error) {
        warn(url, (error as Error).message);
      }
    }
  }
  return { certs, ocsps, crls };
}

function extension(cert: pkijs.Certificate, id: string): pkijs.Extension | undefined {
  return cert.extensions?.find((e) => e.extnID === id);
}

const isHttp = (url: string) => /^https?:\/\//i.test(url);

function ocspUrls(cert: pkijs.Certificate): string[] {
  const ext = extension(cert, EXT.authorityInfoAccess);
  if (!ext) return [];
  const access = new pkijs.InfoAccess({ schema: parseDer(ext.extnValue.getValue(), 'AIA') });
  return access.accessDescriptions
    .filter((d) => d.accessMethod === OCSP_METHOD && d.accessLocation.type === 6)
    .map((d) => String(d.accessLocation.value))
    .filter(isHttp);
}

function crlUrls(cert: pkijs.Certificate): string[] {
  const ext = extension(cert, EXT.crlDistributionPoints);
  if (!ext) return [];
  const points = new pkijs.CRLDistributionPoints({
    schema: parseDer(ext.extnValue.getValue(), 'CRL distribution points'),
  });
  const urls: string[] = [];
  for (const point of points.distributionPoints) {
    const names = point.distributionPoint;
    if (!Array.isArray(names)) continue;
    for (const name of names) {
      if (name.type === 6 && isHttp(String(name.value))) urls.push(String(name.value));
    }
  }
  return urls;
}

/** An OCSP request for `cert` (SHA-1 CertID, what every responder answers) and its answer. */
async function fetchOcsp(
  url: string,
  cert: pkijs.Certificate,
  issuer: pkijs.Certificate,
): Promise<{ response: Buffer; certs: Buffer[] }> {
  const request = new pkijs.OCSPRequest();
  await request.createForCertificate(cert, { hashAlgorithm: 'SHA-1', issuerCertificate: issuer });
  const body = await fetchBytes(url, {
    method: 'POST',
    headers: { 'content-type': 'application/ocsp-request' },
    body: der(request.toSchema(true)),
  });
  const response = new pkijs.OCSPResponse({ schema: parseDer(body, 'OCSP response') });
  const status = response.responseStatus.valueBlock.valueDec;
  if (status !== 0) throw new Error(`OCSP responder status ${status}`);
  if (!response.responseBytes) throw new Error('OCSP answer without a response');
  const basic = new pkijs.BasicOCSPResponse({
    schema: parseDer(response.responseBytes.response.getValue(), 'BasicOCSPResponse'),
  });
  const status2 = await basic.getCertificateStatus(cert, issuer);
  if (!status2.isForCertificate) throw new Error('OCSP answer is for another certificate');
  return { response: body, certs: (basic.certs ?? []).map((c) => der(c.toSchema())) };
}

async function fetchBytes(url: string, init: RequestInit): Promise<Buffer> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const bytes = Buffer.from(await res.arrayBuffer());
  if (bytes.length > MAX_BYTES) throw new Error('answer too large');
  return bytes;
}

function pemToDer(bytes: Buffer, label: string): Buffer | null {
  const text = bytes.toString('latin1');
  const match = new RegExp(`-----BEGIN ${label}-----([\\s\\S]*?)-----END ${label}-----`).exec(text);
  return match ? Buffer.from(match[1]!.replace(/\s+/g, ''), 'base64') : null;
}
