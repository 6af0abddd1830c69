import {
  emailTemplateLocales,
  emailTemplateNames,
  type EmailTemplateName,
  type Locale,
} from '@paraaf/contract';

export { emailTemplateNames, type EmailTemplateName };

/**
 * The default text of every mail the product sends to signers and recipients of signed
 * documents, per locale. A company may override any of them (table email_templates), and a
 * sign request may override the invitation per locale (sign_requests.email_templates).
 *
 * Templates are HTML with merge fields `[[name]]`; values are escaped when filled in, except
 * `[[link]]` (a button) and `[[content]]` (the sender's message, escaped with line breaks kept).
 */
/** The GDPR purge warning's button (modules/gdpr): it opens the request's detail screen. */
export const PURGE_WARNING_BUTTON = 'Ondertekening bekijken';

export interface DefaultEmailTemplate {
  name: EmailTemplateName;
  /** Dutch: the label the settings screen shows. */
  label: string;
  locale: Locale;
  subject: string;
  template: string;
  merge_fields: string[];
}

const signerFields = [
  '[[firstname]]',
  '[[lastname]]',
  '[[company]]',
  '[[expires_at]]',
  // The request's subject, as the sender typed it in the wizard.
  '[[subject]]',
];

export const emailTemplateMeta: Record<
  EmailTemplateName,
  { label: string; merge_fields: string[] }
> = {
  sign_request_to_signer: {
    label: 'Uitnodiging aan ondertekenaar',
    merge_fields: ['[[content]]', '[[link]]', ...signerFields],
  },
  reminder_to_signer: {
    label: 'Herinnering aan ondertekenaar',
    merge_fields: ['[[content]]', '[[link]]', ...signerFields],
  },
  sign_request_cancelled: {
    label: 'Ondertekening geannuleerd',
    merge_fields: ['[[firstname]]', '[[lastname]]', '[[company]]', '[[subject]]'],
  },
  sign_request_declined: {
    label: 'Ondertekening geweigerd',
    merge_fields: ['[[name]]', '[[signer]]', '[[reason]]', '[[company]]', '[[subject]]'],
  },
  // Seed 001 §9: the mail with the signed documents is Dutch only.
  signables_to_sign_request: {
    label: 'Ondertekende documenten',
    merge_fields: ['[[name]]', '[[company]]', '[[subject]]', '[[documents]]', '[[purge_date]]'],
  },
  verification_code: {
    label: 'Verificatiecode per e-mail',
    merge_fields: ['[[firstname]]', '[[lastname]]', '[[company]]', '[[code]]'],
  },
  // To the initiator, when the expiry date passed before every signer signed (the sweep).
  sign_request_expired: {
    label: 'Ondertekening verlopen',
    merge_fields: ['[[name]]', '[[company]]', '[[subject]]', '[[expires_at]]'],
  },
  // To the initiator (or the company's admins), 7 days before the GDPR purge (modules/gdpr).
  gdpr_purge_warning: {
    label: 'Documenten worden binnenkort verwijderd',
    merge_fields: ['[[name]]', '[[company]]', '[[subject]]', '[[purge_date]]', '[[link]]'],
  },
  // To the initiator, when a signer hands the request over to someone else (delegation).
  signer_delegated: {
    label: 'Ondertekenaar heeft gedelegeerd',
    merge_fields: [
      '[[name]]',
      '[[company]]',
      '[[subject]]',
      '[[signer]]',
      '[[delegate]]',
      '[[reason]]',
    ],
  },
  // To a cc marked 'Bericht bij versturen', in the transaction that sends the request.
  sign_request_sent_to_cc: {
    label: 'Kopie: ondertekening verstuurd',
    merge_fields: [
      '[[firstname]]',
      '[[lastname]]',
      '[[company]]',
      '[[subject]]',
      '[[sender]]',
      '[[documents]]',
    ],
  },
};

type Texts = Partial<Record<Locale, { subject: string; template: string }>>;

const texts: Record<EmailTemplateName, Texts> = {
  // The sender's message is the letter (greeting and closing included): the template only frames
  // it, so a signer never reads two greetings and two closings.
  sign_request_to_signer: {
    nl: {
      subject: '[[subject]]',
      template:
        '<p>[[content]]</p>' +
        '<p>[[link]]</p>' +
        '<p>Je kunt de documenten ondertekenen tot [[expires_at]].</p>',
    },
    en: {
      subject: '[[subject]]',
      template:
        '<p>[[content]]</p>' +
        '<p>[[link]]</p>' +
        '<p>You can sign the documents until [[expires_at]].</p>',
    },
    de: {
      subject: '[[subject]]',
      template:
        '<p>[[content]]</p>' +
        '<p>[[link]]</p>' +
        '<p>Sie können die Dokumente bis zum [[expires_at]] unterzeichnen.</p>',
    },
    fr: {
      subject: '[[subject]]',
      template:
        '<p>[[content]]</p>' +
        '<p>[[link]]</p>' +
        '<p>Vous pouvez signer les documents jusqu’au [[expires_at]].</p>',
    },
  },
  reminder_to_signer: {
    nl: {
      subject: 'Herinnering: documenten van [[company]] wachten op je handtekening',
      template:
        '<p><strong>Herinnering:</strong> [[company]] wacht nog op je handtekening.</p>' +
        '<p>[[content]]</p>' +
        '<p>[[link]]</p>' +
        '<p>Het verzoek vervalt op [[expires_at]].</p>',
    },
    en: {
      subject: 'Reminder: documents from [[company]] are waiting for your signature',
      template:
        '<p><strong>Reminder:</strong> [[company]] is still waiting for your signature.</p>' +
        '<p>[[content]]</p>' +
        '<p>[[link]]</p>' +
        '<p>The request expires on [[expires_at]].</p>',
    },
    de: {
      subject: 'Erinnerung: Dokumente von [[company]] warten auf Ihre Unterschrift',
      template:
        '<p><strong>Erinnerung:</strong> [[company]] wartet noch auf Ihre Unterschrift.</p>' +
        '<p>[[content]]</p>' +
        '<p>[[link]]</p>' +
        '<p>Die Anfrage verfällt am [[expires_at]].</p>',
    },
    fr: {
      subject: 'Rappel : des documents de [[company]] attendent votre signature',
      template:
        '<p><strong>Rappel :</strong> [[company]] attend toujours votre signature.</p>' +
        '<p>[[content]]</p>' +
        '<p>[[link]]</p>' +
        '<p>La demande expire le [[expires_at]].</p>',
    },
  },
  sign_request_cancelled: {
    nl: {
      subject: 'Ondertekening geannuleerd: [[subject]]',
      template:
        '<p>Beste [[firstname]] [[lastname]],</p>' +
        '<p>[[company]] heeft het verzoek tot ondertekening "[[subject]]" geannuleerd. Je hoeft niets meer te doen; de link in de eerdere e-mail werkt niet meer.</p>' +
        '<p>Heb je vragen? Neem dan contact op met [[company]].</p>' +
        '<p>Met vriendelijke groet,<br>[[company]]</p>',
    },
    en: {
      subject: 'Signing cancelled: [[subject]]',
      template:
        '<p>Dear [[firstname]] [[lastname]],</p>' +
        '<p>[[company]] has cancelled the signing request "[[subject]]". There is nothing more you need to do; the link in the earlier e-mail no longer works.</p>' +
        '<p>If you have any questions, please contact [[company]].</p>' +
        '<p>Kind regards,<br>[[company]]</p>',
    },
    de: {
      subject: 'Unterzeichnung storniert: [[subject]]',
      template:
        '<p>Guten Tag [[firstname]] [[lastname]],</p>' +
        '<p>[[company]] hat die Anfrage zur Unterzeichnung „[[subject]]“ storniert. Sie müssen nichts weiter tun; der Link in der früheren E-Mail funktioniert nicht mehr.</p>' +
        '<p>Bei Fragen wenden Sie sich bitte an [[company]].</p>' +
        '<p>Mit freundlichen Grüßen<br>[[company]]</p>',
    },
    fr: {
      subject: 'Signature annulée : [[subject]]',
      template:
        '<p>Bonjour [[firstname]] [[lastname]],</p>' +
        '<p>[[company]] a annulé la demande de signature « [[subject]] ». Vous n’avez plus rien à faire ; le lien de l’e-mail précédent ne fonctionne plus.</p>' +
        '<p>Pour toute question, veuillez contacter [[company]].</p>' +
        '<p>Cordialement,<br>[[company]]</p>',
    },
  },
  sign_request_declined: {
    nl: {
      subject: 'Ondertekening geweigerd: [[subject]]',
      template:
        '<p>Beste [[name]],</p>' +
        '<p>[[signer]] heeft geweigerd de documenten van "[[subject]]" te ondertekenen. Het verzoek is daarmee beëindigd.</p>' +
        '<p>Opgegeven reden: [[reason]]</p>' +
        '<p>Met vriendelijke groet,<br>Paraaf</p>',
    },
    en: {
      subject: 'Signing declined: [[subject]]',
      template:
        '<p>Dear [[name]],</p>' +
        '<p>[[signer]] has declined to sign the documents of "[[subject]]". The request has therefore ended.</p>' +
        '<p>Reason given: [[reason]]</p>' +
        '<p>Kind regards,<br>Paraaf</p>',
    },
    de: {
      subject: 'Unterzeichnung abgelehnt: [[subject]]',
      template:
        '<p>Guten Tag [[name]],</p>' +
        '<p>[[signer]] hat die Unterzeichnung der Dokumente von „[[subject]]“ abgelehnt. Die Anfrage ist damit beendet.</p>' +
        '<p>Angegebener Grund: [[reason]]</p>' +
        '<p>Mit freundlichen Grüßen<br>Paraaf</p>',
    },
    fr: {
      subject: 'Signature refusée : [[subject]]',
      template:
        '<p>Bonjour [[name]],</p>' +
        '<p>[[signer]] a refusé de signer les documents de « [[subject]] ». La demande est donc close.</p>' +
        '<p>Motif indiqué : [[reason]]</p>' +
        '<p>Cordialement,<br>Paraaf</p>',
    },
  },
  signables_to_sign_request: {
    nl: {
      subject: 'Ondertekende documenten: [[subject]]',
      template:
        '<p>Beste [[name]],</p>' +
        '<p>Alle ondertekenaars hebben "[[subject]]" ondertekend. De ondertekende documenten vind je in de bijlage van deze e-mail:</p>' +
        '<p>[[documents]]</p>' +
        '<p>Bewaar ze goed: op [[purge_date]] worden de documenten om privacyredenen bij ons verwijderd.</p>' +
        '<p>Met vriendelijke groet,<br>[[company]]</p>',
    },
  },
  verification_code: {
    nl: {
      subject: 'Je verificatiecode: [[code]]',
      template:
        '<p>Beste [[firstname]] [[lastname]],</p>' +
        '<p>Gebruik deze code om te bevestigen dat jij de documenten van [[company]] ondertekent:</p>' +
        '<p style="font-size:28px;letter-spacing:8px;font-weight:bold">[[code]]</p>' +
        '<p>Heb je deze code niet aangevraagd? Dan kun je deze e-mail negeren.</p>',
    },
    en: {
      subject: 'Your verification code: [[code]]',
      template:
        '<p>Dear [[firstname]] [[lastname]],</p>' +
        '<p>Use this code to confirm that it is you signing the documents from [[company]]:</p>' +
        '<p style="font-size:28px;letter-spacing:8px;font-weight:bold">[[code]]</p>' +
        '<p>Did you not request this code? Then you can ignore this e-mail.</p>',
    },
    de: {
      subject: 'Ihr Bestätigungscode: [[code]]',
      template:
        '<p>Guten Tag [[firstname]] [[lastname]],</p>' +
        '<p>Mit diesem Code bestätigen Sie, dass Sie die Dokumente von [[company]] unterzeichnen:</p>' +
        '<p style="font-size:28px;letter-spacing:8px;font-weight:bold">[[code]]</p>' +
        '<p>Haben Sie diesen Code nicht angefordert? Dann können Sie diese E-Mail ignorieren.</p>',
    },
    fr: {
      subject: 'Votre code de vérification : [[code]]',
      template:
        '<p>Bonjour [[firstname]] [[lastname]],</p>' +
        '<p>Utilisez ce code pour confirmer que c’est bien vous qui signez les documents de [[company]] :</p>' +
        '<p style="font-size:28px;letter-spacing:8px;font-weight:bold">[[code]]</p>' +
        '<p>Vous n’avez pas demandé ce code ? Vous pouvez ignorer cet e-mail.</p>',
    },
  },
  gdpr_purge_warning: {
    nl: {
      subject: 'Documenten worden op [[purge_date]] verwijderd: [[subject]]',
      template:
        '<p>Beste [[name]],</p>' +
        '<p>Op [[purge_date]] verwijderen we de documenten en persoonsgegevens van het ondertekenverzoek "[[subject]]" in verband met de privacywetgeving (AVG). Wil je ze bewaren? Download ze dan voor die datum via de ondertekening (na inloggen):</p>' +
        '<p>[[link]]</p>' +
        '<p>Daarna blijven alleen het verloop van de ondertekening en de controlegetallen (SHA-256) van de documenten bewaard.</p>' +
        '<p>Met vriendelijke groet,<br>[[company]]</p>',
    },
  },
  signer_delegated: {
    nl: {
      subject: 'Gedelegeerd: [[subject]]',
      template:
        '<p>Beste [[name]],</p>' +
        '<p>[[signer]] heeft het ondertekenverzoek "[[subject]]" doorgegeven aan [[delegate]]. Die heeft een eigen uitnodiging gekregen; de link van [[signer]] werkt niet meer.</p>' +
        '<p>Reden: [[reason]]</p>' +
        '<p>Met vriendelijke groet,<br>[[company]]</p>',
    },
  },
  sign_request_sent_to_cc: {
    nl: {
      subject: 'Ter informatie: [[subject]]',
      template:
        '<p>Beste [[firstname]] [[lastname]],</p>' +
        '<p>[[sender]] heeft het ondertekenverzoek "[[subject]]" verstuurd met de documenten [[documents]]. Jij staat erbij in kopie: je hoeft niets te doen.</p>' +
        '<p>Zodra iedereen heeft ondertekend, krijg je een kopie van de ondertekende documenten per e-mail.</p>' +
        '<p>Met vriendelijke groet,<br>[[company]]</p>',
    },
  },
  sign_request_expired: {
    nl: {
      subject: 'Ondertekening verlopen: [[subject]]',
      template:
        '<p>Beste [[name]],</p>' +
        '<p>Het ondertekenverzoek "[[subject]]" is op [[expires_at]] verlopen voordat alle ondertekenaars hebben ondertekend. De links in de uitnodigingen werken niet meer.</p>' +
        '<p>Wil je de documenten toch laten ondertekenen? Maak dan een nieuw verzoek aan.</p>' +
        '<p>Met vriendelijke groet,<br>Paraaf</p>',
    },
    en: {
      subject: 'Signing expired: [[subject]]',
      template:
        '<p>Dear [[name]],</p>' +
        '<p>The sign request "[[subject]]" expired on [[expires_at]] before every signer had signed. The links in the invitations no longer work.</p>' +
        '<p>Do you still want the documents signed? Then create a new request.</p>' +
        '<p>Kind regards,<br>Paraaf</p>',
    },
    de: {
      subject: 'Unterzeichnung abgelaufen: [[subject]]',
      template:
        '<p>Guten Tag [[name]],</p>' +
        '<p>Die Signaturanfrage „[[subject]]“ ist am [[expires_at]] abgelaufen, bevor alle Unterzeichner unterschrieben haben. Die Links in den Einladungen funktionieren nicht mehr.</p>' +
        '<p>Sollen die Dokumente dennoch unterzeichnet werden? Dann erstellen Sie eine neue Anfrage.</p>' +
        '<p>Mit freundlichen Grüßen<br>Paraaf</p>',
    },
    fr: {
      subject: 'Signature expirée : [[subject]]',
      template:
        '<p>Bonjour [[name]],</p>' +
        '<p>La demande de signature « [[subject]] » a expiré le [[expires_at]] avant que tous les signataires aient signé. Les liens des invitations ne fonctionnent plus.</p>' +
        '<p>Vous souhaitez tout de même faire signer les documents ? Créez alors une nouvelle demande.</p>' +
        '<p>Cordialement,<br>Paraaf</p>',
    },
  },
};

/** Every default, one per (name, locale), in a stable order. */
export const defaultEmailTemplates: DefaultEmailTemplate[] = emailTemplateNames.flatMap((name) =>
  emailTemplateLocales[name].map((locale) => {
    const text = texts[name][locale]!;
    const { label, merge_fields } = emailTemplateMeta[name];
    return { name, label, locale, merge_fields, ...text };
  }),
);

/** The default of a mail in a locale; Dutch when the mail has no version in that locale. */
export function defaultEmailTemplate(
  name: EmailTemplateName,
  locale: string,
): DefaultEmailTemplate {
  return (
    defaultEmailTemplates.find((t) => t.name === name && t.locale === locale) ??
    defaultEmailTemplates.find((t) => t.name === name && t.locale === 'nl')!
  );
}
