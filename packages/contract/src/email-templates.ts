import { z } from 'zod';
import { localeCodes, type Locale } from './constants.ts';
import { idField, text } from './fields.ts';
import { inputMessages, messages } from './messages.ts';
import { dataListSchema } from './responses.ts';

/** Every mail a company may word itself (seed 001 'E-mail templates'). */
export const emailTemplateNames = [
  'sign_request_to_signer',
  'reminder_to_signer',
  'sign_request_cancelled',
  'sign_request_declined',
  'signables_to_sign_request',
  'verification_code',
  'sign_request_expired',
  'gdpr_purge_warning',
  'signer_delegated',
  'sign_request_sent_to_cc',
] as const;
export type EmailTemplateName = (typeof emailTemplateNames)[number];

/** The languages each mail exists in; the signed documents' mail is Dutch only (seed 001 §9). */
export const emailTemplateLocales: Record<EmailTemplateName, readonly Locale[]> = {
  sign_request_to_signer: localeCodes,
  reminder_to_signer: localeCodes,
  sign_request_cancelled: localeCodes,
  sign_request_declined: localeCodes,
  signables_to_sign_request: ['nl'],
  verification_code: localeCodes,
  sign_request_expired: localeCodes,
  // To the initiator, 7 days before the GDPR purge; the initiator's mails are Dutch.
  gdpr_purge_warning: ['nl'],
  // To the initiator, when a signer handed the request over to someone else.
  signer_delegated: ['nl'],
  // To a cc who asked to hear of the sending; the signed documents' mail it gets later is Dutch.
  sign_request_sent_to_cc: ['nl'],
};

export const emailTemplateLimits = { subject: 255, template: 50_000 } as const;

export const emailTemplateMessages = {
  dutchOnly: 'Deze e-mail bestaat alleen in het Nederlands',
} as const;

/** True when template HTML shows no text at all (an editor's empty `<p></p>`). */
export function isEmptyTemplateHtml(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|\u00a0/g, ' ')
      .trim() === ''
  );
}

const emailTemplateText = {
  name: z.enum(emailTemplateNames, { error: inputMessages.choice }),
  locale: z.enum(localeCodes, { error: inputMessages.choice }),
  subject: text()
    .trim()
    .min(1, messages.required)
    .max(emailTemplateLimits.subject, messages.maxLength),
  template: text()
    .max(emailTemplateLimits.template, messages.maxLength)
    .refine((v) => !isEmptyTemplateHtml(v), messages.required),
};

function existsInLocale(v: { name: EmailTemplateName; locale: Locale }): boolean {
  return emailTemplateLocales[v.name].includes(v.locale);
}

/** POST /api/email-templates: the company's own version of one mail in one language. */
export const saveEmailTemplateBody = z
  .object({ id: idField().nullish(), ...emailTemplateText })
  .refine(existsInLocale, { message: emailTemplateMessages.dutchOnly, path: ['locale'] })
  .meta({
    examples: [
      {
        id: null,
        name: 'reminder_to_signer',
        locale: 'nl',
        subject: 'Herinnering: [[subject]]',
        template: '<p>Beste [[firstname]],</p><p>[[content]]</p><p>[[link]]</p>',
      },
    ],
  });
export type SaveEmailTemplateBody = z.input<typeof saveEmailTemplateBody>;
export type SaveEmailTemplateInput = z.output<typeof saveEmailTemplateBody>;

/** POST /api/email-templates/preview: the mail as a signer would receive it, not saved. */
export const previewEmailTemplateBody = z
  .object(emailTemplateText)
  .refine(existsInLocale, { message: emailTemplateMessages.dutchOnly, path: ['locale'] })
  .meta({
    examples: [
      {
        name: 'sign_request_to_signer',
        locale: 'nl',
        subject: '[[subject]]',
        template: '<p>Beste [[firstname]],</p><p>[[content]]</p>',
      },
    ],
  });
export type PreviewEmailTemplateBody = z.input<typeof previewEmailTemplateBody>;
export type PreviewEmailTemplateInput = z.output<typeof previewEmailTemplateBody>;

/** DELETE /api/email-templates/{name}/{locale}: back to the product's default. */
export const emailTemplateParams = z.object({
  name: z.enum(emailTemplateNames),
  locale: z.enum(localeCodes),
});

/** One mail in one language: the company's version (id set) or the product default (id null). */
export const emailTemplateSchema = z
  .object({
    /** null: the default text (the company has no own version of it). */
    id: z.int().positive().nullable(),
    name: z.string(),
    label: z.string(),
    locale: z.string(),
    subject: z.string(),
    template: z.string(),
    merge_fields: z.array(z.string()),
  })
  .meta({
    examples: [
      {
        id: null,
        name: 'sign_request_to_signer',
        label: 'Uitnodiging aan ondertekenaar',
        locale: 'nl',
        subject: '[[subject]]',
        template:
          '<p>[[content]]</p><p>[[link]]</p><p>Je kunt de documenten ondertekenen tot [[expires_at]].</p>',
        merge_fields: [
          '[[content]]',
          '[[link]]',
          '[[firstname]]',
          '[[lastname]]',
          '[[company]]',
          '[[expires_at]]',
          '[[subject]]',
        ],
      },
    ],
  });
export type EmailTemplateDto = z.infer<typeof emailTemplateSchema>;

export const emailTemplateList = dataListSchema(emailTemplateSchema);

export const emailTemplatePreview = z
  .object({
    /** The filled subject. */
    subject: z.string(),
    /** The whole mail as HTML (layout, logo, sample values, the link button). */
    html: z.string(),
  })
  .meta({
    examples: [
      {
        subject: 'Overeenkomst 2026',
        html: '<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>Overeenkomst 2026</title></head><body>…</body></html>',
      },
    ],
  });
export type EmailTemplatePreview = z.infer<typeof emailTemplatePreview>;
