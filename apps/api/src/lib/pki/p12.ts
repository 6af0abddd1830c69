import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import forge from 'node-forge';

/**
 * A key that signs and its certificate chain (leaf first, DER), loaded once from a PKCS#12:
 * the seal's identity and the built-in timestamp authority's.
 */
export interface SigningIdentity {
  key: KeyObject;
  chain: Buffer[];
  /** The leaf's subject common name (the signature's name, the audit certificate). */
  name: string;
}

export const SELF_SIGNED_SUBJECT = 'Paraaf sealing (self-signed)';
export const TSA_SUBJECT = 'Paraaf timestamp authority (self-signed)';
export const SAML_SP_SUBJECT = 'Paraaf SAML service provider (self-signed)';

type Purpose = 'seal' | 'tsa' | 'saml';
const SUBJECTS: Record<Purpose, string> = {
  seal: SELF_SIGNED_SUBJECT,
  tsa: TSA_SUBJECT,
  saml: SAML_SP_SUBJECT,
};

/**
 * A self-signed RSA 2048 certificate valid for 10 years, as PKCS#12: for sealing
 * (digitalSignature + nonRepudiation), for the built-in timestamp authority (RFC 3161: the
 * only extended key usage is timeStamping, critical) or for signing SAML requests.
 */
export function generateSelfSignedP12(passphrase: string, purpose: Purpose = 'seal'): Buffer {
  const keys = forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '01' + forge.util.bytesToHex(forge.random.getBytesSync(15));
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now);
  cert.validity.notAfter.setFullYear(now.getFullYear() + 10);
  const attrs = [
    { name: 'commonName', value: SUBJECTS[purpose] },
    { name: 'organizationName', value: 'Paraaf' },
    { name: 'countryName', value: 'NL' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    purpose === 'seal'
      ? { name: 'keyUsage', critical: true, digitalSignature: true, nonRepudiation: true }
      : { name: 'keyUsage', critical: true, digitalSignature: true },
    ...(purpose === 'tsa' ? [{ name: 'extKeyUsage', critical: true, timeStamping: true }] : []),
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], passphrase, {
    algorithm: '3des',
    friendlyName: { seal: 'Paraaf sealing', tsa: 'Paraaf TSA', saml: 'Paraaf SAML' }[purpose],
  });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/**
 * The key and chain of a PKCS#12 (RSA or EC keys): the leaf is the certificate whose public key is
 * the key's; the others follow it in issuing order as far as the file holds them.
 */
export function loadP12(p12: Buffer, passphrase: string): SigningIdentity {
  const parsed = forge.pkcs12.pkcs12FromAsn1(
    forge.asn1.fromDer(p12.toString('binary')),
    false,
    passphrase,
  );
  const keyBags = [
    ...(parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag! })[
      forge.pki.oids.pkcs8ShroudedKeyBag!
    ] ?? []),
    ...(parsed.getBags({ bagType: forge.pki.oids.keyBag! })[forge.pki.oids.keyBag!] ?? []),
  ];
  // forge reads RSA keys and certificates; others (EC) it leaves as ASN.1 for Node to read.
  const der = (asn1: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
  const keyBag = keyBags[0];
  if (!keyBag || (!keyBag.key && !keyBag.asn1)) throw new Error('PKCS#12 holds no private key');
  const key = keyBag.key
    ? createPrivateKey(forge.pki.privateKeyToPem(keyBag.key))
    : createPrivateKey({ key: der(keyBag.asn1), format: 'der', type: 'pkcs8' });
  const certs = (
    parsed.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!] ?? []
  ).flatMap((bag) => {
    if (bag.cert) return [new X509Certificate(der(forge.pki.certificateToAsn1(bag.cert)))];
    return bag.asn1 ? [new X509Certificate(der(bag.asn1))] : [];
  });
  const leaf = certs.find((c) => c.checkPrivateKey(key));
  if (!leaf) throw new Error('PKCS#12 holds no certificate for its key');
  return { key, chain: orderChain(leaf, certs).map((c) => c.raw), name: commonName(leaf) };
}

/** The leaf, then its issuer, its issuer's issuer, … as far as `pool` has them. */
export function orderChain(leaf: X509Certificate, pool: X509Certificate[]): X509Certificate[] {
  const chain = [leaf];
  for (;;) {
    const last = chain[chain.length - 1]!;
    if (last.checkIssued(last)) break; // self-signed: the root
    const issuer = pool.find(
      (c) => !chain.includes(c) && last.checkIssued(c) && last.verify(c.publicKey),
    );
    if (!issuer) break;
    chain.push(issuer);
  }
  return chain;
}

function commonName(cert: X509Certificate): string {
  const cn = cert.subject
    .split('\n')
    .find((line) => line.startsWith('CN='))
    ?.slice(3);
  return cn || 'Paraaf';
}
