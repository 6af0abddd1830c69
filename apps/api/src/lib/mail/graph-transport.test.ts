import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails, officeTenants } from '../../db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { makePdf } from '../../../test/fixtures/documents.ts';
import { MicrosoftTokenClient } from '../microsoft/token-client.ts';
import { simulatedTenant } from '../microsoft/simulator-store.ts';
import { createStorage } from '../storage/create-storage.ts';
import { createMailTransport } from './create-mail-transport.ts';
import { createGraphTransport } from './graph-transport.ts';
import { mailRows } from '../../jobs/workers.ts';
import { sendMailJob } from './outbox.ts';

interface ReceivedMessage {
  sender: string;
  message: {
    subject: string;
    body: { contentType: string; content: string };
    from: { emailAddress: { name?: string; address: string } };
    toRecipients: { emailAddress: { address: string } }[];
    replyTo: { emailAddress: { address: string } }[];
    internetMessageHeaders: { name: string; value: string }[];
    attachments: {
      '@odata.type': string;
      name: string;
      contentType: string;
      contentBytes: string;
    }[];
  };
}

describe('mail through Microsoft Graph (MAIL_TRANSPORT=graph)', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    // The SMTP catcher stays configured: with the graph transport nothing may arrive there.
    t = await createTestApp({ mailTransport: 'graph' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('test app does not listen');
    base = `http://127.0.0.1:${address.port}`;
    t.config.microsoft.loginUrl = `${base}/dev/microsoft/login`;
    t.config.microsoft.graphUrl = `${base}/dev/microsoft/graph`;
    // The simulated organisation consented (the consent itself: modules/office/office.test.ts).
    await t.db.insert(officeTenants).values({ tenantId: simulatedTenant.id });
  });
  afterAll(() => t.close());

  async function simulator(): Promise<{ data: ReceivedMessage[]; tokens_issued: number }> {
    const res = await fetch(`${base}/dev/microsoft/messages`);
    expect(res.status).toBe(200);
    return res.json() as Promise<{ data: ReceivedMessage[]; tokens_issued: number }>;
  }

  /** Waits until the simulator holds a message to `to` with this subject (default 10 s). */
  async function waitForMessage(to: string, subject: RegExp): Promise<ReceivedMessage> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = (await simulator()).data.find(
        (m) =>
          m.message.toRecipients.some((r) => r.emailAddress.address === to) &&
          subject.test(m.message.subject),
      );
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no Graph message to ${to} matching ${subject}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function insertMail(
    to: string,
    attachments: { filename: string; storageKey: string }[] = [],
  ) {
    const [row] = await t.db
      .insert(mails)
      .values({
        to,
        subject: `Test ${to}`,
        html: '<p>Hallo</p>',
        text: 'Hallo',
        replyTo: 'afzender@voorbeeld.nl',
        attachments: attachments.length ? attachments : null,
      })
      .returning({ id: mails.id });
    return row!.id;
  }

  it("the app's own mail goes out through Graph sendMail, from MAIL_FROM, not over SMTP", async () => {
    const admin = await registerCompany(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/password-reminder',
      payload: { email: admin.user.email },
    });
    expect(res.statusCode).toBe(200);
    const received = await waitForMessage(admin.user.email, /Wachtwoord herstellen/);
    expect(received.sender).toBe('no-reply@paraaf.nl');
    expect(received.message.from.emailAddress).toEqual({
      name: 'Paraaf',
      address: 'no-reply@paraaf.nl',
    });
    expect(received.message.body.contentType).toBe('HTML');
    expect(received.message.body.content).toContain('/wachtwoord-instellen/');
    expect(received.message.internetMessageHeaders).toEqual([
      { name: 'X-Auto-Response-Suppress', value: 'All' },
    ]);
    // Delivered: the row is marked sent and its body (a reset link) is not kept.
    const sentRow = async () =>
      (await t.db.select().from(mails).where(eq(mails.to, admin.user.email)))[0];
    for (let i = 0; i < 50 && !(await sentRow())?.sentAt; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const sent = await sentRow();
    expect(sent?.sentAt).not.toBeNull();
    expect(sent?.html).toBeNull();
    expect(t.smtp.mails.filter((m) => m.to.includes(admin.user.email))).toEqual([]);
  });

  it('sends attachments as fileAttachments, byte for byte, and asks for one token', async () => {
    const storage = createStorage(t.config);
    const pdf = await makePdf(2);
    await storage.put('graph-test/contract.pdf', pdf);
    const deps = {
      db: t.db,
      transport: createMailTransport(t.config, t.db),
      from: t.config.mailFrom,
      storage,
      rows: mailRows,
    };
    const before = (await simulator()).tokens_issued;
    const first = await insertMail('bijlage@voorbeeld.nl', [
      { filename: 'contract-ondertekend.pdf', storageKey: 'graph-test/contract.pdf' },
    ]);
    const second = await insertMail('tweede@voorbeeld.nl');
    await sendMailJob.handle(deps, { mailId: first });
    await sendMailJob.handle(deps, { mailId: second });

    const { data, tokens_issued } = await simulator();
    // One client-credentials token for both mails: kept until it expires.
    expect(tokens_issued).toBe(before + 1);
    const withFile = data.find((m) => m.message.subject === 'Test bijlage@voorbeeld.nl')!;
    expect(withFile.message.replyTo).toEqual([
      { emailAddress: { address: 'afzender@voorbeeld.nl' } },
    ]);
    expect(withFile.message.attachments).toHaveLength(1);
    const [file] = withFile.message.attachments;
    expect(file!['@odata.type']).toBe('#microsoft.graph.fileAttachment');
    expect(file!.name).toBe('contract-ondertekend.pdf');
    expect(file!.contentType).toBe('application/pdf');
    expect(Buffer.from(file!.contentBytes, 'base64').equals(pdf)).toBe(true);
    expect(data.some((m) => m.message.subject === 'Test tweede@voorbeeld.nl')).toBe(true);
  });

  it('sends files past Graph’s 4 MB request limit through a draft and upload sessions', async () => {
    const storage = createStorage(t.config);
    // 3.5 MB of PDF bytes: 4.7 MB in base64, more than one Graph request takes.
    const big = Buffer.concat([await makePdf(1), randomBytes(3_500_000)]);
    const small = await makePdf(1);
    await storage.put('graph-test/groot.pdf', big);
    await storage.put('graph-test/klein.pdf', small);
    const id = await insertMail('groot@voorbeeld.nl', [
      { filename: 'groot.pdf', storageKey: 'graph-test/groot.pdf' },
      { filename: 'klein.pdf', storageKey: 'graph-test/klein.pdf' },
    ]);
    await sendMailJob.handle(
      {
        db: t.db,
        transport: createMailTransport(t.config, t.db),
        from: t.config.mailFrom,
        storage,
        rows: mailRows,
      },
      { mailId: id },
    );
    const received = await waitForMessage('groot@voorbeeld.nl', /Test groot/);
    expect(received.message.from.emailAddress.address).toBe('no-reply@paraaf.nl');
    const files = received.message.attachments;
    expect(files.map((f) => f.name)).toEqual(['groot.pdf', 'klein.pdf']);
    expect(Buffer.from(files[0]!.contentBytes, 'base64').equals(big)).toBe(true);
    expect(Buffer.from(files[1]!.contentBytes, 'base64').equals(small)).toBe(true);
    const [row] = await t.db.select().from(mails).where(eq(mails.id, id));
    expect(row?.sentAt).not.toBeNull();
  });

  it('asks for a new token once the old one is about to expire', async () => {
    let now = Date.now();
    const tokens = new MicrosoftTokenClient(t.config.microsoft, () => now);
    const before = (await simulator()).tokens_issued;
    const a = await tokens.accessToken(simulatedTenant.id);
    expect(await tokens.accessToken(simulatedTenant.id)).toBe(a);
    now += 3599_000 - 4 * 60_000; // within the last five minutes of its hour
    const b = await tokens.accessToken(simulatedTenant.id);
    expect(b).not.toBe(a);
    expect((await simulator()).tokens_issued).toBe(before + 2);
  });

  it('parallel senders share one token request', async () => {
    const tokens = new MicrosoftTokenClient(t.config.microsoft);
    const before = (await simulator()).tokens_issued;
    const got = await Promise.all(
      Array.from({ length: 5 }, () => tokens.accessToken(simulatedTenant.id)),
    );
    expect(new Set(got).size).toBe(1);
    expect((await simulator()).tokens_issued).toBe(before + 1);
  });

  it('marks a recipient Graph refuses as undeliverable', async () => {
    const deps = {
      db: t.db,
      transport: createMailTransport(t.config, t.db),
      from: t.config.mailFrom,
      rows: mailRows,
    };
    const id = await insertMail('geen-adres');
    await sendMailJob.handle(deps, { mailId: id });
    const [row] = await t.db.select().from(mails).where(eq(mails.id, id));
    expect(row?.failedAt).not.toBeNull();
    expect(row?.sentAt).toBeNull();
  });

  it('fails (and is retried) without a consented tenant or with a wrong client secret', async () => {
    const mail = {
      from: { name: 'Paraaf', address: 'no-reply@paraaf.nl' },
      to: 'iemand@voorbeeld.nl',
      messageId: '<x@paraaf.nl>',
      replyTo: null,
      headers: {},
      subject: 'Onderwerp',
      html: null,
      text: 'Hallo',
      attachments: [],
    };
    const noTenant = createGraphTransport({
      microsoft: t.config.microsoft,
      tenant: () => Promise.resolve(null),
    });
    await expect(noTenant.send(mail)).rejects.toThrow(/no Microsoft 365 tenant has consented/);
    const wrongSecret = createGraphTransport({
      microsoft: { ...t.config.microsoft, clientSecret: 'fout' },
      tenant: () => Promise.resolve(simulatedTenant.id),
    });
    await expect(wrongSecret.send(mail)).rejects.toThrow(/401 invalid_client/);
    const otherTenant = createGraphTransport({
      microsoft: t.config.microsoft,
      tenant: () => Promise.resolve('andere-organisatie.onmicrosoft.com'),
    });
    await expect(otherTenant.send(mail)).rejects.toThrow(/AADSTS90002/);
  });
});
