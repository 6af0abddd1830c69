import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signingMessages } from '@paraaf/contract';
import {
  companies,
  creditLedger,
  departments,
  mails,
  signables,
  signerActions,
  signers,
  signRequests,
} from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import { bookCredits } from '../companies/companies.repository.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { linkFrom } from '../../../test/smtp.ts';
import {
  createDraftSignRequest,
  createMember,
  errorsOf,
  uniqueEmail,
} from '../../../test/factories.ts';

describe('POST /api/sign-requests/{id}/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const ready = (token: string | undefined, id: number) =>
    t.request({
      method: 'POST',
      url: `/api/sign-requests/${id}/ready`,
      token,
      headers: { 'user-agent': 'vitest-agent' },
    });
  const requestRow = async (id: number) =>
    (await t.db.select().from(signRequests).where(eq(signRequests.id, id)))[0]!;
  const signersOf = (id: number) =>
    t.db.select().from(signers).where(eq(signers.signRequestId, id)).orderBy(signers.position);
  const creditsOf = async (companyId: number) =>
    (await t.db.select().from(companies).where(eq(companies.id, companyId)))[0]!.credits;
  const ledgerFor = (id: number) =>
    t.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.causeKey, `sign-request:${id}`));
  const tokenFrom = (link: string) => /\/ondertekenen\/([^/?#]+)$/.exec(link)![1]!;
  const a4 = { width: 595, height: 842 };

  it('needs a session', async () => {
    const admin = await registerCompany(t);
    const { request } = await createDraftSignRequest(t, admin.user.company.id);
    expect((await ready(undefined, request.id)).statusCode).toBe(401);
  });

  it('is forbidden for a viewer', async () => {
    const admin = await registerCompany(t);
    const viewer = await createMember(t, admin.user.company.id, 'viewer');
    const { request } = await createDraftSignRequest(t, admin.user.company.id);
    expect((await ready(viewer.token, request.id)).statusCode).toBe(403);
    expect((await requestRow(request.id)).stateId).toBe(1);
  });

  it("answers 404 for another company's request", async () => {
    const admin = await registerCompany(t);
    const other = await registerCompany(t);
    const { request } = await createDraftSignRequest(t, other.user.company.id);
    expect((await ready(admin.token, request.id)).statusCode).toBe(404);
    expect((await requestRow(request.id)).stateId).toBe(1);
  });

  it('needs at least one signer and one document', async () => {
    const admin = await registerCompany(t);
    const noSigners = await createDraftSignRequest(t, admin.user.company.id, { signers: [] });
    const res1 = await ready(admin.token, noSigners.request.id);
    expect(res1.statusCode).toBe(422);
    expect(errorsOf(res1)).toEqual({ signers: [signingMessages.noSigners] });
    const noDocs = await createDraftSignRequest(t, admin.user.company.id, { signables: 0 });
    const res2 = await ready(admin.token, noDocs.request.id);
    expect(res2.statusCode).toBe(422);
    expect(errorsOf(res2)).toEqual({ signables: [signingMessages.noDocuments] });
    expect(await creditsOf(admin.user.company.id)).toBe(10);
  });

  it('answers 409 for a request that is not a draft', async () => {
    const admin = await registerCompany(t);
    const { request } = await createDraftSignRequest(t, admin.user.company.id);
    await t.db.update(signRequests).set({ stateId: 8 }).where(eq(signRequests.id, request.id));
    expect((await ready(admin.token, request.id)).statusCode).toBe(409);
    expect(await creditsOf(admin.user.company.id)).toBe(10);
  });

  it('charges one credit per signer, invites every signer by mail with a working link', async () => {
    const admin = await registerCompany(t, { company: 'Notariskantoor Jansen' });
    const companyId = admin.user.company.id;
    await t.db
      .update(departments)
      .set({ mailName: 'Jansen Notarissen' })
      .where(eq(departments.companyId, companyId));
    const emailNl = uniqueEmail('nl');
    const emailEn = uniqueEmail('en');
    const { request } = await createDraftSignRequest(t, companyId, {
      userId: admin.user.id,
      subject: 'Koopakte Dorpsstraat 1',
      message: 'Beste koper,\nHierbij de akte <b>graag</b> tekenen.',
      signers: [
        { email: emailNl, firstname: 'Piet', locale: 'nl' },
        { email: emailEn, firstname: 'John', lastname: 'Smith', locale: 'en' },
      ],
    });
    const res = await ready(admin.token, request.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: request.id });

    const row = await requestRow(request.id);
    expect(row.stateId).toBe(3);
    expect(row.creditsCost).toBe(2);
    expect(row.sentAt).not.toBeNull();
    expect(row.estimatedGdprPurgeAt!.getTime()).toBe(
      row.expiresAt.getTime() + 30 * 24 * 3600 * 1000,
    );
    expect(await creditsOf(companyId)).toBe(8);
    const ledger = await ledgerFor(request.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      amount: -2,
      balanceAfter: 8,
      reason: `Ondertekening #${request.id}`,
    });

    const [nl, en] = await signersOf(request.id);
    for (const s of [nl!, en!]) {
      expect(s.stateId).toBe(3);
      expect(s.invitedAt).not.toBeNull();
      expect(s.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    }
    const actions = await t.db
      .select()
      .from(signerActions)
      .where(eq(signerActions.signRequestId, request.id));
    expect(actions).toHaveLength(2);
    expect(actions[0]).toMatchObject({ type: 1, userId: admin.user.id, userAgent: 'vitest-agent' });
    expect(actions[0]!.ip).toBeTruthy();

    const mailNl = await t.smtp.waitForMail(emailNl);
    expect(mailNl.subject).toBe('Koopakte Dorpsstraat 1');
    expect(mailNl.from).toContain('Jansen Notarissen');
    // One letter: the sender's message is the only greeting; the message is escaped and keeps
    // its line breaks.
    expect(mailNl.html).toContain(
      'Beste koper,<br>Hierbij de akte &lt;b&gt;graag&lt;/b&gt; tekenen.',
    );
    expect(mailNl.html).not.toContain('Beste Piet');
    expect(mailNl.html.match(/Beste /g)).toHaveLength(1);
    expect(mailNl.html).not.toContain('Met vriendelijke groet');
    // Framed: the company above, one button in the brand colour, who sent it and where the
    // link leads under it; the same in the plain-text part.
    expect(mailNl.html).toContain('<strong style="font-size:18px">Notariskantoor Jansen</strong>');
    expect(mailNl.html.match(/<a href=/g)).toHaveLength(1);
    expect(mailNl.html).toContain('background:#087f5b');
    expect(mailNl.html).toContain(
      'heeft je deze e-mail gestuurd via Paraaf, een dienst voor elektronisch ondertekenen. De knop leidt alleen naar paraaf.test',
    );
    expect(mailNl.text).toContain('Notariskantoor Jansen');
    expect(mailNl.text).toContain('Beste koper,');
    expect(mailNl.text).toContain('De knop leidt alleen naar paraaf.test');
    // A reply reaches the person who sent it; out-of-office answers do not loop.
    expect(mailNl.replyTo).toBe(admin.user.email);
    expect(mailNl.headers['auto-submitted']).toBe('auto-generated');
    const linkNl = linkFrom(mailNl, '/ondertekenen/');
    expect(linkNl.startsWith('http://paraaf.test/ondertekenen/')).toBe(true);
    expect(sha256(tokenFrom(linkNl))).toBe(nl!.tokenHash);

    const mailEn = await t.smtp.waitForMail(emailEn);
    expect(mailEn.subject).toBe('Koopakte Dorpsstraat 1');
    expect(mailEn.html).not.toContain('Dear John Smith');
    expect(mailEn.html).toContain('View and sign the documents');
    expect(mailEn.text).toContain('sent you this e-mail through Paraaf');
    expect(mailEn.text).toContain('View and sign the documents');
    const linkEn = linkFrom(mailEn, '/ondertekenen/');
    expect(sha256(tokenFrom(linkEn))).toBe(en!.tokenHash);
    expect(tokenFrom(linkEn)).not.toBe(tokenFrom(linkNl));

    // The token appears in no API answer.
    expect(res.body).not.toContain(tokenFrom(linkNl));
    // Once delivered, the mail body with the link is not kept.
    // (The row is marked right after the SMTP server accepted the mail the test already read.)
    const stored = await vi.waitFor(async () => {
      const [row] = await t.db.select().from(mails).where(eq(mails.to, emailNl));
      expect(row!.sentAt).not.toBeNull();
      return row;
    });
    expect(stored!.html).toBeNull();
    expect(stored!.signerId).toBe(nl!.id);
  });

  it("uses the request's own invitation text for the signer's language", async () => {
    const admin = await registerCompany(t);
    const email = uniqueEmail('eigen');
    const { request } = await createDraftSignRequest(t, admin.user.company.id, {
      signers: [{ email }],
      message: 'Persoonlijk bericht',
    });
    await t.db
      .update(signRequests)
      .set({
        emailTemplates: {
          nl: {
            subject: 'Eigen onderwerp [[firstname]]',
            template: '<p>Hallo [[firstname]]!</p><p>[[content]]</p><p>[[link]]</p>',
          },
        },
      })
      .where(eq(signRequests.id, request.id));
    expect((await ready(admin.token, request.id)).statusCode).toBe(200);
    const mail = await t.smtp.waitForMail(email);
    expect(mail.subject).toBe('Eigen onderwerp Onder1');
    expect(mail.html).toContain('Hallo Onder1!');
    expect(mail.html).toContain('Persoonlijk bericht');
    linkFrom(mail, '/ondertekenen/');
  });

  it('adds the plan price per SMS and iDIN signer to the cost', async () => {
    const admin = await registerCompany(t);
    const companyId = admin.user.company.id;
    const { request } = await createDraftSignRequest(t, companyId, {
      signers: [
        { verifications: [1] },
        { verifications: [2], phone: '+31612345678' },
        { verifications: [4] },
      ],
    });
    expect((await ready(admin.token, request.id)).statusCode).toBe(200);
    // Free plan: SMS 1 credit, iDIN 2 credits, plus one per signer.
    expect((await requestRow(request.id)).creditsCost).toBe(3 + 1 + 2);
    expect(await creditsOf(companyId)).toBe(10 - 6);
  });

  it('answers 402 without enough credits, keeps the draft, and sends once credits are added', async () => {
    const admin = await registerCompany(t);
    const companyId = admin.user.company.id;
    await t.db.update(companies).set({ credits: 1 }).where(eq(companies.id, companyId));
    const { request } = await createDraftSignRequest(t, companyId, { signers: 2 });
    const res = await ready(admin.token, request.id);
    expect(res.statusCode).toBe(402);
    expect(res.json<{ message: string }>().message).toBe(
      'Je hebt niet voldoende credits om deze ondertekening te versturen.',
    );
    const row = await requestRow(request.id);
    expect(row.stateId).toBe(1);
    expect(row.sentAt).toBeNull();
    expect(await creditsOf(companyId)).toBe(1);
    expect(await ledgerFor(request.id)).toHaveLength(0);
    expect((await signersOf(request.id)).map((s) => s.stateId)).toEqual([1, 1]);
    expect(
      await t.db
        .select()
        .from(mails)
        .where(eq(mails.signerId, (await signersOf(request.id))[0]!.id)),
    ).toHaveLength(0);

    await bookCredits(t.db, companyId, 5, 'Gekocht', `test-purchase:${companyId}`);
    expect((await ready(admin.token, request.id)).statusCode).toBe(200);
    expect((await requestRow(request.id)).stateId).toBe(3);
    expect(await creditsOf(companyId)).toBe(4);
  });

  it('charges once when two sends race', async () => {
    const admin = await registerCompany(t);
    const companyId = admin.user.company.id;
    const { request } = await createDraftSignRequest(t, companyId, { signers: 2 });
    const results = await Promise.all([
      ready(admin.token, request.id),
      ready(admin.token, request.id),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await ledgerFor(request.id)).toHaveLength(1);
    expect(await creditsOf(companyId)).toBe(8);
    const actions = await t.db
      .select()
      .from(signerActions)
      .where(eq(signerActions.signRequestId, request.id));
    expect(actions).toHaveLength(2);
  });

  it('invites only the first signer of a request in sequence', async () => {
    const admin = await registerCompany(t);
    const first = uniqueEmail('eerste');
    const second = uniqueEmail('tweede');
    const { request } = await createDraftSignRequest(t, admin.user.company.id, {
      isSync: true,
      signers: [{ email: first }, { email: second }],
    });
    expect((await ready(admin.token, request.id)).statusCode).toBe(200);
    const [s1, s2] = await signersOf(request.id);
    expect(s1!.stateId).toBe(3);
    expect(s2).toMatchObject({ stateId: 1, invitedAt: null, tokenHash: null });
    // Both were charged: the second signer will be invited later in the same request.
    expect((await requestRow(request.id)).creditsCost).toBe(2);
    await t.smtp.waitForMail(first);
    expect(await t.db.select().from(mails).where(eq(mails.to, second))).toHaveLength(0);
  });

  it('marks a signer 40 when the mail server refuses the address, without retrying', async () => {
    const admin = await registerCompany(t);
    const bad = uniqueEmail('bestaat-niet');
    const good = uniqueEmail('bestaat');
    t.smtp.rejectRecipients.push(bad);
    const { request } = await createDraftSignRequest(t, admin.user.company.id, {
      signers: [{ email: bad }, { email: good }],
    });
    expect((await ready(admin.token, request.id)).statusCode).toBe(200);
    await t.smtp.waitForMail(good);
    const deadline = Date.now() + 10_000;
    let badSigner = (await signersOf(request.id))[0]!;
    while (badSigner.stateId !== 40 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      badSigner = (await signersOf(request.id))[0]!;
    }
    expect(badSigner.stateId).toBe(40);
    expect((await signersOf(request.id))[1]!.stateId).toBe(3);
    // The request itself stays in progress: the other signers can sign, the sender can fix it.
    expect((await requestRow(request.id)).stateId).toBe(3);
    const [mail] = await t.db
      .select()
      .from(mails)
      .where(and(eq(mails.to, bad), eq(mails.signerId, badSigner.id)));
    expect(mail!.failedAt).not.toBeNull();
    expect(mail!.sentAt).toBeNull();
    expect(mail!.html).toBeNull();
    expect(t.smtp.mails.filter((m) => m.to.includes(bad))).toHaveLength(0);
  });

  it('places a signature box at the foot of the last page and initials on every page', async () => {
    const admin = await registerCompany(t);
    const {
      request,
      signers: list,
      signables: docs,
    } = await createDraftSignRequest(t, admin.user.company.id, {
      signers: [
        { verifications: [1, 5] },
        { verifications: [1, 5, 6] },
        { verifications: [1] },
        { verifications: [1, 5] },
      ],
      signables: 2,
    });
    // Signer 4 placed their own signature on the first document: nothing is added for them.
    const own = {
      type: 'generated',
      value: 'signer.4.signature',
      page: 1,
      x: 100,
      y: 100,
      width: 150,
      height: 50,
      options: {},
    };
    await t.db
      .update(signables)
      .set({ config: { variables: [own], fields: [] }, pageCount: 2, pages: [a4, a4] })
      .where(eq(signables.id, docs[0]!.id));
    expect((await ready(admin.token, request.id)).statusCode).toBe(200);
    const [first, last] = await Promise.all(
      docs.map(
        async (d) => (await t.db.select().from(signables).where(eq(signables.id, d.id)))[0]!,
      ),
    );
    type V = { value: string; page: number; x: number; y: number; width: number; height: number };
    const vars = (row: typeof first) => row!.config.variables as V[];
    // The last document (one page): signatures of signers 1 and 2 side by side at the foot,
    // each with the name under it; signer 2's initials in the corner.
    const signatures = vars(last).filter((v) => v.value.endsWith('.signature'));
    expect(signatures.map((v) => v.value)).toEqual(['signer.1.signature', 'signer.2.signature']);
    expect(signatures.every((v) => v.page === 1 && v.y + v.height <= 842 - 36)).toBe(true);
    expect(signatures[0]!.y).toBe(signatures[1]!.y);
    expect(signatures[1]!.x).toBeGreaterThanOrEqual(signatures[0]!.x + signatures[0]!.width);
    expect(
      vars(last)
        .filter((v) => v.value.endsWith('.name'))
        .map((v) => v.value),
    ).toEqual(['signer.1.name', 'signer.2.name']);
    expect(vars(last).filter((v) => v.value === 'signer.2.paraph')).toHaveLength(1);
    // The first document: its own marker kept, initials on both pages, no signatures added.
    expect(vars(first)[0]).toEqual(own);
    expect(
      vars(first)
        .filter((v) => v.value === 'signer.2.paraph')
        .map((v) => v.page),
    ).toEqual([1, 2]);
    expect(vars(first).filter((v) => v.value.endsWith('.signature'))).toHaveLength(1);
    expect(list).toHaveLength(4);
  });
});
