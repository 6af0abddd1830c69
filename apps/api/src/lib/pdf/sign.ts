import forge from 'node-forge';
import { PDFDocument } from 'pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { P12Signer } from '@signpdf/signer-p12';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';

/** The sealing identity: a PKCS#12 file and its password. */
export interface SealIdentity {
  p12: Buffer;
  passphrase: string;
  /** Shown as the signature's name. */
  name: string;
}

export const SELF_SIGNED_SUBJECT = 'Paraaf sealing (self-signed)';

/**
 * A self-signed RSA 2048 sealing certificate valid for 10 years (CN 'Paraaf sealing
 * (self-signed)', O 'Paraaf', digitalSignature + nonRepudiation), as PKCS#12.
 */
export function generateSelfSignedP12(passphrase: string): Buffer {
  const keys = forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '01' + forge.util.bytesToHex(forge.random.getBytesSync(15));
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now);
  cert.validity.notAfter.setFullYear(now.getFullYear() + 10);
  const attrs = [
    { name: 'commonName', value: SELF_SIGNED_SUBJECT },
    { name: 'organizationName', value: 'Paraaf' },
    { name: 'countryName', value: 'NL' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', critical: true, digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], passphrase, {
    algorithm: '3des',
    friendlyName: 'Paraaf sealing',
  });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/** The certificate's subject common name (for the audit certificate and logs). */
export function p12CommonName(p12: Buffer, passphrase: string): string {
  const asn1 = forge.asn1.fromDer(p12.toString('binary'));
  const parsed = forge.pkcs12.pkcs12FromAsn1(asn1, false, passphrase);
  const bags = parsed.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!];
  const cert = bags?.[0]?.cert;
  const cn = cert?.subject.getField('CN') as { value?: string } | null;
  return cn?.value ?? 'Paraaf';
}

/**
 * Adds a PAdES (ETSI.CAdES.detached) signature placeholder to the document, saves it and signs
 * it once. The document must be complete: pdf-lib rewrites the whole file, so every stamp
 * happens before this.
 */
export async function signPdfDocument(
  doc: PDFDocument,
  identity: SealIdentity,
  signingTime: Date = new Date(),
): Promise<Buffer> {
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: 'Verzegeld door Paraaf',
    location: 'Nederland',
    name: identity.name,
    contactInfo: 'https://paraaf.nl',
    signingTime,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: 'Paraaf',
  });
  const bytes = await doc.save({ useObjectStreams: false });
  const signer = new P12Signer(identity.p12, { passphrase: identity.passphrase });
  return new SignPdf().sign(Buffer.from(bytes), signer, signingTime);
}

/** Loads a PDF for stamping (encrypted files were refused at upload). */
export function loadPdf(bytes: Buffer | Uint8Array): Promise<PDFDocument> {
  return PDFDocument.load(bytes, { updateMetadata: false });
}
