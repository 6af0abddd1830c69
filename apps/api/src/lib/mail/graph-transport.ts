import type { MicrosoftConfig } from '../../config/env.ts';
import { MicrosoftTokenClient } from '../microsoft/token-client.ts';
import type { MailFile, MailTransport, OutgoingMail, SendOutcome } from './transport.ts';

export interface GraphTransportOptions {
  microsoft: MicrosoftConfig;
  /** The tenant whose administrator consented (the newest in office_tenants); null: none yet. */
  tenant: () => Promise<string | null>;
  tokens?: MicrosoftTokenClient;
}

/** Graph refuses the recipient for good with these codes; anything else is retried. */
const recipientRefusals = new Set([
  'ErrorInvalidRecipients',
  'ErrorInvalidRecipientsRecipientType',
]);

/**
 * Graph takes about 4 MB per request, base64 attachments included (a third larger than the
 * files). Mails whose files pass this go as a draft with upload sessions instead of one sendMail.
 */
export const inlineAttachmentBytes = 2_500_000;
/** Files of 3 MB and more must be uploaded in a session, in chunks of a multiple of 320 KiB. */
const uploadSessionFromBytes = 3 * 1024 * 1024;
const uploadChunkBytes = 320 * 1024 * 8;

class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`Graph ${message} failed: ${status} ${code}`.trim());
  }
}

/**
 * Sends through Microsoft Graph with an application token of the consented tenant (client
 * credentials, Mail.Send), as MAIL_FROM's mailbox:
 * - `POST {graphUrl}/v1.0/users/{sender}/sendMail`: the message as JSON, attachments as
 *   fileAttachment (base64), not kept in Sent Items;
 * - with more than ~2.5 MB of files: a draft (`POST …/messages`), each file added to it (small
 *   ones as fileAttachment, from 3 MB through an upload session in chunks), then `…/send`.
 * Graph accepts only custom `X-` headers, so Auto-Submitted is left out (X-Auto-Response-Suppress
 * stays).
 */
export function createGraphTransport(options: GraphTransportOptions): MailTransport {
  const ms = options.microsoft;
  const tokens = options.tokens ?? new MicrosoftTokenClient(ms);
  return {
    name: 'graph',
    async send(mail: OutgoingMail): Promise<SendOutcome> {
      const tenant = await options.tenant();
      if (!tenant)
        throw new Error('MAIL_TRANSPORT=graph but no Microsoft 365 tenant has consented');
      const token = await tokens.accessToken(tenant);
      const mailbox = `${ms.graphUrl}/v1.0/users/${encodeURIComponent(mail.from.address)}`;
      const graph = async <T>(what: string, url: string, body: unknown): Promise<T | null> => {
        const response = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(60_000),
        });
        if (response.ok) {
          return response.status === 202 || response.status === 204
            ? (await response.body?.cancel(), null)
            : ((await response.json()) as T);
        }
        const error = (await response.json().catch(() => null)) as {
          error?: { code?: string };
        } | null;
        throw new GraphError(response.status, error?.error?.code ?? '', what);
      };
      try {
        const size = mail.attachments.reduce((sum, file) => sum + file.content.length, 0);
        if (size <= inlineAttachmentBytes) {
          await graph('sendMail', `${mailbox}/sendMail`, graphSendMailBody(mail));
          return 'sent';
        }
        const { message } = graphSendMailBody({ ...mail, attachments: [] });
        const draft = await graph<{ id: string }>('draft', `${mailbox}/messages`, message);
        const messageUrl = `${mailbox}/messages/${encodeURIComponent(draft!.id)}`;
        for (const file of mail.attachments) {
          if (file.content.length < uploadSessionFromBytes) {
            await graph('attachment', `${messageUrl}/attachments`, fileAttachment(file));
            continue;
          }
          const session = await graph<{ uploadUrl: string }>(
            'upload session',
            `${messageUrl}/attachments/createUploadSession`,
            {
              AttachmentItem: {
                attachmentType: 'file',
                name: file.filename,
                size: file.content.length,
                contentType: file.contentType,
              },
            },
          );
          await uploadInChunks(session!.uploadUrl, file.content);
        }
        await graph('send', `${messageUrl}/send`, {});
        return 'sent';
      } catch (error) {
        if (!(error instanceof GraphError)) throw error;
        if (error.status === 400 && recipientRefusals.has(error.code)) return 'rejected';
        if (error.status === 401) tokens.forget(tenant);
        throw error;
      }
    },
    close() {},
  };
}

/** PUTs the file to the session's URL (which carries its own authorisation) chunk by chunk. */
async function uploadInChunks(uploadUrl: string, content: Buffer): Promise<void> {
  for (let start = 0; start < content.length; start += uploadChunkBytes) {
    const chunk = content.subarray(start, Math.min(start + uploadChunkBytes, content.length));
    const response = await fetch(uploadUrl, {
      method: 'PUT',
      headers: {
        'content-type': 'application/octet-stream',
        'content-range': `bytes ${start}-${start + chunk.length - 1}/${content.length}`,
      },
      body: chunk,
      signal: AbortSignal.timeout(60_000),
    });
    await response.body?.cancel();
    if (!response.ok) throw new GraphError(response.status, '', 'attachment upload');
  }
}

function fileAttachment(file: MailFile) {
  return {
    '@odata.type': '#microsoft.graph.fileAttachment',
    name: file.filename,
    contentType: file.contentType,
    contentBytes: file.content.toString('base64'),
  };
}

/** The sendMail request body (Graph's message resource; not kept in Sent Items). */
export function graphSendMailBody(mail: OutgoingMail) {
  const address = (value: string, name?: string | null) => ({
    emailAddress: name ? { name, address: value } : { address: value },
  });
  return {
    message: {
      subject: mail.subject,
      body:
        mail.html !== null
          ? { contentType: 'HTML', content: mail.html }
          : { contentType: 'Text', content: mail.text ?? '' },
      from: address(mail.from.address, mail.from.name),
      toRecipients: [address(mail.to)],
      replyTo: mail.replyTo ? [address(mail.replyTo)] : [],
      internetMessageHeaders: Object.entries(mail.headers)
        .filter(([name]) => /^x-/i.test(name))
        .map(([name, value]) => ({ name, value })),
      attachments: mail.attachments.map(fileAttachment),
    },
    saveToSentItems: false,
  };
}
