import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Deps } from '../../lib/context.ts';
import { doc } from '../../lib/openapi/route-doc.ts';

const healthSchema = z.object({ status: z.literal('ok') }).meta({ examples: [{ status: 'ok' }] });

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
    async () => {
      await deps.db.execute(sql`select 1`);
      return { status: 'ok' };
    },
  );
}
