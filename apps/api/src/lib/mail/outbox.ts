import { mailsSent } from '../metrics/metrics.ts';
import { z } from 'zod';
import { eq, and, isNull, type WithSubquery } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  mails,
  type InvoiceMailBody,
  type MailAttachment,
  type MailBodySource,
} from '../../db/schema/index.ts';
import type { JobDefinition, Queue } from '../queue/queue.ts';
import type { MailContent } from './layout.ts';
import type { MailFile, MailTransport } from './transport.ts';
import type { Storage } from '../storage/storage.ts';

/**
 * What the outbox asks of the modules that own a mail's rows. The outbox sits below every module
 * and imports none of them: jobs/workers.ts hands these in (`mailRows`).
 */
export interface MailRows {
  /** An invoice mail's subject and body as the invoice is now (modules/invoices). */
  renderInvoiceMail(db: Db, source: InvoiceMailBody): Promise<MailContent>;
  /** An invoice's PDF; null when the invoice does not exist (modules/invoices). */
  invoicePdf(db: Db, invoiceId: number): Promise<{ content: Buffer } | null>;
  /** The server refused a signer's mail: the signer, and its request, 40 (modules/sign-requests). */
  markSignerUnreachable(tx: Tx, signerId: number, now: Date): Promise<void>;
}

export interface MailDeps {
  db: Db;
  /** null: no transport configured, the mails table is the outbox shown at /dev/mailbox. */
  transport: MailTransport | null;
  from: string;
  /** Where attachments are read at send time; mails with attachments need it. */
  storage?: Storage;
  rows: MailRows;
}

const MAIL_CONCURRENCY = 10;

/**
 * The order in which waiting mails leave (pg-boss fetches by priority, then age): a code someone
 * is typing over first, then invitations, reminders and links asked for, then everything else
 * (welcome mails, notifications, sealed documents), however many of those wait.
 */
export const MAIL_PRIORITY = { code: 20, prompt: 10, bulk: 0 } as const;
export type MailPriority = keyof typeof MAIL_PRIORITY;

/**
 * Delivers one mail through the configured transport (SMTP or Microsoft Graph, transport.ts).
 * Runs outside any transaction: the exchange never holds a database connection or lock. A
 * process killed between the server's acceptance and the update of sent_at sends it again on
 * the retry, with the same Message-ID, so mail clients show it once.
 */
export const sendMailJob: JobDefinition<z.ZodObject<{ mailId: z.ZodNumber }>, MailDeps> = {
  name: 'send-mail',
  concurrency: MAIL_CONCURRENCY,
  schema: z.object({ mailId: z.number().int() }),
  async handle({ db, transport, from, storage, rows }, { mailId }) {
    const [mail] = await db
      .select()
      .from(mails)
      .where(and(eq(mails.id, mailId), isNull(mails.sentAt), isNull(mails.failedAt)));
    if (!mail) return; // already delivered: running twice sends once
    // A mail about rows (an invoice) says what is true when it leaves, not when it was queued.
    const content = mail.bodySource ? await renderBody(db, rows, mail.bodySource) : mail;
    if (transport) {
      const outcome = await countFailure(
        transport.send({
          from: { name: mail.fromName ?? nameOf(from), address: addressOf(from) },
          to: mail.to,
          messageId: messageIdOf(mail.id, mail.createdAt, from),
          replyTo: mail.replyTo,
          // Every mail Paraaf sends is automatic: out-of-office replies must not answer it (RFC
          // 3834; the second header is Exchange's own switch).
          headers: { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' },
          subject: content.subject,
          html: content.html,
          text: content.text,
          attachments: await readAttachments({ db, storage, rows }, mail.attachments),
        }),
      );
      if (outcome === 'rejected') {
        mailsSent.inc({ result: 'rejected' });
        await markUndeliverable(db, rows, mail.id, mail.signerId);
        return;
      }
      mailsSent.inc({ result: 'sent' });
      // The body may hold links with tokens; once it has left, it is not kept at rest.
      await db
        .update(mails)
        .set({ sentAt: new Date(), html: null, text: null })
        .where(eq(mails.id, mailId));
    } else {
      // The outbox (/dev/mailbox) keeps the mail as it left.
      const { subject, html, text } = content;
      await db
        .update(mails)
        .set({ sentAt: new Date(), subject, html, text })
        .where(eq(mails.id, mailId));
      mailsSent.inc({ result: 'sent' });
    }
  },
};

/** A send that throws is a failed attempt (retried by the queue): counted, then thrown on. */
async function countFailure<T>(sending: Promise<T>): Promise<T> {
  try {
    return await sending;
  } catch (error) {
    mailsSent.inc({ result: 'failed' });
    throw error;
  }
}

/** The subject and body of a mail rendered from its rows at send time. */
async function renderBody(db: Db, rows: MailRows, source: MailBodySource): Promise<MailContent> {
  switch (source.kind) {
    case 'invoice':
      return rows.renderInvoiceMail(db, source);
  }
}

/**
 * The attached files, read from storage or generated from their rows now (a file already purged
 * is left out).
 */
async function readAttachments(
  { db, storage, rows }: Pick<MailDeps, 'db' | 'storage' | 'rows'>,
  list: MailAttachment[] | null,
): Promise<MailFile[]> {
  if (!list?.length) return [];
  const out: MailFile[] = [];
  for (const a of list) {
    if (a.kind === 'invoice') {
      const pdf = await rows.invoicePdf(db, a.invoiceId);
      if (!pdf) throw new Error(`mail attaches invoice ${a.invoiceId}, which does not exist`);
      out.push({ filename: a.filename, content: pdf.content, contentType: 'application/pdf' });
      continue;
    }
    if (!storage) throw new Error('mail has attachments but no storage is configured');
    try {
      const content = await storage.get(a.storageKey);
      out.push({ filename: a.filename, content, contentType: 'application/pdf' });
    } catch (error) {
      if ((error as { code?: string }).code !== 'ENOENT') throw error;
    }
  }
  return out;
}

/**
 * The server refused the recipient: the mail is marked failed (its body, which may hold a link
 * token, is dropped) and a signer it was meant for gets state 40 'Kan geen melding versturen'
 * (its request too once no signer can act), so the sender sees it and can correct the address.
 */
async function markUndeliverable(
  db: Db,
  rows: MailRows,
  mailId: number,
  signerId: number | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(mails)
      .set({ failedAt: new Date(), error: 'recipient rejected', html: null, text: null })
      .where(eq(mails.id, mailId));
    if (signerId !== null) await rows.markSignerUnreachable(tx, signerId, new Date());
  });
}

/** Stable per mail row, so a resend after a crash is recognisably the same message. */
function messageIdOf(id: number, createdAt: Date, from: string): string {
  const domain = addressOf(from).split('@')[1] ?? 'paraaf.local';
  return `<mail-${id}.${createdAt.getTime().toString(36)}@${domain}>`;
}

/** The display name of MAIL_FROM ('Paraaf <no-reply@paraaf.nl>' → 'Paraaf'), null without one. */
function nameOf(from: string): string | null {
  const match = /^\s*"?([^"<]*?)"?\s*</.exec(from);
  return match?.[1] ? match[1] : null;
}

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
  options: {
    signerId?: number;
    /** The request the mail is about: the GDPR purge scrubs its body, address and files. */
    signRequestId?: number;
    attachments?: MailAttachment[];
    /** Rows the subject and body are rendered from again when the mail leaves. */
    bodySource?: MailBodySource;
    priority?: MailPriority;
    replyTo?: string | null;
    /**
     * Writes the caller makes with the mail (data-modifying CTEs: the signer's new state, its
     * link, the audit row), run in the mail's own statement.
     */
    alongWith?: WithSubquery[];
  } = {},
): Promise<void> {
  const [row] = await tx
    .with(...(options.alongWith ?? []))
    .insert(mails)
    .values({
      to,
      subject: content.subject,
      html: content.html,
      text: content.text,
      fromName: fromName ?? null,
      replyTo: options.replyTo ?? null,
      signerId: options.signerId ?? null,
      signRequestId: options.signRequestId ?? null,
      attachments: options.attachments?.length ? options.attachments : null,
      bodySource: options.bodySource ?? null,
    })
    .returning({ id: mails.id });
  await queue.enqueue(
    tx,
    sendMailJob.name,
    { mailId: row!.id },
    { priority: MAIL_PRIORITY[options.priority ?? 'bulk'] },
  );
}
