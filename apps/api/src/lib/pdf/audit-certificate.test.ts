import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { pdftotext } from '../../../test/pades.ts';
import { appendAuditCertificate, type AuditSigner } from './audit-certificate.ts';

const signer: AuditSigner = {
  name: 'Jan van Dijk',
  email: 'jan@voorbeeld.nl',
  phone: null,
  locale: 'nl',
  verifications: ['iDIN'],
  signedAt: new Date('2026-03-03T10:00:00Z'),
  emailVerifiedAt: null,
  smsVerifiedAt: null,
  idinVerifiedAt: new Date('2026-03-03T09:58:00Z'),
  // As the bank's answer is stored: keys in whatever order it came, the birth date in ISO.
  idinAttributes: {
    city: 'Utrecht',
    postal_code: '3511 AB',
    telephone: '+31612345678',
    date_of_birth: '1980-03-03',
    house_number: '12',
    last_name: 'Dijk',
    gender: 'man',
    street: 'Oudegracht',
    email: 'jan.bank@voorbeeld.nl',
    last_name_prefix: 'van',
    country: 'NL',
    initials: 'J.',
  },
  ip: '192.0.2.1',
  userAgent: null,
  signaturePng: null,
};

async function certificateText(
  s: AuditSigner,
  documents = [{ name: 'Huurcontract', sha256: 'a'.repeat(64), pageCount: 1 }],
): Promise<string> {
  const doc = await PDFDocument.create();
  doc.addPage();
  await appendAuditCertificate(doc, {
    signRequestId: 7,
    verifyUrl: 'http://localhost/verifieren',
    subject: 'Huurcontract',
    company: 'Bedrijf BV',
    sender: null,
    createdAt: new Date('2026-03-01T10:00:00Z'),
    sentAt: new Date('2026-03-01T10:00:00Z'),
    completedAt: new Date('2026-03-03T10:00:00Z'),
    documents,
    signers: [s],
    trail: [],
  });
  return pdftotext(await doc.save(), { layout: false });
}

describe('the audit certificate and hashes', () => {
  it('prints every hash on one line, whichever hex digits it has', async () => {
    // Each hex digit 64 times: the widest of them is the widest hash there can be.
    const documents = [...'0123456789abcdef'].map((c, i) => ({
      name: `Document ${i + 1}`,
      sha256: c.repeat(64),
      pageCount: 1,
    }));
    const lines = (await certificateText(signer, documents)).split('\n').map((l) => l.trim());
    for (const d of documents) expect(lines).toContain(d.sha256);
  });
});

describe('the audit certificate and the bank data of iDIN', () => {
  it('prints the bank data under Dutch labels, in a fixed order, with a Dutch birth date', async () => {
    const text = await certificateText(signer);
    expect(text).not.toMatch(/iDIN (city|postal_code|date_of_birth|initials|last_name)/);
    expect(text).not.toContain('1980-03-03');
    const bank = text.slice(text.indexOf('Gegevens van de bank (iDIN)'));
    const lines = bank
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const labels = [
      'Naam',
      'Geboortedatum',
      'Geslacht',
      'Adres',
      'Postcode',
      'Plaats',
      'Land',
      'E-mailadres',
      'Telefoonnummer',
    ];
    const at = labels.map((label) => lines.indexOf(label));
    expect(at.every((i) => i > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    for (const value of [
      'J. van Dijk',
      '03-03-1980',
      'Oudegracht 12',
      '3511 AB',
      'Utrecht',
      'jan.bank@voorbeeld.nl',
    ]) {
      expect(bank).toContain(value);
    }
  });

  it('prints no bank section without an iDIN check', async () => {
    const text = await certificateText({ ...signer, idinVerifiedAt: null, idinAttributes: null });
    expect(text).not.toContain('Gegevens van de bank');
  });
});

describe('the audit certificate and the EU-wallet data', () => {
  it('prints the disclosed wallet attributes under Dutch labels with a Dutch birth date', async () => {
    const text = await certificateText({
      ...signer,
      idinVerifiedAt: null,
      idinAttributes: null,
      walletVerifiedAt: new Date('2026-03-02T09:30:00Z'),
      walletAttributes: {
        given_name: 'Jan Pieter',
        family_name: 'Jansen',
        birth_date: '1980-05-17',
        credential_format: 'SD-JWT VC',
      },
    });
    expect(text).toContain('EU-wallet geverifieerd');
    const wallet = text.slice(text.indexOf('Gegevens uit de EU-wallet'));
    for (const value of [
      'Voornamen',
      'Jan Pieter',
      'Achternaam',
      'Jansen',
      'Geboortedatum',
      '17-05-1980',
      'Bewijs',
      'SD-JWT VC',
    ]) {
      expect(wallet).toContain(value);
    }
    expect(text).not.toContain('1980-05-17');
  });

  it('prints no wallet section without a wallet check', async () => {
    expect(await certificateText(signer)).not.toContain('EU-wallet');
  });
});
