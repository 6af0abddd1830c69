import type { z } from 'zod';

/** Statuses a route documents with its own answer: successes, redirects, a route's own error body. */
export type AnswerStatus = 200 | 201 | 202 | 204 | 206 | 302 | 303 | 400 | 410 | 503;
/** Error statuses; each is a shared component (`components.responses`, see components.ts). */
export type ErrorStatus =
  400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 416 | 422 | 429 | 503;

/** An answer: JSON described by a contract schema, a file (or page) of media types, or no body. */
export type Answer = z.ZodType | { file: string[] } | null;

/**
 * The documentation of one route, declared beside it as `config: { openapi: doc({...}) }`.
 * It documents (and `auth: 'session'` refuses API keys): the route still parses its input with
 * `parseInput` (Dutch 422s) and its path parameters with lib/path-params.ts; nothing here makes
 * Fastify validate anything.
 */
export interface RouteDoc {
  summary: string;
  description?: string;
  tags: [string, ...string[]];
  /**
   * Who may call it, documented (OpenAPI `security`) and enforced (app.ts: an API key on a
   * `session` route is a 403 before the handler runs). `bearer` (default): a session token or
   * an API key (`pk_…`); `session`: a session token only — users, billing, company settings,
   * API keys, the back office and the user's own password, two-factor and e-mail; `public`: no
   * token.
   */
  auth?: 'bearer' | 'session' | 'public';
  /** Path parameters, when the route's own `schema.params` does not say enough. */
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON body. */
  body?: z.ZodType;
  /** A form body: its fields, a file as `z.file()`; multipart/form-data unless `formType` says. */
  form?: z.ZodObject;
  formType?: 'multipart/form-data' | 'application/x-www-form-urlencoded';
  /** A body of raw bytes of this media type (the TSA's `application/timestamp-query`). */
  binaryBody?: string;
  response: Partial<Record<AnswerStatus, Answer>>;
  /**
   * Error answers besides the ones every route gets: 401 and 429 (an API key's rate limit) on a
   * bearer route, 422 on a route with a query, body or form.
   */
  errors?: ErrorStatus[];
  /**
   * Realistic values (Dutch data): the body or form sent, and the JSON success answer. Left
   * out, they are the first `examples` of the schemas' `.meta()` in the contract (the usual
   * place: one example per shape, reused wherever the shape is).
   */
  example?: { body?: unknown; response?: unknown };
}

/** Declares a route's documentation (typed where it is written). */
export function doc(spec: RouteDoc): RouteDoc {
  return spec;
}

/**
 * Marks a success answer as a file of one of these media types:
 * `response: { 200: file('application/pdf') }`, `file('image/png', 'image/jpeg')`.
 */
export function file(...mediaTypes: [string, ...string[]]): { file: string[] } {
  return { file: mediaTypes };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's OpenAPI documentation (lib/openapi). */
    openapi?: RouteDoc;
  }
}
