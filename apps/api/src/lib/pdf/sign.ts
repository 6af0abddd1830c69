import * as pkijs from 'pkijs';
import { ParseSpeeds, PDFDocument } from 'pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { buildSignedData, contentInfoDer, OID, parseDer, sha256 } from '../pki/cms.ts';
import type { SigningIdentity } from '../pki/p12.ts';
import { fetchValidationData, type RevocationWarning } from '../pki/revocation.ts';
import { requestTimestamp, tokenCertificates } from '../pki/tsa-client.ts';
import { appendDss } from './dss.ts';
import { deflateNatively, useNativeFlate } from './native-flate.ts';
import { phaseTimer } from './phases.ts';

/** The sealing identity: the key and chain of the configured or generated PKCS#12. */
export type SealIdentity = SigningIdentity;

export interface SignOptions {
  /** The RFC 3161 timestamp authority: SEAL_TSA_URL or Paraaf's own (POST /api/tsa). */
  tsaUrl: string;
  /** The signature dictionary's /M (PAdES: the claimed signing time lives here, not in the CMS). */
  signingTime?: Date;
  /** Told when revocation data for the DSS could not be had (the seal goes on without it). */
  onWarning?: (warning: RevocationWarning) => void;
  /** Filled with each phase's wall time in ms when given (lib/pdf/phases.ts). */
  phases?: Record<string, number>;
}

/**
 * Room for the CMS in /Contents, in hex digits (pdf-lib's placeholder counts digits, two per
 * byte): the signer's chain, the signature and the timestamp token with its TSA's
 * certificates, 20 KB in all. Unused room stays zeros.
 */
const SIGNATURE_HEX_DIGITS = 40 * 1024;

/**
 * CMS for PAdES baseline B-T: a detached SignedData over the PDF's signed byte range (B-B:
 * content-type, message-digest and signing-certificate-v2 only, no signing-time), then an
 * RFC 3161 timestamp over its signature value as the unsigned attribute
 * id-aa-signatureTimeStampToken. No timestamp, no signature: the TSA's failure is thrown.
 */
class PadesSigner extends Signer {
  token: Buffer | null = null;

  constructor(
    private readonly identity: SealIdentity,
    private readonly tsaUrl: string,
    private readonly mark: (phase: string) => void,
  ) {
    super();
  }

  override async sign(content: Buffer): Promise<Buffer> {
    this.mark('byteRange');
    const digest = sha256(content);
    this.mark('hash');
    const signedData = buildSignedData({
      contentType: OID.data,
      digest,
      key: this.identity.key,
      chain: this.identity.chain,
    });
    const signerInfo = signedData.signerInfos[0]!;
    this.mark('cms');
    const token = await requestTimestamp(this.tsaUrl, signerInfo.signature.valueBlock.valueHexView);
    this.mark('timestamp');
    signerInfo.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
      type: 1,
      attributes: [
        new pkijs.Attribute({
          type: OID.signatureTimeStampToken,
          values: [parseDer(token, 'timestamp token')],
        }),
      ],
    });
    this.token = token;
    return contentInfoDer(signedData);
  }
}

/**
 * Seals the document with a PAdES baseline signature: a signature field whose dictionary
 * carries /M and `ETSI.CAdES.detached`, the B-T CMS above, and then (B-LT) an incremental
 * update with a /DSS holding the certificates of the signer and of the TSA and whatever OCSP
 * answers and CRLs their issuers publish. The document must be complete: pdf-lib rewrites the
 * whole file, so every stamp happens before this; the DSS update leaves the signed bytes as
 * they are.
 */
export async function signPdfDocument(
  doc: PDFDocument,
  identity: SealIdentity,
  options: SignOptions,
): Promise<Buffer> {
  const mark = phaseTimer(options.phases);
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: 'Verzegeld door Paraaf',
    location: 'Nederland',
    name: identity.name,
    contactInfo: 'https://paraaf.nl',
    signingTime: options.signingTime ?? new Date(),
    signatureLength: SIGNATURE_HEX_DIGITS,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: 'Paraaf',
  });
  mark('placeholder');
  deflateNatively(doc);
  mark('deflate');
  const bytes = await doc.save({ useObjectStreams: false });
  mark('save');
  const signer = new PadesSigner(identity, options.tsaUrl, mark);
  const signPdf = new SignPdf();
  const signed = await signPdf.sign(Buffer.from(bytes), signer);
  mark('embedSignature');
  const validation = await fetchValidationData(
    [identity.chain, tokenCertificates(signer.token!)],
    options.onWarning,
  );
  mark('validationData');
  // /Contents as stored: the CMS, then zeros up to the placeholder's size.
  const contents = Buffer.alloc(SIGNATURE_HEX_DIGITS / 2);
  Buffer.from(signPdf.lastSignature, 'hex').copy(contents);
  const out = appendDss(signed, doc, contents, validation);
  mark('dss');
  return out;
}

/** Loads a PDF for stamping (encrypted files were refused at upload). */
export async function loadPdf(bytes: Buffer | Uint8Array): Promise<PDFDocument> {
  return useNativeFlate(
    await PDFDocument.load(bytes, {
      updateMetadata: false,
      // No pause every 100 objects (pdf-lib's default): sealing runs in a job, not a request.
      parseSpeed: ParseSpeeds.Fastest,
    }),
  );
}
