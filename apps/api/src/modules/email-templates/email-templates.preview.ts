import { eq } from 'drizzle-orm';
import type {
  EmailTemplateName,
  EmailTemplatePreview,
  Locale,
  PreviewEmailTemplateInput,
} from '@paraaf/contract';
import { companies } from '../../db/schema/index.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import {
  formatDateTime,
  formatLongDate,
  renderSignerMail,
  senderNote,
  signButtonLabel,
  type MailFrame,
  type MergeValues,
} from '../../lib/mail/signer-mails.ts';
import { styledLogoToken } from '../companies/companies.repository.ts';
import { logoUrl } from '../companies/logo.ts';
import { cleanTemplate } from './email-templates.service.ts';
import { PURGE_WARNING_BUTTON } from './defaults.ts';
import { mailSenderOf } from '../departments/mail-sender.ts';

/** Sample values a preview fills in, in the mail's language. */
const samples: Record<
  Locale,
  { firstname: string; lastname: string; message: string; subject: string; reason: string }
> = {
  nl: {
    firstname: 'Jan',
    lastname: 'Jansen',
    message:
      'Beste Jan,\n\nHierbij ontvang je de overeenkomst ter ondertekening.\n\nMet vriendelijke groet',
    subject: 'Overeenkomst 2026',
    reason: 'Het bedrag klopt niet.',
  },
  en: {
    firstname: 'John',
    lastname: 'Smith',
    message: 'Dear John,\n\nPlease find the agreement attached for your signature.\n\nKind regards',
    subject: 'Agreement 2026',
    reason: 'The amount is wrong.',
  },
  de: {
    firstname: 'Hans',
    lastname: 'Müller',
    message:
      'Guten Tag Herr Müller,\n\nanbei erhalten Sie den Vertrag zur Unterzeichnung.\n\nMit freundlichen Grüßen',
    subject: 'Vertrag 2026',
    reason: 'Der Betrag stimmt nicht.',
  },
  fr: {
    firstname: 'Jean',
    lastname: 'Dupont',
    message: 'Bonjour Jean,\n\nVeuillez trouver ci-joint le contrat à signer.\n\nCordialement',
    subject: 'Contrat 2026',
    reason: 'Le montant est incorrect.',
  },
};

/** Mails that carry the signer's link, and so the sender's note under them. */
const linkMails: readonly EmailTemplateName[] = ['sign_request_to_signer', 'reminder_to_signer'];

/**
 * POST /api/email-templates/preview: the mail as its recipient would get it, rendered by the
 * function every real mail goes through (renderSignerMail: the sanitizer, merge fields, the
 * link-button rule, the frame with the company's name and logo), with sample values. Nothing is
 * saved or sent.
 */
export async function previewEmailTemplate(
  ctx: AuthedCtx,
  input: PreviewEmailTemplateInput,
): Promise<EmailTemplatePreview> {
  const companyId = ctx.auth.user.companyId;
  const template = { subject: input.subject, template: cleanTemplate(input.template) };
  const [company] = await ctx.db
    .select({
      name: companies.name,
      logoToken: styledLogoToken,
      retentionDays: companies.gdprRetentionDays,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  // What the company's own mails call [[company]]: its default department's name.
  const { company: name } = await mailSenderOf(ctx.db, { companyId, departmentId: null });
  const logo = logoUrl(company?.logoToken ?? null);
  const sample = samples[input.locale];
  const now = ctx.now();
  const expires = new Date(now.getTime() + 14 * 86_400_000);
  // The company's retention period, as the signed documents' mail names it.
  const purge = new Date(now.getTime() + (company?.retentionDays ?? 30) * 86_400_000);
  const signer = `${sample.firstname} ${sample.lastname}`;
  const isLinkMail = linkMails.includes(input.name);

  const values: MergeValues = {
    content: isLinkMail ? sample.message : undefined,
    link: isLinkMail
      ? {
          url: `${ctx.config.appUrl}/ondertekenen/voorbeeld`,
          label: signButtonLabel(input.locale),
        }
      : input.name === 'gdpr_purge_warning'
        ? { url: `${ctx.config.appUrl}/ondertekening/1`, label: PURGE_WARNING_BUTTON }
        : undefined,
    fields: {
      firstname: sample.firstname,
      lastname: sample.lastname,
      company: name,
      expires_at: formatDateTime(expires, input.locale),
      subject: sample.subject,
      name: ctx.auth.user.name,
      signer,
      reason: sample.reason,
      code: '12345',
      documents: `${sample.subject}.pdf`,
      purge_date: formatLongDate(purge, input.locale),
      delegate: 'Karin de Jong <karin@voorbeeld.nl>',
      sender: `${ctx.auth.user.name} (${name})`,
    },
  };
  const frame = frameOf(input.name, {
    company: name,
    logoUrl: logo ? `${ctx.config.appUrl}${logo}` : null,
    note: senderNote(input.locale, `${ctx.auth.user.name} (${name})`, ctx.config.appUrl),
  });
  const mail = renderSignerMail(template, values, { locale: input.locale, frame });
  return { subject: mail.subject, html: mail.html };
}

/** The frame each kind of mail is sent in (see its sender). */
function frameOf(name: EmailTemplateName, full: MailFrame): MailFrame | undefined {
  if (linkMails.includes(name)) return full;
  if (name === 'sign_request_cancelled') return { company: full.company, logoUrl: full.logoUrl };
  if (
    name === 'signables_to_sign_request' ||
    name === 'gdpr_purge_warning' ||
    name === 'signer_delegated' ||
    name === 'sign_request_sent_to_cc'
  )
    return { company: full.company };
  return undefined;
}
