import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@paraaf/contract';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { PLAN, registerCompanyOnPlan, uniqueEmail } from '../../../test/factories.ts';

const local = '127.0.0.1';

describe('/dev/mailbox without SMTP', () => {
  let t: TestApp;
  let admin: Session;
  let inviteeEmail: string;
  beforeAll(async () => {
    t = await createTestApp({ smtpUrl: null });
    // Inviting needs the 'users' feature (standard and up).
    admin = await registerCompanyOnPlan(t, PLAN.standard);
    inviteeEmail = uniqueEmail('postvak');
    const res = await t.request({
      method: 'POST',
      url: '/api/users/invite',
      token: admin.token,
      payload: { name: 'Post <Vak>', email: inviteeEmail, role: 'user' },
    });
    expect(res.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it('answers 404 to any address but this machine', async () => {
    for (const url of ['/dev/mailbox', '/dev/mailbox?format=json', '/dev/mailbox/1']) {
      const res = await t.request({ method: 'GET', url, remoteAddress: '203.0.113.9' });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain(inviteeEmail);
    }
  });

  it('lists the mails with subject and recipient', async () => {
    const res = await t.request({ method: 'GET', url: '/dev/mailbox', remoteAddress: local });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain(inviteeEmail);
    expect(res.body).toContain('Welkom bij Paraaf');
    expect(res.body).toContain(`Uitnodiging voor ${admin.user.company.name} op Paraaf`);
    expect(t.smtp.mails).toEqual([]);
  });

  it('shows a mail whose absolute link works', async () => {
    const list = await t.request({
      method: 'GET',
      url: '/dev/mailbox?format=json',
      remoteAddress: '::1',
    });
    const { data } = list.json<{ data: { id: number; to: string; subject: string }[] }>();
    const invitation = data.find(
      (m) => m.to === inviteeEmail && m.subject.startsWith('Uitnodiging'),
    );
    expect(invitation).toBeDefined();

    const res = await t.request({
      method: 'GET',
      url: `/dev/mailbox/${invitation!.id}`,
      remoteAddress: local,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('Post &lt;Vak&gt;');
    const link = /href="(http:\/\/paraaf\.test\/activeren\/[^"]+)"/.exec(res.body)?.[1];
    expect(link).toBeDefined();
    const token = link!.split('/activeren/')[1];
    const check = await t.request({ method: 'GET', url: `/api/auth/activate/${token}` });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ email: inviteeEmail, name: 'Post <Vak>' });
  });

  it('answers 404 for an unknown mail and 4xx for a bad id', async () => {
    expect(
      (await t.request({ method: 'GET', url: '/dev/mailbox/999999', remoteAddress: local }))
        .statusCode,
    ).toBe(404);
    for (const id of ['abc', '0', '99999999999']) {
      const res = await t.request({
        method: 'GET',
        url: `/dev/mailbox/${id}`,
        remoteAddress: local,
      });
      expect(res.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, id).toBeLessThan(500);
    }
  });
});

describe('/dev/mailbox with SMTP configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await registerCompany(t);
  });
  afterAll(() => t.close());

  it('does not exist', async () => {
    for (const url of ['/dev/mailbox', '/dev/mailbox/1']) {
      const res = await t.request({ method: 'GET', url, remoteAddress: local });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
