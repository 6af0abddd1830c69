import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails } from '../src/db/schema/index.ts';
import { pngDataUrl, sendTestRequest, signerRow } from '../src/modules/signing/signing.fixture.ts';
import { inRateLimitFlush } from '../src/lib/rate-limit.ts';
import { createTestApp, type TestApp } from './app.ts';

/**
 * What the signer's calls of one signing cost the database: the page, the e-mail code asked and
 * checked, the drawn signature, the document viewed and the approval each send at most this many
 * statements from the api's pool, BEGIN and COMMIT included. Counted on PostgreSQL, where every
 * statement goes through the pool's clients; PGlite runs the same code.
 */
const MAX_STATEMENTS: Record<string, number> = {
  // The first open: the link with the evidence, audit 2 'Geopend' under the signer's lock.
  'GET /signing/{token}': 12,
  'POST /signing/{token}/verifications/email': 12,
  'POST /signing/{token}/verifications/email/verify': 9,
  'PUT /signing/{token}/signature': 3,
  'GET /signing/{token}/signables/{id}/file': 3,
  'POST /signing/{token}/approve': 12,
};

/**
 * The statements of one call without a flush of the in-memory rate limits (one upsert per key at
 * most once a second, outside any transaction) that happened to run while the call did.
 */
function withoutLimitFlush(statements: string[]): string[] {
  let depth = 0;
  return statements.filter((text) => {
    if (/^begin/i.test(text.trim())) depth += 1;
    if (/^(commit|rollback)/i.test(text.trim())) depth -= 1;
    return depth > 0 || !/^INSERT INTO rate_limits/i.test(text.trim());
  });
}

describe.runIf(process.env.DATABASE_URL)('statements per signer call', () => {
  let t: TestApp;
  let counting: string[] | null = null;

  beforeAll(async () => {
    // An api process alone (WORKER=off): no job's statements are counted with the calls'.
    t = await createTestApp(
      { worker: 'off' },
      {
        // Not the batched rate limit's timer writes: once a second for all calls together, they
        // may fire during whichever call is counted (lib/rate-limit.ts inRateLimitFlush).
        onStatement: (text) => {
          if (!inRateLimitFlush()) counting?.push(text.replace(/\s+/g, ' ').slice(0, 160));
        },
      },
    );
  });
  afterAll(() => t?.close());

  it('signs a request with each call within its statement budget', async () => {
    const counted: Record<string, string[]> = {};
    const call = async (
      route: string,
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      payload?: object,
    ) => {
      counting = [];
      const res = await t.request({ method, url, payload });
      counted[route] = withoutLimitFlush(counting);
      counting = null;
      expect(res.statusCode, `${route}: ${res.body}`).toBe(200);
      return res;
    };
    const sign = async () => {
      const sent = await sendTestRequest(t, { signers: [{ verifications: [1, 5] }] });
      const s = `/api/signing/${sent.tokens[0]}`;
      await call('GET /signing/{token}', 'GET', s);
      await call('POST /signing/{token}/verifications/email', 'POST', `${s}/verifications/email`);
      const { email } = await signerRow(t, sent.signerIds[0]!);
      const [mail] = await t.db
        .select({ subject: mails.subject })
        .from(mails)
        .where(eq(mails.to, email))
        .orderBy(desc(mails.id))
        .limit(1);
      const code = /\b(\d{6})\b/.exec(mail!.subject)![1]!;
      await call(
        'POST /signing/{token}/verifications/email/verify',
        'POST',
        `${s}/verifications/email/verify`,
        {
          code,
        },
      );
      await call('PUT /signing/{token}/signature', 'PUT', `${s}/signature`, {
        type: 'signature',
        image: pngDataUrl(),
      });
      await call(
        'GET /signing/{token}/signables/{id}/file',
        'GET',
        `${s}/signables/${sent.signableIds[0]}/file`,
      );
      await call('POST /signing/{token}/approve', 'POST', `${s}/approve`);
    };
    // The first signing warms what a process keeps (prepared statement names): the count is
    // of a signing in a running process.
    await sign();
    await sign();
    for (const [route, statements] of Object.entries(counted)) {
      expect(
        statements.length,
        `${route}: ${statements.length} statements:\n${statements.join('\n')}`,
      ).toBeLessThanOrEqual(MAX_STATEMENTS[route]!);
    }
  });
});
