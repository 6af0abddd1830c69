import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type Company, type SignRequestDetail } from '@paraaf/contract';
import { signRequests } from '../../db/schema/index.ts';
import { startQueue } from '../../lib/queue/queue.ts';
import { jobNames } from '../../jobs/workers.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { createDraftSignRequest, createMember, errorsOf } from '../../../test/factories.ts';
import { multipart } from '../../../test/fixtures/multipart.ts';
import { requestRow } from '../signing/signing.fixture.ts';
import { expireSignRequest } from '../sign-requests/expire-sign-request.ts';

const DAY_MS = 24 * 3600_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function saveSettings(token: string, fields: Record<string, string>) {
  const body = multipart({ name: 'Bewaar BV', sms_name: 'Bewaar', ...fields });
  return t.request({
    method: 'POST',
    url: '/api/company',
    payload: body.payload,
    headers: body.headers,
    token,
  });
}

const ready = (token: string, id: number) =>
  t.request({ method: 'POST', url: `/api/sign-requests/${id}/ready`, token });

describe('the retention period (Bewaartermijn)', () => {
  it('is 30 days for a new company and refuses what is no whole number from 1 to 3650', async () => {
    const admin = await registerCompany(t);
    const company = await t.request({ method: 'GET', url: '/api/company', token: admin.token });
    expect(company.json<Company>().gdpr_retention_days).toBe(30);
    for (const [value, message] of [
      ['0', messages.min],
      ['3651', messages.max],
      ['12,5', 'Dit veld dient een geheel getal te zijn'],
      ['veertig', 'Dit veld dient een geheel getal te zijn'],
    ] as const) {
      const res = await saveSettings(admin.token, { gdpr_retention_days: value });
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res).gdpr_retention_days).toEqual([message]);
    }
    const after = await t.request({ method: 'GET', url: '/api/company', token: admin.token });
    expect(after.json<Company>().gdpr_retention_days).toBe(30);
  });

  it('only an admin may change it', async () => {
    const admin = await registerCompany(t);
    const member = await createMember(t, admin.user.company.id, 'user');
    const res = await saveSettings(member.token, { gdpr_retention_days: '5' });
    expect(res.statusCode).toBe(403);
  });

  it('is saved, and moves the purge date of every request not yet purged at once', async () => {
    const admin = await registerCompany(t);
    const companyId = admin.user.company.id;
    const draft = await createDraftSignRequest(t, companyId, { userId: admin.user.id });
    expect((await ready(admin.token, draft.request.id)).statusCode).toBe(200);
    const sent = await requestRow(t, draft.request.id);
    expect(sent.estimatedGdprPurgeAt!.getTime()).toBe(sent.expiresAt.getTime() + 30 * DAY_MS);

    const cancelled = await createDraftSignRequest(t, companyId, { userId: admin.user.id });
    expect((await ready(admin.token, cancelled.request.id)).statusCode).toBe(200);
    const cancel = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${cancelled.request.id}/cancel`,
      token: admin.token,
    });
    expect(cancel.statusCode).toBe(200);
    const ended = await requestRow(t, cancelled.request.id);
    expect(ended.stateId).toBe(8);
    expect(ended.estimatedGdprPurgeAt!.getTime()).toBe(ended.endedAt!.getTime() + 30 * DAY_MS);

    // A request purged already keeps its date; a draft has none.
    const purged = await createDraftSignRequest(t, companyId, { userId: admin.user.id });
    const purgedAt = new Date('2026-01-02T03:04:05Z');
    await t.db
      .update(signRequests)
      .set({
        stateId: 5,
        endedAt: purgedAt,
        estimatedGdprPurgeAt: purgedAt,
        gdprPurgedAt: purgedAt,
      })
      .where(eq(signRequests.id, purged.request.id));
    const untouchedDraft = await createDraftSignRequest(t, companyId, { userId: admin.user.id });

    const res = await saveSettings(admin.token, { gdpr_retention_days: '90' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Company>().gdpr_retention_days).toBe(90);

    expect((await requestRow(t, draft.request.id)).estimatedGdprPurgeAt!.getTime()).toBe(
      sent.expiresAt.getTime() + 90 * DAY_MS,
    );
    expect((await requestRow(t, cancelled.request.id)).estimatedGdprPurgeAt!.getTime()).toBe(
      ended.endedAt!.getTime() + 90 * DAY_MS,
    );
    expect((await requestRow(t, purged.request.id)).estimatedGdprPurgeAt).toEqual(purgedAt);
    expect((await requestRow(t, untouchedDraft.request.id)).estimatedGdprPurgeAt).toBeNull();

    const detail = await t.request({
      method: 'GET',
      url: `/api/sign-requests/${cancelled.request.id}`,
      token: admin.token,
    });
    expect(detail.json<SignRequestDetail>().estimated_gdpr_purge_at).toBe(
      new Date(ended.endedAt!.getTime() + 90 * DAY_MS).toISOString(),
    );

    // Saving the settings without the field leaves the period as it is.
    expect((await saveSettings(admin.token, {})).json<Company>().gdpr_retention_days).toBe(90);
    // A request that ends from now on gets the new period at once.
    const next = await createDraftSignRequest(t, companyId, { userId: admin.user.id });
    expect((await ready(admin.token, next.request.id)).statusCode).toBe(200);
    await t.request({
      method: 'POST',
      url: `/api/sign-requests/${next.request.id}/cancel`,
      token: admin.token,
    });
    const nextRow = await requestRow(t, next.request.id);
    expect(nextRow.estimatedGdprPurgeAt!.getTime()).toBe(nextRow.endedAt!.getTime() + 90 * DAY_MS);
  });

  it('an expired request ends on its expiry date, however late it was noticed', async () => {
    const admin = await registerCompany(t);
    const draft = await createDraftSignRequest(t, admin.user.company.id, {
      userId: admin.user.id,
    });
    expect((await ready(admin.token, draft.request.id)).statusCode).toBe(200);
    const expiresAt = new Date(Date.now() - 3 * DAY_MS);
    await t.db.update(signRequests).set({ expiresAt }).where(eq(signRequests.id, draft.request.id));
    // expireSignRequest tells the company's webhook in its transaction: it takes the queue too.
    const queue = await startQueue(t.database, jobNames, { pollSeconds: 1, onError: () => {} });
    try {
      const deps = { db: t.db, queue, config: t.config };
      expect(await expireSignRequest(deps, draft.request.id, new Date())).not.toBeNull();
    } finally {
      await queue.stop();
    }
    const row = await requestRow(t, draft.request.id);
    expect(row.stateId).toBe(7);
    expect(row.endedAt).toEqual(expiresAt);
    expect(row.estimatedGdprPurgeAt!.getTime()).toBe(expiresAt.getTime() + 30 * DAY_MS);
  });
});
