import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, departments, users } from '../../db/schema/index.ts';
import { styledLogoToken } from '../companies/companies.repository.ts';

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
  return (await mailFrameOf<null>(db, request, null)).sender;
}

/**
 * The sender (mailSenderOf) and, in the same statement, what a signer's letter is framed with:
 * the company's logo token when its plan styles mails, and the user who sent the request.
 */
export async function mailFrameOf<T>(
  db: DbOrTx,
  request: { companyId: number; departmentId: number | null },
  initiatorId: number | null,
  /** Something else the letter needs, read in the same statement (a mail template). */
  extra: SQL<T | null> = sql<null>`NULL`,
): Promise<{
  sender: MailSender;
  logoToken: string | null;
  initiator: { name: string; email: string } | null;
  extra: T | null;
}> {
  const [row] = await db
    .select({
      companyName: companies.name,
      name: departments.name,
      mailName: departments.mailName,
      logoToken: styledLogoToken,
      initiatorName: users.name,
      initiatorEmail: users.email,
      extra,
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
    // Ids start at 1: without an initiator the join finds no one.
    .leftJoin(users, eq(users.id, initiatorId ?? 0))
    .where(eq(companies.id, request.companyId));
  const company = row?.name || row?.companyName || '';
  return {
    sender: { fromName: row?.mailName || company, company },
    logoToken: row?.logoToken ?? null,
    initiator:
      row?.initiatorName != null && row.initiatorEmail != null
        ? { name: row.initiatorName, email: row.initiatorEmail }
        : null,
    extra: (row?.extra ?? null) as T | null,
  };
}
