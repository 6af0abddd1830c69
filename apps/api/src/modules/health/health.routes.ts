import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../lib/context.ts';

export function healthRoutes(app: FastifyInstance, deps: Deps): void {
  app.get('/api/health', async () => {
    await deps.db.execute(sql`select 1`);
    return { status: 'ok' };
  });
}
