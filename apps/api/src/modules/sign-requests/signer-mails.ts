import type { SQL, WithSubquery } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../lib/context.ts';
import { queueMail, type MailPriority } from '../../lib/mail/outbox.ts';
import {
  formatDateTime,
  renderSignerMail,
  senderNote,
  signButtonLabel,
  type MergeValues,
} from '../../lib/mail/signer-mails.ts';
import { logoUrl } from '../companies/logo.ts';
import {
  chooseEmailTemplate,
  ownEmailTemplate,
  resolveEmailTemplate,
} from '../email-templates/email-templates.service.ts';
import type { SignerRow } from './signer-dto.ts';
import { mailFrameOf } from '../departments/mail-sender.ts';
import type { SignRequestRow } from './sign-requests.repository.ts';

/**
 * What the signer mails need from the caller: the sender's session (AuthedCtx fits) or, on the
 * signer's side (the next signer invited after an approval) and in the sweep, no user.
 */
export type SenderCtx = Ctx & {
  auth: {
    user?: { id: number } | null;
    impersonatorId?: number | null;
    apiKeyId?: number | null;
  };
};

/** The signing page a signer's link opens; the token is in the path, never in an API answer. */
export function signingUrl(ctx: Pick<Ctx, 'config'>, token: string): string {
  return `${ctx.config.appUrl}/ondertekenen/${token}`;
}

/**
 * Who the mail is from and the name the templates call [[company]] (the request's department),
 * and the frame around the letter: the company's name and logo, and who sent it.
 */
async function senderOf<T = null>(
  tx: Tx,
  ctx: SenderCtx,
  request: SignRequestRow,
  extra?: SQL<T | null>,
) {
  const { sender, logoToken, initiator, ...read } = await mailFrameOf<T>(
    tx,
    request,
    request.userId,
    extra,
  );
  const { fromName, company: name } = sender;
  const logo = logoUrl(logoToken);
  return {
    fromName,
    company: name,
    frame: { company: name, logoUrl: logo ? `${ctx.config.appUrl}${logo}` : null },
    /** 'Jan Smit (Bakkerij Jansen)', or the company alone when no user sent it. */
    who: initiator ? `${initiator.name} (${name})` : name,
    /** A signer who answers the mail reaches the person who sent the request. */
    replyTo: initiator?.email ?? null,
    /** What `extra` read. */
    extra: read.extra,
  };
}

function valuesFor(
  request: SignRequestRow,
  signer: SignerRow,
  company: string,
  link?: string,
): MergeValues {
  return {
    content: request.message,
    link: link ? { url: link, label: signButtonLabel(signer.locale) } : undefined,
    fields: {
      firstname: signer.firstname,
      lastname: signer.lastname,
      company,
      expires_at: formatDateTime(request.expiresAt, signer.locale),
      subject: request.subject,
    },
  };
}

/** The invitation (or a reminder) with the signer's link, in the signer's language. */
export async function queueSignerLinkMail(
  tx: Tx,
  ctx: SenderCtx,
  kind: 'invitation' | 'reminder',
  request: SignRequestRow,
  signer: SignerRow,
  token: string,
  priority: MailPriority = 'prompt',
  /** Writes made in the mail's statement (queueMail `alongWith`). */
  alongWith: WithSubquery[] = [],
): Promise<void> {
  const name = kind === 'invitation' ? 'sign_request_to_signer' : 'reminder_to_signer';
  // The request's own text for the signer's language (the invitation only) needs no lookup;
  // otherwise the company's version is read with the sender.
  const override = kind === 'invitation' ? request.emailTemplates[signer.locale] : undefined;
  const { fromName, company, frame, who, replyTo, extra } = await senderOf(
    tx,
    ctx,
    request,
    override ? undefined : ownEmailTemplate(request.companyId, name, signer.locale),
  );
  const values = valuesFor(request, signer, company, signingUrl(ctx, token));
  const framed = { ...frame, note: senderNote(signer.locale, who, ctx.config.appUrl) };
  // The invitation's subject is the template's too; the default's is [[subject]], the request's own.
  const template = chooseEmailTemplate(name, signer.locale, override, extra);
  const content = renderSignerMail(template, values, { locale: signer.locale, frame: framed });
  await queueMail(tx, ctx.queue, signer.email, content, fromName, {
    replyTo,
    signerId: signer.id,
    signRequestId: request.id,
    priority,
    alongWith,
  });
}

/** Tells a signer the request was cancelled. */
export async function queueCancellationMail(
  tx: Tx,
  ctx: SenderCtx,
  request: SignRequestRow,
  signer: SignerRow,
): Promise<void> {
  const { fromName, company, frame, replyTo } = await senderOf(tx, ctx, request);
  const template = await resolveEmailTemplate(
    tx,
    request.companyId,
    'sign_request_cancelled',
    signer.locale,
  );
  const content = renderSignerMail(template, valuesFor(request, signer, company), {
    locale: signer.locale,
    frame,
  });
  await queueMail(tx, ctx.queue, signer.email, content, fromName, {
    replyTo,
    signRequestId: request.id,
  });
}

/**
 * Tells a cc who asked for it (notify_on_send) that the request was sent: who sent what, and that
 * the signed documents follow. No link: a cc acts on nothing. Queued in the sending transaction,
 * after its guard, so a request sent twice mails the cc once.
 */
export async function queueCcSentMail(
  tx: Tx,
  ctx: SenderCtx,
  request: SignRequestRow,
  cc: SignerRow,
  documentNames: readonly string[],
): Promise<void> {
  const { fromName, company, frame, who, replyTo } = await senderOf(tx, ctx, request);
  const template = await resolveEmailTemplate(
    tx,
    request.companyId,
    'sign_request_sent_to_cc',
    'nl',
  );
  const { fields } = valuesFor(request, cc, company);
  const values = { fields: { ...fields, sender: who, documents: documentNames.join(', ') } };
  const content = renderSignerMail(template, values, {
    locale: 'nl',
    frame: { company: frame.company },
  });
  await queueMail(tx, ctx.queue, cc.email, content, fromName, {
    replyTo,
    signRequestId: request.id,
  });
}
