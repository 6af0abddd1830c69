import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paginated, SignRequestDetail, SignRequestListItem } from '@paraaf/contract';
import { companies, signers, signRequests } from '../../db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { linkFrom } from '../../../test/smtp.ts';
import { createDraftSignRequest, uniqueEmail } from '../../../test/factories.ts';
import type { Queue } from '../../lib/queue/queue.ts';
import { createStorage } from '../../lib/storage/create-storage.ts';
import { sweepSignRequests } from './sweep-sign-requests.ts';
import { createPaymentProvider } from '../../lib/payments/create-payment-provider.ts';

/**
 * Issue 11.6: an invitation the mail server refuses for good (SMTP 550 at the real catcher)
 * moves the signer to 40, and the request to 40 'Kan geen melding versturen' once no signer is
 * left who can act; correcting the address brings both back.
 */
describe('state 40: the notification cannot be delivered', () => {
  let t: TestApp;
  let token: string;
  let companyId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await registerCompany(t);
    token = admin.token;
    companyId = admin.user.company.id;
    await t.db.update(companies).set({ credits: 1000 }).where(eq(companies.id, companyId));
  });
  afterAll(() => t.close());

  const signerState = async (id: number) =>
    (await t.db.select().from(signers).where(eq(signers.id, id)))[0]!.stateId;
  const requestState = async (id: number) =>
    (await t.db.select().from(signRequests).where(eq(signRequests.id, id)))[0]!.stateId;

  /** Waits (up to 10 s) until the send-mail job has dealt with the signer's mail. */
  async function untilSignerState(id: number, state: number) {
    const deadline = Date.now() + 10_000;
    while ((await signerState(id)) !== state) {
      if (Date.now() > deadline) throw new Error(`signer ${id} never reached ${state}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function send(options: { rejected: boolean[]; isSync?: boolean }) {
    const specs = options.rejected.map(() => ({ email: uniqueEmail('ontvanger') }));
    options.rejected.forEach((r, i) => r && t.smtp.rejectRecipients.push(specs[i]!.email));
    const { request, signers: rows } = await createDraftSignRequest(t, companyId, {
      signers: specs,
      isSync: options.isSync ?? false,
    });
    const res = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${request.id}/ready`,
      token,
    });
    expect(res.statusCode).toBe(200);
    return { id: request.id, signers: rows };
  }

  const detail = async (id: number) =>
    (
      await t.request({ method: 'GET', url: `/api/sign-requests/${id}`, token })
    ).json<SignRequestDetail>();

  it('one of two parallel signers refused: that signer 40, the request stays in progress', async () => {
    const {
      id,
      signers: [bad, good],
    } = await send({ rejected: [true, false] });
    await untilSignerState(bad!.id, 40);
    await t.smtp.waitForMail(good!.email);
    expect(await signerState(good!.id)).toBe(3);
    expect(await requestState(id)).toBe(3);
  });

  it('every signer refused: the request is 40, on the detail and in the list', async () => {
    const { id, signers: rows } = await send({ rejected: [true, true] });
    for (const s of rows) await untilSignerState(s.id, 40);
    expect(await requestState(id)).toBe(40);
    const d = await detail(id);
    expect(d.state).toEqual({ id: 40, label: 'Kan geen melding versturen' });
    expect(d.signers.map((s) => s.state_id)).toEqual([40, 40]);

    const filters = encodeURIComponent(
      JSON.stringify([{ field: 'state_id', operator: 'in', value: [40] }]),
    );
    const list = await t.request({
      method: 'GET',
      url: `/api/sign-requests?filters=${filters}`,
      token,
    });
    const page = list.json<Paginated<SignRequestListItem>>();
    expect(page.data.map((r) => r.id)).toContain(id);
    expect(page.total).toBe(page.data.length);
    expect(page.data.every((r) => r.state_id === 40)).toBe(true);
  });

  it('in sequence, the current signer refused: the request is 40 (no one else was invited)', async () => {
    const {
      id,
      signers: [first, second],
    } = await send({ rejected: [true, false], isSync: true });
    await untilSignerState(first!.id, 40);
    expect(await signerState(second!.id)).toBe(1);
    expect(await requestState(id)).toBe(40);
  });

  it('a corrected address puts signer and request back in progress; the reminder reaches it', async () => {
    const {
      id,
      signers: [signer],
    } = await send({ rejected: [true] });
    await untilSignerState(signer!.id, 40);
    expect(await requestState(id)).toBe(40);
    const email = uniqueEmail('verbeterd');
    const update = await t.request({
      method: 'PUT',
      url: `/api/sign-requests/${id}/update-signer`,
      token,
      payload: {
        signer_id: signer!.id,
        firstname: signer!.firstname,
        lastname: signer!.lastname,
        email,
        locale: 'nl',
        verifications: [1],
        reminder_after: 3,
        max_reminders: 5,
      },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(await signerState(signer!.id)).toBe(3);
    expect(await requestState(id)).toBe(3);
    const remind = await t.request({
      method: 'PUT',
      url: `/api/sign-requests/${signer!.id}/send-manual-reminder`,
      token,
    });
    expect(remind.statusCode, remind.body).toBe(200);
    const mail = await t.smtp.waitForMail(email);
    const link = linkFrom(mail, '/ondertekenen/');
    const page = await t.request({
      method: 'GET',
      url: `/api/signing/${/\/ondertekenen\/([^/?#]+)$/.exec(link)![1]!}`,
    });
    expect(page.statusCode).toBe(200);
  });

  it('a request in 40 still expires on its date, and can be cancelled', async () => {
    const expiring = await send({ rejected: [true] });
    const cancelled = await send({ rejected: [true] });
    await untilSignerState(expiring.signers[0]!.id, 40);
    await untilSignerState(cancelled.signers[0]!.id, 40);
    expect([await requestState(expiring.id), await requestState(cancelled.id)]).toEqual([40, 40]);
    await t.db
      .update(signRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signRequests.id, expiring.id));
    const queue = { enqueue: () => Promise.resolve(true) } as unknown as Queue;
    await sweepSignRequests(
      {
        config: t.config,
        db: t.db,
        queue,
        storage: createStorage(t.config),
        payments: createPaymentProvider(t.config),
      },
      new Date(),
    );
    expect(await requestState(expiring.id)).toBe(7);
    const res = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${cancelled.id}/cancel`,
      token,
    });
    expect(res.statusCode).toBe(200);
    expect(await requestState(cancelled.id)).toBe(8);
  });
});
