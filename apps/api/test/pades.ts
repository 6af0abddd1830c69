import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as pkijs from 'pkijs';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { parseSignedData } from '../src/lib/pki/cms.ts';

/** A file in a fresh temporary directory (for the command-line tools). */
export function tmpFile(bytes: Buffer, name = 'doc.pdf'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-pades-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
}

/** pdftotext's reading of a PDF, `-layout` unless told otherwise; the temporary file is removed. */
export function pdftotext(bytes: Uint8Array, options: { layout?: boolean } = {}): string {
  const file = tmpFile(Buffer.from(bytes));
  try {
    const layout = options.layout === false ? [] : ['-layout'];
    return execFileSync('pdftotext', [...layout, file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

/** `pdfsig` output; it exits 0 even on a broken signature, so callers read the text. */
export function pdfsig(bytes: Buffer): string {
  try {
    return execFileSync('pdfsig', [tmpFile(bytes)], { encoding: 'utf8' });
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

export function qpdfCheck(bytes: Buffer): string {
  try {
    return execFileSync('qpdf', ['--check', tmpFile(bytes)], { encoding: 'utf8' });
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

/** openssl's stdout and stderr together (it says 'Verification successful' on stderr). */
export function openssl(args: string[]): string {
  const run = spawnSync('openssl', args, { encoding: 'utf8' });
  return `${run.stdout}${run.stderr}`;
}

export interface PdfSignature {
  byteRange: [number, number, number, number];
  /** The bytes the signature covers (both ranges, joined). */
  signedBytes: Buffer;
  /** The CMS from /Contents without its zero padding. */
  cms: Buffer;
  /** /Contents as stored (with padding): what /VRI keys hash. */
  contents: Buffer;
  signedData: pkijs.SignedData;
  signerInfo: pkijs.SignerInfo;
}

/** The (one) signature of a PDF, read through its /ByteRange and /Contents. */
export function pdfSignature(pdf: Buffer): PdfSignature {
  const match = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(
    pdf.toString('latin1'),
  );
  if (!match) throw new Error('no /ByteRange');
  const byteRange = match.slice(1).map(Number) as [number, number, number, number];
  const [a, b, c, d] = byteRange;
  const contents = Buffer.from(pdf.toString('latin1', b + 1, c - 1), 'hex');
  const signedData = parseSignedData(contents);
  return {
    byteRange,
    signedBytes: Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]),
    cms: contents.subarray(0, cmsLength(contents)),
    contents,
    signedData,
    signerInfo: signedData.signerInfos[0]!,
  };
}

/** The length of the DER value at the start of `bytes` (its header says it). */
function cmsLength(bytes: Buffer): number {
  const first = bytes[1]!;
  if (first < 0x80) return 2 + first;
  const n = first & 0x7f;
  let length = 0;
  for (let i = 0; i < n; i++) length = length * 256 + bytes[2 + i]!;
  return 2 + n + length;
}

/** The DSS of a PDF (pdf-lib reads the last revision): its streams' bytes and its VRI keys. */
export async function dssOf(pdf: Buffer): Promise<{
  certs: Buffer[];
  ocsps: Buffer[];
  crls: Buffer[];
  vri: Record<string, { certs: number; ocsps: number; crls: number }>;
} | null> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const dss = doc.catalog.lookupMaybe(PDFName.of('DSS'), PDFDict);
  if (!dss) return null;
  const streams = (dict: PDFDict, key: string): Buffer[] => {
    const array = dict.lookupMaybe(PDFName.of(key), PDFArray);
    if (!array) return [];
    return array.asArray().map((ref) => {
      const stream = doc.context.lookup(ref) as PDFRawStream;
      return Buffer.from(stream.getContents());
    });
  };
  const vriDict = dss.lookupMaybe(PDFName.of('VRI'), PDFDict);
  const vri: Record<string, { certs: number; ocsps: number; crls: number }> = {};
  for (const [key, value] of vriDict?.entries() ?? []) {
    const entry = doc.context.lookup(value, PDFDict);
    vri[key.decodeText()] = {
      certs: streams(entry, 'Cert').length,
      ocsps: streams(entry, 'OCSP').length,
      crls: streams(entry, 'CRL').length,
    };
  }
  return {
    certs: streams(dss, 'Certs'),
    ocsps: streams(dss, 'OCSPs'),
    crls: streams(dss, 'CRLs'),
    vri,
  };
}
