import type { MicrosoftConfig } from '../../config/env.ts';
import { MicrosoftTokenClient } from '../microsoft/token-client.ts';
import type { MailTransport, OutgoingMail, SendOutcome } from './transport.ts';

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
 * Sends through Microsoft Graph: `POST {graphUrl}/v1.0/users/{MAIL_FROM address}/sendMail` with
 * an application token of the consented tenant (client credentials, Mail.Send), the message as
 * JSON and attachments as fileAttachment (base64). Graph accepts only custom `X-` headers, so
 * Auto-Submitted is left out (X-Auto-Response-Suppress stays); the request is limited to about
 * 4 MB by Graph.
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
      const response = await fetch(
        `${ms.graphUrl}/v1.0/users/${encodeURIComponent(mail.from.address)}/sendMail`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(graphSendMailBody(mail)),
          signal: AbortSignal.timeout(60_000),
        },
      );
      if (response.status === 202 || response.ok) {
        await response.body?.cancel();
        return 'sent';
      }
      const body = (await response.json().catch(() => null)) as {
        error?: { code?: string; message?: string };
      } | null;
      const code = body?.error?.code ?? '';
      if (response.status === 400 && recipientRefusals.has(code)) return 'rejected';
      if (response.status === 401) tokens.forget(tenant);
      throw new Error(
        `Graph sendMail failed: ${response.status} ${code} ${body?.error?.message ?? ''}`.trim(),
      );
    },
    close() {},
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
      attachments: mail.attachments.map((file) => ({
        '@odata.type': '#microsoft.graph.fileAttachment',
        name: file.filename,
        contentType: file.contentType,
        contentBytes: file.content.toString('base64'),
      })),
    },
    saveToSentItems: false,
  };
}
