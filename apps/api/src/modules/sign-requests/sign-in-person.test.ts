import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingMessages } from '@paraaf/contract';
import { signerActions } from '../../db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { createMember, errorsOf } from '../../../test/factories.ts';
import { sendTestRequest } from '../signing/signing.fixture.ts';

/** 'Op locatie tekenen': the sender's device opens a waiting signer's page. */
describe('POST /api/sign-requests/{id}/in-person', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('opens the signer page after the password, records audit 21 with user and device', async () => {
    const admin = await registerCompany(t);
    const sent = await sendTestRequest(t, {
      signers: [
        { verifications: [1], routingOrder: 1 },
        { verifications: [1], routingOrder: 2 },
      ],
    });
    const owner = sent.adminToken;
    const open = (token: string, payload: object) =>
      t.request({
        method: 'POST',
        url: `/api/sign-requests/${sent.requestId}/in-person`,
        token,
        payload,
        headers: { 'user-agent': 'Balie-tablet/1.0' },
      });
    const wrong = await open(owner, { signer_id: sent.signerIds[0], password: 'fout' });
    expect(wrong.statusCode).toBe(422);
    expect(errorsOf(wrong)).toEqual({ password: [signingMessages.wrongPassword] });
    expect(
      (await open(admin.token, { signer_id: sent.signerIds[0], password: admin.password }))
        .statusCode,
    ).toBe(404);

    const password = 'Geheim-wachtwoord-1';
    const later = await open(owner, { signer_id: sent.signerIds[1], password });
    expect(later.statusCode).toBe(409);
    expect(later.json()).toMatchObject({ message: signingMessages.notSignersTurn });

    const res = await open(owner, { signer_id: sent.signerIds[0], password });
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json<{ url: string }>();
    expect(url).toMatch(/^\/ondertekenen\/[A-Za-z0-9_-]+$/);
    const page = await t.request({ method: 'GET', url: `/api/signing/${url.split('/').pop()}` });
    expect(page.json()).toMatchObject({ status: 'open', steps: [{ type: 'email', done: false }] });
    const [audit] = await t.db
      .select()
      .from(signerActions)
      .where(and(eq(signerActions.signerId, sent.signerIds[0]!), eq(signerActions.type, 21)));
    expect(audit).toMatchObject({ userAgent: 'Balie-tablet/1.0' });
    expect(audit!.userId).not.toBeNull();
    expect(audit!.comment).toContain('Balie-tablet/1.0');
  });

  it('is forbidden for a viewer', async () => {
    const sent = await sendTestRequest(t, { signers: [{ verifications: [1] }] });
    const viewer = await createMember(t, sent.companyId, 'viewer');
    const res = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${sent.requestId}/in-person`,
      token: viewer.token,
      payload: { signer_id: sent.signerIds[0], password: 'x' },
    });
    expect(res.statusCode).toBe(403);
  });
});
