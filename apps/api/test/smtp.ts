import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';

export interface CaughtMail {
  to: string;
  from: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  replyTo: string;
  /** Header values by lower-case name, as text. */
  headers: Record<string, string>;
  /** The attached files as received. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

/** A real SMTP server in the test process: mails arrive over TCP exactly as in production. */
export async function startSmtpCatcher(options: { rejectRecipients?: string[] } = {}) {
  const mails: CaughtMail[] = [];
  /** Milliseconds each message takes to be accepted, as a remote server's latency would. */
  const latency = { ms: 0 };
  /** Messages being received at this moment, and the most ever received at once. */
  const load = { current: 0, max: 0 };
  /** Addresses refused at RCPT TO with 550, as a mail server does for an unknown mailbox. */
  const rejectRecipients = [...(options.rejectRecipients ?? [])];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (rejectRecipients.includes(address.address.toLowerCase())) {
        const error = new Error('5.1.1 Mailbox does not exist') as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      load.current += 1;
      load.max = Math.max(load.max, load.current);
      simpleParser(stream)
        .then(async (parsed) => {
          if (latency.ms) await new Promise((r) => setTimeout(r, latency.ms));
          return parsed;
        })
        .finally(() => (load.current -= 1))
        .then(
          (parsed) => {
            const to = Array.isArray(parsed.to)
              ? parsed.to.map((a) => a.text).join(', ')
              : (parsed.to?.text ?? '');
            mails.push({
              to,
              from: parsed.from?.text ?? '',
              replyTo: parsed.replyTo?.text ?? '',
              headers: Object.fromEntries(
                [...parsed.headers].map(([k, v]) => [
                  k,
                  typeof v === 'string' ? v : JSON.stringify(v),
                ]),
              ),
              subject: parsed.subject ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              text: parsed.text ?? '',
              messageId: parsed.messageId ?? '',
              attachments: parsed.attachments.map((a) => ({
                filename: a.filename ?? '',
                contentType: a.contentType,
                content: a.content,
              })),
            });
            for (const w of waiters.splice(0)) w();
            callback();
          },
          (error: Error) => callback(error),
        );
    },
  });
  // A client gone in the middle of a message (a process killed by a crash test) is reported as
  // an 'error' event; like a real mail server, the catcher drops that message and goes on.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  /** Waits until a mail to `to` matching `subject` arrives (default 10 s) and returns it. */
  async function waitForMail(
    to: string,
    subject?: RegExp,
    timeoutMs = 10_000,
  ): Promise<CaughtMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = mails.find((m) => m.to.includes(to) && (!subject || subject.test(m.subject)));
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `no mail to ${to} ${subject ? `matching ${subject}` : ''} within ${timeoutMs} ms`,
        );
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, Math.min(left, 200));
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    rejectRecipients,
    load,
    latency,
    waitForMail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;

/** The first link in a mail that contains `path`. */
export function linkFrom(mail: CaughtMail, path: string): string {
  const match = new RegExp(`https?://[^\\s"'<>]*${path}[^\\s"'<>]*`).exec(mail.html || mail.text);
  if (!match) throw new Error(`no link with ${path} in mail "${mail.subject}"`);
  return match[0].replaceAll('&amp;', '&');
}
