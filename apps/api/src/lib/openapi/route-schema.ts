import { z } from 'zod';
import { firstExample } from '@paraaf/contract';
import type { Answer, AnswerStatus, ErrorStatus, RouteDoc } from './route-doc.ts';

type JsonSchema = Record<string, unknown>;

/**
 * A contract schema as JSON Schema 2020-12 (the dialect of OpenAPI 3.1): what a client may send
 * (`input`: before defaults and transforms) or what the server answers (`output`: objects
 * closed with `additionalProperties: false`, so a field the document does not name fails the
 * response test).
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    // A transform's output or a coerced date has no JSON Schema: described as any value.
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

const answerText: Record<AnswerStatus, string> = {
  200: 'Gelukt',
  201: 'Aangemaakt',
  202: 'Aangenomen, nog een stap nodig',
  204: 'Gelukt, zonder inhoud',
  206: 'Een deel van het bestand (de gevraagde Range)',
  302: 'Doorverwijzing (Location)',
  303: 'Doorverwijzing (Location)',
  400: 'Onbekende of verlopen sessie',
  410: 'Niet meer beschikbaar: de link is niet meer geldig of de documenten zijn verwijderd',
  503: 'Niet beschikbaar: een controle is mislukt',
};

function answerSchema(status: AnswerStatus, answer: Answer, example: unknown): JsonSchema {
  const description = answerText[status];
  if (answer === null) return { type: 'null', description };
  if ('file' in answer) {
    return {
      description,
      content: Object.fromEntries(
        answer.file.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
      ),
    };
  }
  return {
    description,
    content: {
      'application/json': {
        schema: jsonSchemaOf(answer, 'output'),
        ...(example === undefined ? {} : { example }),
      },
    },
  };
}

/** The error statuses of a route: its own, plus 401 and 429 (bearer) and 422 (any input). */
export function errorStatuses(d: RouteDoc): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(d.errors ?? []);
  // A bearer route is refused without a valid token, and an API key past its rate limit.
  if (d.auth !== 'public') {
    statuses.add(401);
    statuses.add(429);
  }
  if (d.auth === 'session') statuses.add(403);
  if (d.query || d.body || d.form) statuses.add(422);
  if (d.binaryBody) statuses.add(415);
  return [...statuses].sort((a, b) => a - b);
}

/** Said in the description of every route an API key may not call. */
export const NO_API_KEY = 'Niet met een API-sleutel: alleen met een sessietoken (anders 403).';

/** A session token (`bearerAuth`), or also an API key (`apiKeyAuth`), or nothing. */
function securityOf(d: RouteDoc): Record<string, string[]>[] {
  if (d.auth === 'public') return [];
  if (d.auth === 'session') return [{ bearerAuth: [] }];
  return [{ bearerAuth: [] }, { apiKeyAuth: [] }];
}

/** Marks the error statuses of an operation; `withErrorResponses` turns them into `$ref`s. */
export const ERRORS_KEY = 'x-paraaf-errors';

/**
 * The route schema @fastify/swagger documents for a route's `config.openapi`. It is handed to
 * the swagger `transform` hook only: Fastify never compiles it, so it validates nothing.
 * `routeParams` is the route's own `schema.params` (the `idParams` of lib/path-params.ts).
 */
export function routeSchemaOf(d: RouteDoc, routeParams: unknown): JsonSchema {
  const schema: JsonSchema = {
    summary: d.summary,
    tags: d.tags,
    security: securityOf(d),
    [ERRORS_KEY]: errorStatuses(d),
  };
  const description = [d.description, d.auth === 'session' ? NO_API_KEY : undefined]
    .filter(Boolean)
    .join('\n\n');
  if (description) schema.description = description;
  if (d.params) schema.params = jsonSchemaOf(d.params, 'input');
  else if (routeParams) schema.params = routeParams;
  if (d.query) schema.querystring = jsonSchemaOf(d.query, 'input');
  const input = d.body ?? d.form;
  const bodyExample = d.example?.body ?? (input ? firstExample(input) : undefined);
  const withExample = (s: JsonSchema) =>
    bodyExample === undefined ? s : { ...s, examples: [bodyExample] };
  if (d.body) {
    schema.body = {
      content: { 'application/json': { schema: withExample(jsonSchemaOf(d.body, 'input')) } },
    };
  } else if (d.binaryBody) {
    schema.body = {
      content: { [d.binaryBody]: { schema: { type: 'string', format: 'binary' } } },
    };
  } else if (d.form) {
    schema.body = {
      content: {
        [d.formType ?? 'multipart/form-data']: {
          schema: withExample(jsonSchemaOf(d.form, 'input')),
        },
      },
    };
  }
  // The example answer is the first JSON answer's (login: the session, not the 2FA challenge).
  const answers = Object.entries(d.response);
  const exampleStatus = answers.find(([, a]) => a !== null && !('file' in a))?.[0];
  schema.response = Object.fromEntries(
    answers.map(([status, answer]) => [
      status,
      answerSchema(
        Number(status) as AnswerStatus,
        answer,
        status === exampleStatus
          ? (d.example?.response ?? firstExample(answer as z.ZodType))
          : undefined,
      ),
    ]),
  );
  return schema;
}
