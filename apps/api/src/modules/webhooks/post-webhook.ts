import http from 'node:http';
import https from 'node:https';
import { checkWebhookUrl, pinnedLookup, WebhookUrlError, type GuardOptions } from './ssrf.ts';

/** A receiver gets this long for the whole attempt (connect, send, answer). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** At most this much of an answer is read; the rest is not waited for. */
export const RESPONSE_READ_CAP = 64 * 1024;
/** At most this much of what was read is kept as the attempt's message. */
export const MESSAGE_CAP = 2000;

export interface AttemptResult {
  /** 2xx: delivered. A 3xx is not followed and not delivered (the body never reached its goal). */
  delivered: boolean;
  statusCode: number | null;
  message: string;
  durationMs: number;
}

/**
 * POSTs one signed message: the URL is checked again now (its DNS may have changed since it
 * was saved) and the connection goes to the checked address. Never throws: a refused address,
 * a timeout or a connection error is an attempt without a status.
 */
export async function postWebhook(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  guard: GuardOptions & { timeoutMs?: number },
): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let checked: Awaited<ReturnType<typeof checkWebhookUrl>>;
  try {
    checked = await checkWebhookUrl(rawUrl, guard);
  } catch (error) {
    const message =
      error instanceof WebhookUrlError ? `${error.message} (${error.detail})` : String(error);
    return { delivered: false, statusCode: null, message, durationMs: elapsed() };
  }
  const { url, target } = checked;
  const client = url.protocol === 'https:' ? https : http;
  const timeoutMs = guard.timeoutMs ?? WEBHOOK_TIMEOUT_MS;

  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<AttemptResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, message: result.message.slice(0, MESSAGE_CAP), durationMs: elapsed() });
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Paraaf-Webhooks/1.0',
        },
        lookup: pinnedLookup(target),
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const text = Buffer.concat(chunks).subarray(0, RESPONSE_READ_CAP).toString('utf8');
          const redirect = status >= 300 && status < 400;
          finish({
            delivered: status >= 200 && status < 300,
            statusCode: status,
            message: redirect
              ? `Doorverwijzing niet gevolgd (niet afgeleverd): ${response.headers.location ?? ''}`
              : text,
          });
          response.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_READ_CAP) done();
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish({
        delivered: false,
        statusCode: null,
        message: `Geen antwoord binnen ${timeoutMs / 1000} s (timeout)`,
      });
      request.destroy();
    }, timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => {
      finish({
        delivered: false,
        statusCode: null,
        message: `Verbinding mislukt: ${error.code ?? ''} ${error.message}`.trim(),
      });
    });
    request.end(body);
  });
}
