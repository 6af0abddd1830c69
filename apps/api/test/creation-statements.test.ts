import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKeyDto } from '@paraaf/contract';
import { inRateLimitFlush } from '../src/lib/rate-limit.ts';
import { createTestApp, type TestApp } from './app.ts';
import { createDraftThroughApi, PLAN, registerCompanyOnPlan } from './factories.ts';

/**
 * What one sign request created through the API costs the database: the integrator's four
 * calls with a key (create, add a signer, upload a 1-page PDF, ready) send at most this many
 * statements from the api's pool, BEGIN and COMMIT included. Counted on PostgreSQL, where every
 * statement goes through the pool's clients; PGlite runs the same code.
 */
const MAX_STATEMENTS_PER_CREATION = 25;

describe.runIf(process.env.DATABASE_URL)('statements per creation through the API', () => {
  let t: TestApp;
  let counting = false;
  const statements: string[] = [];

  beforeAll(async () => {
    // An api process alone (WORKER=off): no job's statements are counted with the calls'.
    t = await createTestApp(
      { worker: 'off' },
      {
        onStatement: (text) => {
          // The key's rate limit is added to its shared row by a timer, once a second for all
          // of the key's calls together (lib/rate-limit.ts BatchedRateLimit): not a statement
          // of this creation, though the timer may fire while it runs.
          if (counting && !inRateLimitFlush()) statements.push(text);
        },
      },
    );
  });
  afterAll(() => t?.close());

  it(`creates, fills and sends a request with a key in at most ${MAX_STATEMENTS_PER_CREATION} statements`, async () => {
    const admin = await registerCompanyOnPlan(t, PLAN.premium);
    const key = (
      await t.request({
        method: 'POST',
        url: '/api/access-tokens',
        token: admin.token,
        payload: { name: 'Koppeling' },
      })
    ).json<CreatedApiKeyDto>();
    const createAndSend = async () => {
      const { id } = await createDraftThroughApi(t, key.token, {
        signers: [{ verifications: [5] }],
        documents: 1,
      });
      const ready = await t.request({
        method: 'POST',
        url: `/api/sign-requests/${id}/ready`,
        token: key.token,
      });
      expect(ready.statusCode, ready.body).toBe(200);
    };
    // The first creation warms what a process keeps (prepared statement names, the seal
    // identity): the count is of a creation in a running process.
    await createAndSend();
    counting = true;
    await createAndSend();
    counting = false;
    expect(
      statements.length,
      `${statements.length} statements:\n${statements.map((s) => s.replace(/\s+/g, ' ').slice(0, 140)).join('\n')}`,
    ).toBeLessThanOrEqual(MAX_STATEMENTS_PER_CREATION);
  });
});
