import { z } from 'zod';
import { eq, and, isNull } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, Tx } from '../../db/client.ts';
import { mails } from '../../db/schema/index.ts';
import type { JobDefinition, Queue } from '../../jobs/queue.ts';
import type { MailContent } from './layout.ts';

export interface MailDeps {
  db: Db;
  /** null: no SMTP configured, the mails table is the outbox shown at /dev/mailbox. */
  transport: Transporter | null;
  from: string;
}

export function createTransport(smtpUrl: string | null): Transporter | null {
  return smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
}

export const sendMailJob: JobDefinition<z.ZodObject<{ mailId: z.ZodNumber }>, MailDeps> = {
  name: 'send-mail',
  schema: z.object({ mailId: z.number().int() }),
  async handle({ db, transport, from }, { mailId }) {
    const [mail] = await db
      .select()
      .from(mails)
      .where(and(eq(mails.id, mailId), isNull(mails.sentAt)));
    if (!mail) return; // already delivered: running twice sends once
    if (transport) {
      await transport.sendMail({
        from: mail.fromName ? { name: mail.fromName, address: addressOf(from) } : from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html ?? undefined,
        text: mail.text ?? undefined,
      });
      // The body may hold links with tokens; once it has left, it is not kept at rest.
      await db
        .update(mails)
        .set({ sentAt: new Date(), html: null, text: null })
        .where(eq(mails.id, mailId));
    } else {
      await db.update(mails).set({ sentAt: new Date() }).where(eq(mails.id, mailId));
    }
  },
};

function addressOf(from: string): string {
  const match = /<([^>]+)>/.exec(from);
  return match?.[1] ?? from;
}

/** Writes the mail and enqueues its delivery in the caller's transaction. */
export async function queueMail(
  tx: Tx,
  queue: Queue,
  to: string,
  content: MailContent,
  fromName?: string,
): Promise<void> {
  const [row] = await tx
    .insert(mails)
    .values({
      to,
      subject: content.subject,
      html: content.html,
      text: content.text,
      fromName: fromName ?? null,
    })
    .returning({ id: mails.id });
  await queue.enqueue(tx, sendMailJob.name, { mailId: row!.id });
}
