import type { FastifyInstance } from 'fastify';

/**
 * Lets the routes of `scope` (an encapsulated plugin) read an application/x-www-form-urlencoded
 * body as a plain object: for the few routes a browser form or a provider posts to.
 */
export function acceptUrlencodedForms(scope: FastifyInstance, bodyLimit: number): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
}
