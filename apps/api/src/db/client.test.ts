import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, PGLITE_SHARED_BUFFERS } from './client.ts';

describe('the embedded database', () => {
  it(`keeps a ${PGLITE_SHARED_BUFFERS} buffer cache in the process, not PostgreSQL's 128MB`, async () => {
    const database = await openDatabase({ kind: 'pglite', dir: null });
    try {
      const result = await database.db.execute<{ shared_buffers: string }>(
        sql`SHOW shared_buffers`,
      );
      expect(result.rows[0]!.shared_buffers).toBe('32MB');
    } finally {
      await database.close();
    }
  });
});
