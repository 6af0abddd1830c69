import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { messages } from '@paraaf/contract';
import type { Deps } from '../../lib/context.ts';
import { doc } from '../../lib/openapi/route-doc.ts';
import { checkReadiness } from './readiness.ts';

const healthSchema = z.object({ status: z.literal('ok') }).meta({ examples: [{ status: 'ok' }] });

const checkState = z.enum(['ok', 'failed']);
const checksSchema = z.object({ database: checkState, queue: checkState, storage: checkState });
const readySchema = z.object({ status: z.literal('ok'), checks: checksSchema }).meta({
  examples: [{ status: 'ok', checks: { database: 'ok', queue: 'ok', storage: 'ok' } }],
});
const notReadySchema = z
  .object({ status: z.literal('unavailable'), message: z.string(), checks: checksSchema })
  .meta({
    examples: [
      {
        status: 'unavailable',
        message: messages.serverError,
        checks: { database: 'ok', queue: 'ok', storage: 'failed' },
      },
    ],
  });

export function healthRoutes(app: FastifyInstance, deps: Deps): void {
  app.get(
    '/api/health',
    {
      config: {
        openapi: doc({
          summary: 'Leeft de server en antwoordt de database?',
          tags: ['Algemeen'],
          auth: 'public',
          response: { 200: healthSchema },
          errors: [503],
        }),
      },
    },
    async (request, reply) => {
      try {
        await deps.db.execute(sql`select 1`);
      } catch (err) {
        request.log.warn({ err }, 'liveness: the database does not answer');
        return reply.code(503).send({ message: messages.serverError });
      }
      return { status: 'ok' };
    },
  );

  app.get(
    '/api/health/ready',
    {
      config: {
        openapi: doc({
          summary: 'Kan dit proces verzoeken aannemen? (database, wachtrij en opslag)',
          description:
            'Voor de load balancer: 200 als de database, de wachtrij (en in een proces met ' +
            'workers: de gestarte workers) en de opslag binnen enkele seconden antwoorden; ' +
            'anders 503 met de mislukte controle.',
          tags: ['Algemeen'],
          auth: 'public',
          response: { 200: readySchema, 503: notReadySchema },
        }),
      },
    },
    async (request, reply) => {
      const { checks, errors } = await checkReadiness(deps);
      const failed = Object.entries(errors);
      if (failed.length === 0) return { status: 'ok', checks };
      for (const [check, err] of failed) request.log.warn({ check, err }, 'readiness check failed');
      return reply.code(503).send({ status: 'unavailable', message: messages.serverError, checks });
    },
  );
}
