import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { messages, requestMessages } from '@paraaf/contract';
import { errorAnswer, writeClientError } from './error-answer.ts';
import { ConflictError, TooManyRequestsError, ValidationError } from './errors.ts';

/** An error as Fastify or Node makes it: a code and an English message. */
const framework = (code: string, statusCode: number | undefined, message = 'English text') =>
  Object.assign(new Error(message), { code, statusCode });

describe('errorAnswer: every error answer in Dutch', () => {
  const cases: [string, Error, number, string][] = [
    [
      'body too large',
      framework('FST_ERR_CTP_BODY_TOO_LARGE', 413),
      413,
      requestMessages.bodyTooLarge,
    ],
    [
      'media type',
      framework('FST_ERR_CTP_INVALID_MEDIA_TYPE', 415),
      415,
      requestMessages.mediaType,
    ],
    ['bad JSON', framework('FST_ERR_CTP_INVALID_JSON_BODY', 400), 400, requestMessages.invalidJson],
    ['empty JSON', framework('FST_ERR_CTP_EMPTY_JSON_BODY', 400), 400, requestMessages.invalidJson],
    [
      'content length',
      framework('FST_ERR_CTP_INVALID_CONTENT_LENGTH', 400),
      400,
      requestMessages.contentLength,
    ],
    ['bad URL', framework('FST_ERR_BAD_URL', 400), 400, requestMessages.badUrl],
    [
      'parameter too long',
      framework('FST_ERR_MAX_PARAM_LENGTH', 414),
      414,
      requestMessages.uriTooLong,
    ],
    ['handler timeout', framework('FST_ERR_HANDLER_TIMEOUT', 503), 503, requestMessages.timeout],
    ['not found', framework('FST_ERR_NOT_FOUND', 404), 404, messages.notFound],
    [
      'poisoned key',
      framework('FST_ERR_UNKNOWN', 400, 'Object contains forbidden prototype property'),
      400,
      messages.invalidInput,
    ],
    [
      'headers too large',
      framework('HPE_HEADER_OVERFLOW', undefined),
      431,
      requestMessages.headersTooLarge,
    ],
    [
      'request timeout',
      framework('ERR_HTTP_REQUEST_TIMEOUT', undefined),
      408,
      requestMessages.timeout,
    ],
    ['a bug', new TypeError('x is undefined'), 500, messages.serverError],
    ['our conflict', new ConflictError('Al verstuurd'), 409, 'Al verstuurd'],
  ];
  for (const [what, error, status, message] of cases) {
    it(`${what}: ${status} '${message}'`, () => {
      const answer = errorAnswer(error);
      expect(answer.statusCode).toBe(status);
      expect(answer.body).toEqual({ message });
      expect(answer.isServerFault).toBe(status >= 500);
    });
  }

  it('keeps the field list of a 422 and the Retry-After of a 429', () => {
    expect(errorAnswer(ValidationError.field('name', messages.required))).toMatchObject({
      statusCode: 422,
      body: { errors: { name: [messages.required] } },
    });
    expect(errorAnswer(new TooManyRequestsError(30))).toMatchObject({
      statusCode: 429,
      headers: { 'retry-after': '30' },
    });
  });
});

/** A raw HTTP/1.1 exchange: what the server wrote before it closed the connection. */
function exchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
  });
}

describe("writeClientError: Node's parser's refusals in Dutch", () => {
  it('answers a request that does not arrive in time with a Dutch 408', async () => {
    // Node's own request timeout, shortened so the test need not wait five minutes.
    const server = http.createServer({ requestTimeout: 100, connectionsCheckingInterval: 20 });
    server.on('clientError', writeClientError);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      // The headers never end: the server gives up and says so.
      const answer = await exchange(port, 'GET /api/health HTTP/1.1\r\nHost: paraaf.test\r\n');
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer).toContain('application/json; charset=utf-8');
      expect(answer.split('\r\n\r\n')[1]).toBe(
        JSON.stringify({ message: requestMessages.timeout }),
      );
    } finally {
      server.close();
    }
  });

  it('is the handler of a Fastify app built with it: unreadable bytes are a Dutch 400', async () => {
    const app = Fastify({ clientErrorHandler: writeClientError });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const answer = await exchange(port, 'DIT IS GEEN HTTP\r\n\r\n');
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer.split('\r\n\r\n')[1]).toBe(
        JSON.stringify({ message: requestMessages.unreadable }),
      );
    } finally {
      await app.close();
    }
  });
});
