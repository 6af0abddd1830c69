/**
 * How a mail leaves Paraaf: one interface, two implementations (smtp-transport.ts,
 * graph-transport.ts), chosen by create-mail-transport.ts from MAIL_TRANSPORT.
 */
export interface OutgoingMail {
  from: { name: string | null; address: string };
  to: string;
  /** Stable per mail row, so a resend after a crash is recognisably the same message. */
  messageId: string;
  replyTo: string | null;
  /** Every mail Paraaf sends is automatic (RFC 3834 and Exchange's own switch). */
  headers: Record<string, string>;
  subject: string;
  html: string | null;
  text: string | null;
  attachments: MailFile[];
}

export interface MailFile {
  filename: string;
  content: Buffer;
  contentType: string;
}

/**
 * 'sent': the server took it. 'rejected': the server refused the recipient for good (a retry
 * would not help). Anything passing (a network error, a busy server) is thrown: the job retries.
 */
export type SendOutcome = 'sent' | 'rejected';

export interface MailTransport {
  readonly name: 'smtp' | 'graph';
  send(mail: OutgoingMail): Promise<SendOutcome>;
  /** Closes pooled connections once the mails in hand are sent. */
  close(): void;
}
