import { randomUUID } from 'node:crypto';
import { SmsSendError, type SmsMessage, type SmsSender } from './sms-sender.ts';

export interface CmOptions {
  productToken: string;
  /** https://gw.cmtelecom.com/v1.0/message in production; a local server in tests. */
  url: string;
  timeoutMs?: number;
}

interface CmResponse {
  details?: string;
  errorCode?: number;
  messages?: { to?: string; status?: string; reference?: string; messageErrorCode?: number }[];
}

/**
 * CM.com's business messaging JSON API (one message per call). CM identifies a message by the
 * reference we give it, so that reference is the provider message id. The body holds a code:
 * it appears in no error message and no log line.
 */
export class CmSmsSender implements SmsSender {
  readonly name = 'cm';
  private readonly timeoutMs: number;

  constructor(private readonly options: CmOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  async send(message: SmsMessage): Promise<{ providerMessageId: string }> {
    const reference = (message.reference ?? randomUUID()).slice(0, 32);
    const payload = {
      messages: {
        authentication: { producttoken: this.options.productToken },
        msg: [
          {
            from: message.sender,
            // CM wants 00-prefixed international numbers.
            to: [{ number: message.to.replace(/^\+/, '00') }],
            body: { type: 'auto', content: message.body },
            reference,
            minimumNumberOfMessageParts: 1,
            maximumNumberOfMessageParts: 3,
          },
        ],
      },
    };
    let response: Response;
    try {
      response = await fetch(this.options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const name = (error as { name?: string })?.name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new SmsSendError(`CM: no answer within ${this.timeoutMs} ms`, false);
      }
      throw new SmsSendError(`CM: connection failed (${(error as Error).message})`, false);
    }
    const text = await response.text().catch(() => '');
    let body: CmResponse = {};
    try {
      body = JSON.parse(text) as CmResponse;
    } catch {
      // Not JSON (a proxy's error page): the status says enough.
    }
    const detail = describe(body);
    if (response.status >= 500) {
      throw new SmsSendError(`CM: server error ${response.status}${detail}`, false);
    }
    if (!response.ok || (body.errorCode ?? 0) !== 0) {
      // 4xx: bad token, bad number, insufficient balance — the same request will fail again.
      throw new SmsSendError(`CM: refused (${response.status})${detail}`, true);
    }
    const accepted = body.messages?.[0];
    if (accepted && (accepted.messageErrorCode ?? 0) !== 0) {
      throw new SmsSendError(`CM: message refused${detail}`, true);
    }
    return { providerMessageId: accepted?.reference ?? reference };
  }
}

function describe(body: CmResponse): string {
  const parts = [
    body.errorCode !== undefined ? `errorCode ${body.errorCode}` : null,
    body.details ? body.details.slice(0, 200) : null,
  ].filter(Boolean);
  return parts.length ? `: ${parts.join(', ')}` : '';
}
