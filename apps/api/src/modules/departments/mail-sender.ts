import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, departments } from '../../db/schema/index.ts';

/** On whose behalf a request's mails go out. */
export interface MailSender {
  /** The From display name of every mail of the request (the address stays MAIL_FROM). */
  fromName: string;
  /** What the mails call [[company]] and the letter's frame shows: the department's name. */
  company: string;
}

/**
 * The one way a mail of a sign request learns its sender: the request's department (kept for
 * its finished requests after a removal), or the company's default department for a request
 * without one; its mail_name is the From name. Invitations, reminders, e-mail codes,
 * cancellation, decline and expiry notices and the signed documents all come through here.
 */
export async function mailSenderOf(
  db: DbOrTx,
  request: { companyId: number; departmentId: number | null },
): Promise<MailSender> {
  const [row] = await db
    .select({
      companyName: companies.name,
      name: departments.name,
      mailName: departments.mailName,
    })
    .from(companies)
    .leftJoin(
      departments,
      and(
        eq(departments.companyId, companies.id),
        request.departmentId === null
          ? eq(departments.isDefault, true)
          : eq(departments.id, request.departmentId),
      ),
    )
    .where(eq(companies.id, request.companyId));
  const company = row?.name || row?.companyName || '';
  return { fromName: row?.mailName || company, company };
}
