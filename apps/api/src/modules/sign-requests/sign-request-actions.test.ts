import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, signingMessages, type SignerAction, type SignerDto } from '@paraaf/contract';
import { signers, signRequests } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { linkFrom } from '../../../test/smtp.ts';
import {
  createDraftSignRequest,
  createMember,
  createUser,
  errorsOf,
  uniqueEmail,
} from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signerRow = async (id: number) =>
  (await t.db.select().from(signers).where(eq(signers.id, id)))[0]!;
const requestRow = async (id: number) =>
  (await t.db.select().from(signRequests).where(eq(signRequests.id, id)))[0]!;

/** A request sent through the API: signers invited, credits charged, mails queued. */
async function sentRequest(
  token: string,
  companyId: number,
  options: Parameters<typeof createDraftSignRequest>[2] = {},
) {
  const draft = await createDraftSignRequest(t, companyId, options);
  const res = await t.request({
    method: 'POST',
    url: `/api/sign-requests/${draft.request.id}/ready`,
    token,
  });
  if (res.statusCode !== 200) throw new Error(`ready failed: ${res.body}`);
  return draft;
}

const tokenOf = (mail: Parameters<typeof linkFrom>[0]) =>
  /\/ondertekenen\/([^/?#]+)$/.exec(linkFrom(mail, '/ondertekenen/'))![1]!;
const openLink = (token: string) => t.request({ method: 'GET', url: `/api/signing/${token}` });

describe('POST /api/sign-requests/{id}/cancel', () => {
  const cancel = (token: string | undefined, id: number) =>
    t.request({ method: 'POST', url: `/api/sign-requests/${id}/cancel`, token });

  it('needs a session, is forbidden for a viewer, 404 for another company', async () => {
    const admin = await registerCompany(t);
    const other = await registerCompany(t);
    const viewer = await createMember(t, admin.user.company.id, 'viewer');
    const { request } = await sentRequest(admin.token, admin.user.company.id);
    expect((await cancel(undefined, request.id)).statusCode).toBe(401);
    expect((await cancel(viewer.token, request.id)).statusCode).toBe(403);
    expect((await cancel(other.token, request.id)).statusCode).toBe(404);
    expect((await requestRow(request.id)).stateId).toBe(3);
  });

  it('answers 409 unless the request is in progress', async () => {
    const admin = await registerCompany(t);
    const { request } = await createDraftSignRequest(t, admin.user.company.id);
    expect((await cancel(admin.token, request.id)).statusCode).toBe(409);
    expect((await requestRow(request.id)).stateId).toBe(1);
  });

  it('cancels, updates the waiting signers and mails every signer in their language', async () => {
    const admin = await registerCompany(t);
    const nl = uniqueEmail('annuleer-nl');
    const fr = uniqueEmail('annuleer-fr');
    const {
      request,
      signers: [s1, s2],
    } = await sentRequest(admin.token, admin.user.company.id, {
      subject: 'Huurcontract',
      signers: [{ email: nl }, { email: fr, locale: 'fr', firstname: 'Jeanne' }],
    });
    await t.db.update(signers).set({ stateId: 5 }).where(eq(signers.id, s2!.id));
    const res = await cancel(admin.token, request.id);
    expect(res.statusCode).toBe(200);
    expect((await requestRow(request.id)).stateId).toBe(8);
    expect((await signerRow(s1!.id)).stateId).toBe(8);
    // A signer who already signed keeps that state, but is told too.
    expect((await signerRow(s2!.id)).stateId).toBe(5);
    const mailNl = await t.smtp.waitForMail(nl, /geannuleerd/);
    expect(mailNl.subject).toBe('Ondertekening geannuleerd: Huurcontract');
    const mailFr = await t.smtp.waitForMail(fr, /annulée/);
    expect(mailFr.subject).toBe('Signature annulée : Huurcontract');
    expect(mailFr.html).toContain('Bonjour Jeanne');
    expect((await cancel(admin.token, request.id)).statusCode).toBe(409);
  });
});

describe('PUT /api/sign-requests/{id}/update-signer', () => {
  const update = (token: string | undefined, id: number, payload: object) =>
    t.request({ method: 'PUT', url: `/api/sign-requests/${id}/update-signer`, token, payload });
  const body = (signerId: number, overrides: object = {}) => ({
    signer_id: signerId,
    firstname: 'Nieuwe',
    lastname: 'Naam',
    email: uniqueEmail('nieuw'),
    locale: 'nl',
    verifications: [1],
    reminder_after: 2,
    max_reminders: 4,
    ...overrides,
  });

  it('needs a session, is forbidden for a viewer, 404 for another company or another request', async () => {
    const admin = await registerCompany(t);
    const other = await registerCompany(t);
    const viewer = await createMember(t, admin.user.company.id, 'viewer');
    const {
      request,
      signers: [s],
    } = await createDraftSignRequest(t, admin.user.company.id);
    const second = await createDraftSignRequest(t, admin.user.company.id);
    expect((await update(undefined, request.id, body(s!.id))).statusCode).toBe(401);
    expect((await update(viewer.token, request.id, body(s!.id))).statusCode).toBe(403);
    expect((await update(other.token, request.id, body(s!.id))).statusCode).toBe(404);
    // A signer of another request of the same company.
    expect((await update(admin.token, second.request.id, body(s!.id))).statusCode).toBe(404);
    expect((await signerRow(s!.id)).firstname).toBe('Onder1');
  });

  it('validates the fields with the Dutch texts', async () => {
    const admin = await registerCompany(t);
    const {
      request,
      signers: [s],
    } = await createDraftSignRequest(t, admin.user.company.id);
    const empty = await update(admin.token, request.id, { signer_id: s!.id });
    expect(empty.statusCode).toBe(422);
    expect(errorsOf(empty)).toMatchObject({
      firstname: [messages.required],
      email: [messages.required],
    });
    expect(
      errorsOf(await update(admin.token, request.id, body(s!.id, { max_reminders: 6 }))),
    ).toEqual({
      max_reminders: [signingMessages.maxRemindersMax],
    });
    expect(
      errorsOf(await update(admin.token, request.id, body(s!.id, { verifications: [1, 2] }))),
    ).toEqual({
      phone: [messages.required],
    });
    expect(
      errorsOf(await update(admin.token, request.id, body(s!.id, { verifications: [4] }))),
    ).toEqual({
      verifications: [signingMessages.idinNotAvailable],
    });
  });

  it('answers 409 when the request or the signer is no longer open', async () => {
    const admin = await registerCompany(t);
    const {
      request,
      signers: [s],
    } = await createDraftSignRequest(t, admin.user.company.id);
    await t.db.update(signers).set({ stateId: 5 }).where(eq(signers.id, s!.id));
    expect((await update(admin.token, request.id, body(s!.id))).statusCode).toBe(409);
    await t.db.update(signers).set({ stateId: 3 }).where(eq(signers.id, s!.id));
    await t.db.update(signRequests).set({ stateId: 8 }).where(eq(signRequests.id, request.id));
    expect((await update(admin.token, request.id, body(s!.id))).statusCode).toBe(409);
  });

  it('edits a signer of a draft and writes audit action 19', async () => {
    const admin = await registerCompany(t);
    const {
      request,
      signers: [s],
    } = await createDraftSignRequest(t, admin.user.company.id);
    const payload = body(s!.id, { locale: 'de' });
    const res = await update(admin.token, request.id, payload);
    expect(res.statusCode).toBe(200);
    expect(res.json<SignerDto>()).toMatchObject({
      id: s!.id,
      firstname: 'Nieuwe',
      email: payload.email,
      locale: 'de',
      reminder_after: 2,
      max_reminders: 4,
      state_id: 1,
    });
    const trail = await t.request({
      method: 'GET',
      url: `/api/signers/${s!.id}/verifications`,
      token: admin.token,
    });
    const actions = trail.json<{ data: { data: SignerAction[] } }>().data.data;
    expect(actions.map((a) => [a.type, a.label])).toEqual([[19, 'Ondertekenaar aangepast']]);
    expect(actions[0]!.comment).toContain('e-mailadres');
  });

  it('revokes the link when the address of a sent signer changes, and locks the methods', async () => {
    const admin = await registerCompany(t);
    const {
      request,
      signers: [s],
    } = await sentRequest(admin.token, admin.user.company.id, {
      signers: [{ email: uniqueEmail('oud'), locale: 'de' }],
    });
    expect((await signerRow(s!.id)).tokenHash).not.toBeNull();
    const oldLink = tokenOf(await t.smtp.waitForMail(s!.email));
    expect((await openLink(oldLink)).statusCode).toBe(200);
    const locked = await update(admin.token, request.id, body(s!.id, { verifications: [1, 5] }));
    expect(locked.statusCode).toBe(422);
    expect(errorsOf(locked)).toEqual({ verifications: [signingMessages.verificationsLocked] });
    const res = await update(admin.token, request.id, body(s!.id, { locale: 'de' }));
    expect(res.statusCode).toBe(200);
    const row = await signerRow(s!.id);
    expect(row.stateId).toBe(3);
    expect(row.tokenHash).toBeNull();
    // The mail to the old address no longer opens the request, and the page can say why in the
    // signer's language; a token never issued is only 'not valid'.
    const closed = await openLink(oldLink);
    expect(closed.statusCode).toBe(410);
    expect(closed.json()).toEqual({
      message: 'Deze link is niet meer geldig. Neem contact op met de afzender.',
      status: 'replaced',
      locale: 'de',
    });
    expect(closed.body).not.toContain(s!.firstname);
    const guess = await openLink('x'.repeat(43));
    expect(guess.statusCode).toBe(404);
    expect(guess.json()).toEqual({ message: 'Deze link is ongeldig' });
    // Same address: the link stays.
    const sameAddress = await sentRequest(admin.token, admin.user.company.id);
    const before = (await signerRow(sameAddress.signers[0]!.id)).tokenHash;
    await update(
      admin.token,
      sameAddress.request.id,
      body(sameAddress.signers[0]!.id, { email: sameAddress.signers[0]!.email }),
    );
    expect((await signerRow(sameAddress.signers[0]!.id)).tokenHash).toBe(before);
  });

  it('lets a signer whose address bounced (40) get a corrected address', async () => {
    const admin = await registerCompany(t);
    const {
      request,
      signers: [s],
    } = await sentRequest(admin.token, admin.user.company.id);
    await t.db.update(signers).set({ stateId: 40 }).where(eq(signers.id, s!.id));
    const res = await update(admin.token, request.id, body(s!.id));
    expect(res.statusCode).toBe(200);
    expect((await signerRow(s!.id)).stateId).toBe(3);
  });
});

describe('PUT /api/sign-requests/{signerId}/send-manual-reminder', () => {
  const remind = (token: string | undefined, signerId: number) =>
    t.request({ method: 'PUT', url: `/api/sign-requests/${signerId}/send-manual-reminder`, token });
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3600 * 1000);

  it('needs a session, is forbidden for a viewer, 404 for another company', async () => {
    const admin = await registerCompany(t);
    const other = await registerCompany(t);
    const viewer = await createMember(t, admin.user.company.id, 'viewer');
    const {
      signers: [s],
    } = await sentRequest(admin.token, admin.user.company.id);
    expect((await remind(undefined, s!.id)).statusCode).toBe(401);
    expect((await remind(viewer.token, s!.id)).statusCode).toBe(403);
    expect((await remind(other.token, s!.id)).statusCode).toBe(404);
    expect((await remind(admin.token, 2147483647)).statusCode).toBe(404);
  });

  it('answers 409 for a draft or a signer that is done', async () => {
    const admin = await registerCompany(t);
    const draft = await createDraftSignRequest(t, admin.user.company.id);
    expect((await remind(admin.token, draft.signers[0]!.id)).statusCode).toBe(409);
    const {
      signers: [s],
    } = await sentRequest(admin.token, admin.user.company.id);
    await t.db
      .update(signers)
      .set({ stateId: 5, invitedAt: hoursAgo(2) })
      .where(eq(signers.id, s!.id));
    expect((await remind(admin.token, s!.id)).statusCode).toBe(409);
  });

  it('refuses within an hour of the invitation', async () => {
    const admin = await registerCompany(t);
    const {
      signers: [s],
    } = await sentRequest(admin.token, admin.user.company.id);
    const res = await remind(admin.token, s!.id);
    expect(res.statusCode).toBe(422);
    expect(res.json<{ message: string }>().message).toBe(signingMessages.reminderTooRecent);
  });

  it('mails a new link, counts it, writes audit 18, and refuses a second one right after', async () => {
    const admin = await registerCompany(t);
    const email = uniqueEmail('herinner');
    const {
      signers: [s],
    } = await sentRequest(admin.token, admin.user.company.id, {
      signers: [{ email, locale: 'en' }],
    });
    await t.smtp.waitForMail(email);
    await t.db
      .update(signers)
      .set({ invitedAt: hoursAgo(2) })
      .where(eq(signers.id, s!.id));
    const oldHash = (await signerRow(s!.id)).tokenHash;
    const invitation = tokenOf(await t.smtp.waitForMail(email));
    const res = await remind(admin.token, s!.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<SignerDto>()).toMatchObject({ manual_reminders_sent: 1 });
    const row = await signerRow(s!.id);
    expect(row.manualRemindersSent).toBe(1);
    expect(row.lastReminderAt).not.toBeNull();
    // The screen disables the button until an hour after this mail, and says so.
    expect(res.json<SignerDto>().manual_reminder_available_at).toBe(
      new Date(row.lastReminderAt!.getTime() + 3600_000).toISOString(),
    );
    expect(row.tokenHash).not.toBe(oldHash);
    const mail = await t.smtp.waitForMail(email, /Reminder/);
    const token = tokenOf(mail);
    expect(sha256(token)).toBe(row.tokenHash);
    expect(res.body).not.toContain(token);
    // Both links work: most signers click the first mail.
    expect(token).not.toBe(invitation);
    expect((await openLink(invitation)).statusCode).toBe(200);
    expect((await openLink(token)).statusCode).toBe(200);

    const again = await remind(admin.token, s!.id);
    expect(again.statusCode).toBe(422);
    expect(again.json<{ message: string }>().message).toBe(signingMessages.reminderTooRecent);
    expect((await signerRow(s!.id)).manualRemindersSent).toBe(1);

    const trail = await t.request({
      method: 'GET',
      url: `/api/signers/${s!.id}/verifications`,
      token: admin.token,
    });
    // Sent, reminded, then opened (through the first mail's link, above).
    expect(trail.json<{ data: { data: SignerAction[] } }>().data.data.map((a) => a.type)).toEqual([
      1, 18, 2,
    ]);
  });

  it('still reminds by hand a signer whose automatic reminders ran out (state 6)', async () => {
    const admin = await registerCompany(t);
    const email = uniqueEmail('op');
    const {
      signers: [s],
    } = await sentRequest(admin.token, admin.user.company.id, { signers: [{ email }] });
    await t.smtp.waitForMail(email);
    await t.db
      .update(signers)
      .set({ stateId: 6, invitedAt: hoursAgo(200), lastReminderAt: hoursAgo(30) })
      .where(eq(signers.id, s!.id));
    const res = await remind(admin.token, s!.id);
    expect(res.statusCode).toBe(200);
    const row = await signerRow(s!.id);
    expect(row).toMatchObject({ stateId: 6, manualRemindersSent: 1 });
    const mail = await t.smtp.waitForMail(email, /herinnering/i);
    expect(sha256(/\/ondertekenen\/([^/?#]+)$/.exec(linkFrom(mail, '/ondertekenen/'))![1]!)).toBe(
      row.tokenHash,
    );
  });

  it('sends at once to a corrected address', async () => {
    const admin = await registerCompany(t);
    const {
      request,
      signers: [s],
    } = await sentRequest(admin.token, admin.user.company.id);
    const newEmail = uniqueEmail('gecorrigeerd');
    const upd = await t.request({
      method: 'PUT',
      url: `/api/sign-requests/${request.id}/update-signer`,
      token: admin.token,
      payload: {
        signer_id: s!.id,
        firstname: 'A',
        lastname: 'B',
        email: newEmail,
        locale: 'nl',
        verifications: [1],
        reminder_after: 3,
        max_reminders: 5,
      },
    });
    expect(upd.statusCode).toBe(200);
    expect((await remind(admin.token, s!.id)).statusCode).toBe(200);
    const mail = await t.smtp.waitForMail(newEmail, /Herinnering/);
    linkFrom(mail, '/ondertekenen/');
  });
});

describe('POST /api/sign-requests/{id}/viewer-user', () => {
  const change = (token: string | undefined, id: number, payload: object) =>
    t.request({ method: 'POST', url: `/api/sign-requests/${id}/viewer-user`, token, payload });

  it('needs a session, is forbidden for a viewer, 404 for another company', async () => {
    const admin = await registerCompany(t);
    const other = await registerCompany(t);
    const viewer = await createMember(t, admin.user.company.id, 'viewer');
    const { request } = await createDraftSignRequest(t, admin.user.company.id);
    expect((await change(undefined, request.id, { user_id: null })).statusCode).toBe(401);
    expect((await change(viewer.token, request.id, { user_id: null })).statusCode).toBe(403);
    expect((await change(other.token, request.id, { user_id: null })).statusCode).toBe(404);
  });

  it('refuses a user of another company and a missing user_id', async () => {
    const admin = await registerCompany(t);
    const other = await registerCompany(t);
    const { request } = await createDraftSignRequest(t, admin.user.company.id);
    const res = await change(admin.token, request.id, { user_id: other.user.id });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ user_id: [signingMessages.viewerNotInCompany] });
    expect((await change(admin.token, request.id, {})).statusCode).toBe(422);
    expect((await requestRow(request.id)).viewerUserId).toBeNull();
  });

  it('links a company user and clears it with null', async () => {
    const admin = await registerCompany(t);
    const viewerUser = await createUser(t, admin.user.company.id, {
      role: 'viewer',
      name: 'Inzage Persoon',
    });
    const { request } = await createDraftSignRequest(t, admin.user.company.id);
    const res = await change(admin.token, request.id, { user_id: viewerUser.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: request.id,
      viewer_user: { id: viewerUser.id, name: 'Inzage Persoon' },
    });
    expect((await requestRow(request.id)).viewerUserId).toBe(viewerUser.id);
    expect((await change(admin.token, request.id, { user_id: null })).statusCode).toBe(200);
    expect((await requestRow(request.id)).viewerUserId).toBeNull();
  });
});

describe('GET /api/signers/{id}/verifications', () => {
  const trail = (token: string | undefined, id: number) =>
    t.request({ method: 'GET', url: `/api/signers/${id}/verifications`, token });

  it('needs a session, is forbidden for a viewer, 404 for another company', async () => {
    const admin = await registerCompany(t);
    const other = await registerCompany(t);
    const viewer = await createMember(t, admin.user.company.id, 'viewer');
    const {
      signers: [s],
    } = await sentRequest(admin.token, admin.user.company.id);
    expect((await trail(undefined, s!.id)).statusCode).toBe(401);
    expect((await trail(viewer.token, s!.id)).statusCode).toBe(403);
    expect((await trail(other.token, s!.id)).statusCode).toBe(404);
  });

  it('lists the audit actions oldest first with their labels', async () => {
    const admin = await registerCompany(t);
    const {
      signers: [s],
    } = await sentRequest(admin.token, admin.user.company.id);
    const res = await trail(admin.token, s!.id);
    expect(res.statusCode).toBe(200);
    const [sent] = res.json<{ data: { data: SignerAction[] } }>().data.data;
    expect(sent).toMatchObject({ type: 1, label: 'Verstuurd', comment: null });
    expect(new Date(sent!.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});
