import nodemailer, { type Transporter } from 'nodemailer';
import type { MailTransport, OutgoingMail, SendOutcome } from './transport.ts';

/** SMTP connections kept open per process; the send-mail queue runs more mails than that at once. */
const SMTP_CONNECTIONS = 5;

/**
 * A pooled SMTP transport: mails reuse open connections (no handshake per mail), at most
 * SMTP_CONNECTIONS at once; sends beyond that wait in the pool. Settings in the URL win.
 */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  return smtpTransport(
    nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: SMTP_CONNECTIONS }),
  );
}

/** The MailTransport over a nodemailer transporter (tests pass their own). */
export function smtpTransport(transporter: Transporter): MailTransport {
  return {
    name: 'smtp',
    async send(mail: OutgoingMail): Promise<SendOutcome> {
      try {
        const info = (await transporter.sendMail({
          from: mail.from.name
            ? { name: mail.from.name, address: mail.from.address }
            : mail.from.address,
          to: mail.to,
          messageId: mail.messageId,
          replyTo: mail.replyTo ?? undefined,
          headers: mail.headers,
          subject: mail.subject,
          html: mail.html ?? undefined,
          text: mail.text ?? undefined,
          attachments: mail.attachments.length ? mail.attachments : undefined,
        })) as { rejected?: unknown[] };
        return isRejected(info.rejected, mail.to) ? 'rejected' : 'sent';
      } catch (error) {
        // A permanent refusal (5xx) will not change on a retry: record it and stop.
        if (isPermanentFailure(error, mail.to)) return 'rejected';
        throw error;
      }
    },
    close() {
      transporter.close();
    },
  };
}

function isRejected(list: unknown[] | undefined, to: string): boolean {
  const address = to.toLowerCase();
  return (list ?? []).some((a) => {
    const value = typeof a === 'string' ? a : (a as { address?: string })?.address;
    return typeof value === 'string' && value.toLowerCase() === address;
  });
}

function isPermanentFailure(error: unknown, to: string): boolean {
  const e = error as { responseCode?: number; rejected?: unknown[] };
  return (
    (typeof e?.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600) ||
    isRejected(e?.rejected, to)
  );
}
