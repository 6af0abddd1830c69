import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { defaultEmailTemplate } from '../../modules/email-templates/defaults.ts';
import { invoiceMail } from '../../modules/invoices/invoice-mail-content.ts';
import { invitationMail } from './account-mails.ts';
import { fillSubject, renderSignerMail } from './signer-mails.ts';

/** Names that end a sentence in the mails: 'B.V.' brings its own full stop. */
const company = 'Bakkerij Jansen B.V.';

describe("a name ending with a full stop at the end of a mail's sentence: one full stop", () => {
  it('the cancellation mail (template merge field [[company]].)', () => {
    for (const locale of ['nl', 'en', 'de', 'fr']) {
      const mail = renderSignerMail(
        defaultEmailTemplate('sign_request_cancelled', locale),
        { fields: { name: 'Anna', company, subject: 'Huurcontract' } },
        { locale },
      );
      expect(mail.html, locale).not.toContain('B.V..');
      expect(mail.text, locale).not.toContain('B.V..');
    }
    const nl = renderSignerMail(
      defaultEmailTemplate('sign_request_cancelled', 'nl'),
      { fields: { name: 'Anna', company, subject: 'Huurcontract' } },
      { locale: 'nl' },
    );
    expect(nl.text).toContain('Neem dan contact op met Bakkerij Jansen B.V.\n');
    // A name without one still gets the template's full stop.
    const plain = renderSignerMail(
      defaultEmailTemplate('sign_request_cancelled', 'nl'),
      { fields: { name: 'Anna', company: 'Bakkerij Jansen', subject: 'Huurcontract' } },
      { locale: 'nl' },
    );
    expect(plain.text).toContain('Neem dan contact op met Bakkerij Jansen.');
    expect(fillSubject('Van [[company]].', { fields: { company } })).toBe(
      'Van Bakkerij Jansen B.V.',
    );
  });

  it('the invitation mail', () => {
    const mail = invitationMail('Anna', company, 'Bert', 'https://paraaf.test/activeren/x');
    expect(mail.text).not.toContain('B.V..');
    expect(mail.html).not.toContain('B.V..');
    expect(mail.text).toContain('voor Bakkerij Jansen B.V. Activeer je account');
  });

  it('the invoice mail', () => {
    const mail = invoiceMail(
      {
        invoiceNo: '2026-00001',
        invoiceDate: '2026-11-12',
        debtorName: company,
        totalInclCents: 12_100,
        state: 'open',
        seller: loadConfig({ INVOICE_SELLER_NAME: 'Paraaf B.V.' }).invoiceSeller,
      },
      'Anna',
    );
    expect(mail.text).not.toContain('B.V..');
    expect(mail.subject).toBe('Factuur 2026-00001 van Paraaf B.V.');
    expect(mail.text).toContain('voor Bakkerij Jansen B.V.\n');
  });
});
