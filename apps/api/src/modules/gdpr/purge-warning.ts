import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { companies, signRequests, users } from '../../db/schema/index.ts';
import type { Deps } from '../../lib/context.ts';
import { queueMail } from '../../lib/mail/outbox.ts';
import { formatLongDate, renderSignerMail } from '../../lib/mail/signer-mails.ts';
import { PURGE_WARNING_BUTTON } from '../email-templates/defaults.ts';
import { resolveEmailTemplate } from '../email-templates/email-templates.service.ts';
import { mailSenderOf } from '../departments/mail-sender.ts';

/** The initiator hears of the purge this many days before it. */
export const WARNING_DAYS = 7;

/**
 * The warning of a coming purge, once per request (claimed by setting gdpr_warned_at in the
 * same transaction as the mails): to the initiator, or to the company's admins when that user is
 * gone or inactive. The link opens the request's detail screen, which asks for a login first and
 * offers the downloads; the download URLs themselves need a session, so a mail cannot carry them.
 * A purge already due gets no warning (it happens in the same run). False when nothing was sent.
 */
export async function warnOfPurge(
  deps: Pick<Deps, 'db' | 'queue' | 'config'>,
  requestId: number,
  now: Date,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [request] = await tx
      .update(signRequests)
      .set({ gdprWarnedAt: now })
      .where(
        and(
          eq(signRequests.id, requestId),
          isNull(signRequests.gdprWarnedAt),
          isNull(signRequests.gdprPurgedAt),
          gt(signRequests.estimatedGdprPurgeAt, now),
        ),
      )
      .returning();
    if (!request?.estimatedGdprPurgeAt) return false;
    const [company] = await tx
      .select({ id: companies.id, name: companies.name, logoToken: companies.logoToken })
      .from(companies)
      .where(eq(companies.id, request.companyId));
    if (!company) return false;
    const recipients = await recipientsOf(tx, request.companyId, request.userId);
    const { fromName, company: companyName } = await mailSenderOf(tx, request);
    const template = await resolveEmailTemplate(tx, request.companyId, 'gdpr_purge_warning', 'nl');
    for (const to of recipients) {
      const content = renderSignerMail(
        template,
        {
          fields: {
            name: to.name,
            company: companyName,
            subject: request.subject,
            purge_date: formatLongDate(request.estimatedGdprPurgeAt, 'nl'),
          },
          link: {
            url: `${deps.config.appUrl}/ondertekening/${request.id}`,
            label: PURGE_WARNING_BUTTON,
          },
        },
        { locale: 'nl', frame: { company: companyName } },
      );
      await queueMail(tx, deps.queue, to.email, content, fromName, { signRequestId: request.id });
    }
    return recipients.length > 0;
  });
}

/** The initiator if still an active user of the company, else the company's active admins. */
async function recipientsOf(tx: Tx, companyId: number, userId: number | null) {
  const person = { name: users.name, email: users.email };
  if (userId !== null) {
    const [initiator] = await tx
      .select(person)
      .from(users)
      .where(and(eq(users.id, userId), eq(users.companyId, companyId), eq(users.isActive, true)));
    if (initiator) return [initiator];
  }
  return tx
    .select(person)
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 'admin'), eq(users.isActive, true)))
    .orderBy(asc(users.id));
}
