import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignRequestDetail } from '@paraaf/contract';
import { signers, smsMessages } from '../../db/schema/index.ts';
import type { Queue } from '../../lib/queue/queue.ts';
import { createStorage } from '../../lib/storage/create-storage.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { sweepSignRequests } from '../sign-requests/sweep-sign-requests.ts';
import { sendTestRequest, signerRow, type SentRequest } from './signing.fixture.ts';
import { createPaymentProvider } from '../../lib/payments/create-payment-provider.ts';

/**
 * Issue 11.6: signer state 2 'verification complete' is written once every code step the signer
 * must take (e-mail, SMS, iDIN) is done, before the approval; from 2 the signer still approves
 * or declines, and the sender still sees and reminds it.
 */
describe('signer state 2: verifications complete', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (token: string, method: 'POST' | 'PUT' | 'GET', path: string, payload?: object) =>
    t.request({ method, url: `/api/signing/${token}${path}`, payload });
  const state = async (sent: SentRequest) => (await signerRow(t, sent.signerIds[0]!)).stateId;

  async function verifyEmail(sent: SentRequest) {
    const token = sent.tokens[0]!;
    expect((await call(token, 'POST', '/verifications/email')).statusCode).toBe(200);
    const signer = await signerRow(t, sent.signerIds[0]!);
    const mail = await t.smtp.waitForMail(signer.email, /\b\d{6}\b/);
    t.smtp.mails.splice(t.smtp.mails.indexOf(mail), 1);
    const code = /\b(\d{6})\b/.exec(mail.subject)![1]!;
    expect((await call(token, 'POST', '/verifications/email/verify', { code })).statusCode).toBe(
      200,
    );
  }

  async function verifySms(sent: SentRequest) {
    const token = sent.tokens[0]!;
    expect((await call(token, 'POST', '/verifications/sms')).statusCode).toBe(200);
    const [sms] = await t.db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.signerId, sent.signerIds[0]!))
      .orderBy(smsMessages.id);
    const code = /\b(\d{6})\b/.exec(sms!.body ?? '')![1]!;
    expect((await call(token, 'POST', '/verifications/sms/verify', { code })).statusCode).toBe(200);
  }

  async function approve(sent: SentRequest) {
    for (const id of sent.signableIds)
      expect((await call(sent.tokens[0]!, 'GET', `/signables/${id}/file`)).statusCode).toBe(200);
    return call(sent.tokens[0]!, 'POST', '/approve');
  }

  it('e-mail and SMS: 3 after the first step, 2 after both, then 5 on approval', async () => {
    const sent = await sendTestRequest(t, {
      signers: [{ verifications: [1, 2], phone: '0612345678' }],
    });
    expect(await state(sent)).toBe(3);
    await verifyEmail(sent);
    expect(await state(sent)).toBe(3);
    await verifySms(sent);
    expect(await state(sent)).toBe(2);

    // The sender sees it, may still remind it, and the next automatic reminder is planned.
    const detail = await t.request({
      method: 'GET',
      url: `/api/sign-requests/${sent.requestId}`,
      token: sent.adminToken,
    });
    const signer = detail.json<SignRequestDetail>().signers[0]!;
    expect(signer.state_id).toBe(2);
    expect(signer.next_reminder_at).not.toBeNull();

    expect((await approve(sent)).statusCode).toBe(200);
    expect(await state(sent)).toBe(5);
  });

  it('a drawn signature is no code step: e-mail alone completes the verifications', async () => {
    const sent = await sendTestRequest(t, { signers: [{ verifications: [1, 5] }] });
    await verifyEmail(sent);
    expect(await state(sent)).toBe(2);
  });

  it('without any code step the signer stays 3 until it approves', async () => {
    const sent = await sendTestRequest(t, { signers: [{ verifications: [5] }] });
    expect((await call(sent.tokens[0]!, 'GET', '')).statusCode).toBe(200);
    expect(await state(sent)).toBe(3);
  });

  it('a verified signer may still decline', async () => {
    const sent = await sendTestRequest(t, { signers: [{ verifications: [1] }] });
    await verifyEmail(sent);
    expect(await state(sent)).toBe(2);
    const res = await call(sent.tokens[0]!, 'POST', '/decline', { reason: 'Klopt niet' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await state(sent)).toBe(4);
  });

  it('a manual reminder reaches a verified signer', async () => {
    const sent = await sendTestRequest(t, { signers: [{ verifications: [1] }] });
    await verifyEmail(sent);
    expect(await state(sent)).toBe(2);
    // Past the manual reminder's cooldown.
    await t.db
      .update(signers)
      .set({ invitedAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(signers.id, sent.signerIds[0]!));
    const res = await t.request({
      method: 'PUT',
      url: `/api/sign-requests/${sent.signerIds[0]}/send-manual-reminder`,
      token: sent.adminToken,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await state(sent)).toBe(2);
  });

  it('the automatic reminder reaches a verified signer when it is due', async () => {
    const sent = await sendTestRequest(t, { signers: [{ verifications: [1], reminderAfter: 3 }] });
    await verifyEmail(sent);
    expect(await state(sent)).toBe(2);
    await t.db
      .update(signers)
      .set({ invitedAt: new Date(Date.now() - 4 * 86400_000) })
      .where(eq(signers.id, sent.signerIds[0]!));
    const queue = { enqueue: () => Promise.resolve(true) } as unknown as Queue;
    const result = await sweepSignRequests(
      {
        config: t.config,
        db: t.db,
        queue,
        storage: createStorage(t.config),
        payments: createPaymentProvider(t.config),
      },
      new Date(),
    );
    expect(result.reminders).toBeGreaterThanOrEqual(1);
    const signer = await signerRow(t, sent.signerIds[0]!);
    expect(signer.remindersSent).toBe(1);
    expect(signer.stateId).toBe(2);
  });
});
