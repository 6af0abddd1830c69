import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@paraaf/contract';
import { createTestApp, registerCompany, type TestApp } from './app.ts';
import { createDraftSignRequest } from './factories.ts';

/**
 * A query that fails on the database logs what failed (statement, error code, constraint),
 * never the values it carried: names and e-mail addresses stay out of the log.
 */
describe('the log line of a failed query', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      { logLevel: 'error' },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
  });
  afterAll(() => t?.close());

  it('carries no parameters, no failing row and no personal data', async () => {
    const admin = await registerCompany(t);
    const draft = await createDraftSignRequest(t, admin.user.company.id);
    // The database refuses this one signer, so its INSERT fails with all its values bound.
    await t.db.execute(
      sql`ALTER TABLE signers ADD CONSTRAINT log_test_refuses CHECK (lastname <> 'Geheimnaam')`,
    );
    const res = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${draft.request.id}/signers`,
      token: admin.token,
      payload: {
        firstname: 'Sanne',
        lastname: 'Geheimnaam',
        email: 'sanne.geheim@voorbeeld.nl',
        phone: '0687654321',
        verifications: [1],
        reminder_after: 3,
        max_reminders: 5,
      },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: messages.serverError });

    const log = lines.join('');
    // The failure is logged, with what an operator needs to find it.
    expect(log).toContain('unhandled error');
    expect(log).toContain('insert into');
    expect(log).toContain('"table":"signers"');
    expect(log).toContain('log_test_refuses');
    expect(log).toContain('23514');
    // And nothing of the person.
    for (const secret of ['Geheimnaam', 'sanne.geheim', '0687654321', 'Failing row']) {
      expect(log).not.toContain(secret);
    }
  });
});
