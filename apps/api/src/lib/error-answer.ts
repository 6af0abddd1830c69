import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { inputMessages, messages, requestMessages } from '@paraaf/contract';
import { AppError, NotFoundError, TooManyRequestsError, ValidationError } from './errors.ts';

/**
 * The one error handler: every error answer the server gives is made here, in Dutch — our own
 * typed errors, schema failures, the web framework's refusals (its `FST_ERR_*` codes: body too
 * large, unsupported media type, bad JSON, a path too long or badly encoded, a handler timeout)
 * and Node's HTTP parser's (headers or URL too large, a request that is too slow or unreadable).
 * app.ts uses it as Fastify's error handler and `frameworkErrors`, and for `clientError`.
 */
export interface ErrorAnswer {
  statusCode: number;
  body: { message: string; errors?: Record<string, string[]> };
  headers?: Record<string, string>;
  /** A server fault: logged with its stack. */
  isServerFault: boolean;
}

/** The framework's and Node's own refusals by their code: status and Dutch text. */
const byCode: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, requestMessages.bodyTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, requestMessages.mediaType],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, requestMessages.invalidJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, requestMessages.invalidJson],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, requestMessages.contentLength],
  FST_ERR_BAD_URL: [400, requestMessages.badUrl],
  FST_ERR_INVALID_URL: [400, requestMessages.badUrl],
  FST_ERR_MAX_PARAM_LENGTH: [414, requestMessages.uriTooLong],
  FST_ERR_HANDLER_TIMEOUT: [503, requestMessages.timeout],
  FST_ERR_NOT_FOUND: [404, messages.notFound],
  FST_ERR_ASYNC_CONSTRAINT: [500, messages.serverError],
  // Node's HTTP server (clientError): the request line and headers share one size limit.
  HPE_HEADER_OVERFLOW: [431, requestMessages.headersTooLarge],
  ERR_HTTP_REQUEST_TIMEOUT: [408, requestMessages.timeout],
};

function answer(statusCode: number, message: string): ErrorAnswer {
  return { statusCode, body: { message }, isServerFault: statusCode >= 500 };
}

export function errorAnswer(error: unknown): ErrorAnswer {
  if (error instanceof ValidationError) {
    return {
      statusCode: 422,
      body: { message: error.message, errors: error.errors },
      isServerFault: false,
    };
  }
  if (error instanceof TooManyRequestsError) {
    return {
      ...answer(429, error.message),
      headers: { 'retry-after': String(error.retryAfterSeconds) },
    };
  }
  if (error instanceof AppError) return answer(error.statusCode, error.message);
  const e = (error ?? {}) as Partial<FastifyError>;
  if (e.validation) {
    // A route schema's failure. Path parameters are parsed before (lib/path-params.ts); one
    // that still fails names nothing that exists. Query or body: the 422 of parseInput.
    if (e.validationContext === 'params') return answer(404, new NotFoundError().message);
    const errors: Record<string, string[]> = {};
    for (const v of e.validation) {
      const missing = v.params?.missingProperty;
      const pointer = `${v.instancePath}${typeof missing === 'string' ? `/${missing}` : ''}`;
      if (!pointer) continue;
      const key = pointer.replace(/^\//, '').replaceAll('/', '.');
      errors[key] = [typeof missing === 'string' ? messages.required : inputMessages.invalid];
    }
    return {
      statusCode: 422,
      body: { message: messages.invalidInput, errors },
      isServerFault: false,
    };
  }
  const known = typeof e.code === 'string' ? byCode[e.code] : undefined;
  if (known) return answer(...known);
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    // Another refusal of input the framework or a plugin made (a poisoned JSON key, …).
    return answer(e.statusCode, messages.invalidInput);
  }
  return answer(500, messages.serverError);
}

/** Sends the answer for an error through Fastify (the error handler and `frameworkErrors`). */
export function sendErrorAnswer(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const { statusCode, body, headers, isServerFault } = errorAnswer(error);
  if (isServerFault) request.log.error({ err: error }, 'unhandled error');
  return reply
    .code(statusCode)
    .headers(headers ?? {})
    .type('application/json; charset=utf-8')
    .send(body);
}

/**
 * Node's `clientError`: a request its parser refused (headers or URL over the limit, a request
 * too slow, unreadable bytes) never reaches Fastify, so the answer is written to the socket here,
 * in Dutch, and the connection is closed. Nothing of the request is logged (its URL may hold
 * what someone searched for).
 */
export function writeClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection or a socket already gone has no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = typeof error.code === 'string' ? byCode[error.code] : undefined;
  const [statusCode, message] = known ?? [400, requestMessages.unreadable];
  if (socket.writable) {
    const body = JSON.stringify({ message });
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}
