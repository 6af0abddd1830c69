import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails, signers } from '../../db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { createDraftSignRequest, uniqueEmail } from '../../../test/factories.ts';

/** A cc marked notify_on_send hears of the sending once: who sent what, no link to act. */
describe('a cc notified when the request is sent', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const ready = (token: string, id: number) =>
    t.request({ method: 'POST', url: `/api/sign-requests/${id}/ready`, token });
  const mailsTo = (email: string) => t.db.select().from(mails).where(eq(mails.to, email));

  it('stores notify_on_send from the API and answers it with the signer', async () => {
    const admin = await registerCompany(t);
    const { request } = await createDraftSignRequest(t, admin.user.company.id);
    const added = await t.request({
      method: 'POST',
      url: `/api/sign-requests/${request.id}/signers`,
      token: admin.token,
      payload: {
        firstname: 'Carla',
        lastname: 'Kopie',
        email: uniqueEmail('cc'),
        verifications: [1],
        reminder_after: 3,
        max_reminders: 1,
        role: 'cc',
        routing_order: 1,
        notify_on_send: true,
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const signerId = added.json<{ id: number; notify_on_send: boolean }>().id;
    expect(added.json()).toMatchObject({ role: 'cc', notify_on_send: true });
    const updated = await t.request({
      method: 'PUT',
      url: `/api/sign-requests/${request.id}/update-signer`,
      token: admin.token,
      payload: {
        signer_id: signerId,
        firstname: 'Carla',
        lastname: 'Kopie',
        email: uniqueEmail('cc'),
        verifications: [1],
        reminder_after: 3,
        max_reminders: 1,
        notify_on_send: false,
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const [row] = await t.db.select().from(signers).where(eq(signers.id, signerId));
    expect(row).toMatchObject({ role: 'cc', notifyOnSend: false });
  });

  it('mails the cc exactly once, even when send is called twice at once, in Dutch without a link', async () => {
    const admin = await registerCompany(t);
    const cc = uniqueEmail('kopie');
    const { request } = await createDraftSignRequest(t, admin.user.company.id, {
      userId: admin.user.id,
      subject: 'Huurcontract Keizersgracht',
      signers: [{}, { email: cc, role: 'cc', notifyOnSend: true, firstname: 'Carla' }],
    });
    const results = await Promise.all([
      ready(admin.token, request.id),
      ready(admin.token, request.id),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await ready(admin.token, request.id)).statusCode).toBe(409);
    const sent = await mailsTo(cc);
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.subject).toBe('Ter informatie: Huurcontract Keizersgracht');
    expect(mail.html).toContain('Beste Carla Tekenaar');
    expect(mail.html).toContain(admin.user.name);
    expect(mail.html).toContain('krijg je een kopie van de ondertekende documenten');
    expect(mail.html).not.toContain('/ondertekenen/');
    expect(mail.attachments ?? []).toEqual([]);
    // The cc is still not invited to act.
    const [row] = await t.db.select().from(signers).where(eq(signers.email, cc));
    expect(row!.stateId).toBe(1);
  });

  it('mails no cc without the flag', async () => {
    const admin = await registerCompany(t);
    const cc = uniqueEmail('kopie');
    const { request } = await createDraftSignRequest(t, admin.user.company.id, {
      signers: [{}, { email: cc, role: 'cc' }],
    });
    expect((await ready(admin.token, request.id)).statusCode).toBe(200);
    expect(await mailsTo(cc)).toEqual([]);
  });
});
