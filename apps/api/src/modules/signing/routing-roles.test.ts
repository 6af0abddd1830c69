import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails, signables, signerActions } from '../../db/schema/index.ts';
import { createStorage } from '../../lib/storage/create-storage.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { linkFrom } from '../../../test/smtp.ts';
import { pngDataUrl, requestRow, sendTestRequest, signerRow } from './signing.fixture.ts';

function pdftotext(bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-roles-'));
  const file = path.join(dir, 'doc.pdf');
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Approvers approve or decline without a signature; a cc only gets the signed documents. */
describe('signer roles: approver and cc', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (token: string, method: 'POST' | 'PUT' | 'GET', p: string, payload?: object) =>
    t.request({ method, url: `/api/signing/${token}${p}`, payload });
  const tokenFromMail = async (email: string) => {
    const mail = await t.smtp.waitForMail(email);
    return /\/ondertekenen\/([^/?#]+)$/.exec(linkFrom(mail, '/ondertekenen/'))![1]!;
  };
  const types = async (signerId: number) =>
    (
      await t.db
        .select({ type: signerActions.type })
        .from(signerActions)
        .where(eq(signerActions.signerId, signerId))
    ).map((a) => a.type);

  /** Step 1 a signer, step 2 an approver (e-mail code), a cc: step 1 signs. */
  async function throughStepOne() {
    const sent = await sendTestRequest(t, {
      signers: [
        { verifications: [5], routingOrder: 1 },
        { verifications: [1], routingOrder: 2, role: 'approver' },
        { verifications: [1], routingOrder: 1, role: 'cc' },
      ],
    });
    expect(sent.tokens[2]).toBeNull();
    const first = sent.tokens[0]!;
    const drawn = await call(first, 'PUT', '/signature', {
      type: 'signature',
      image: pngDataUrl(),
    });
    expect(drawn.statusCode).toBe(200);
    await call(first, 'GET', `/signables/${sent.signableIds[0]}/file`);
    expect((await call(first, 'POST', '/approve')).statusCode).toBe(200);
    const approver = await signerRow(t, sent.signerIds[1]!);
    expect(approver.stateId).toBe(3);
    const token = await tokenFromMail(approver.email);
    const page = await call(token, 'GET', '');
    expect(page.json()).toMatchObject({ status: 'open', signer: { role: 'approver' } });
    // The approver verifies as chosen (e-mail code) and has no signature step.
    expect(page.json<{ steps: { type: string }[] }>().steps.map((s) => s.type)).toEqual(['email']);
    expect((await call(token, 'POST', '/verifications/email')).statusCode).toBe(200);
    const mail = await t.smtp.waitForMail(approver.email, /code/i);
    const code = /\b(\d{6})\b/.exec(mail.subject)![1]!;
    const verified = await call(token, 'POST', '/verifications/email/verify', { code });
    expect(verified.statusCode, verified.body).toBe(200);
    await call(token, 'GET', `/signables/${sent.signableIds[0]}/file`);
    return { sent, token };
  }

  it('an approver approves (audit 3, no signature); the cc gets exactly one mail with the sealed files; the certificate lists them apart', async () => {
    const { sent, token } = await throughStepOne();
    const approved = await call(token, 'POST', '/approve');
    expect(approved.statusCode, approved.body).toBe(200);
    const approverTypes = await types(sent.signerIds[1]!);
    expect(approverTypes).toContain(3);
    expect(approverTypes).not.toContain(7);

    const deadline = Date.now() + 60_000;
    while ((await requestRow(t, sent.requestId)).stateId !== 5) {
      if (Date.now() > deadline) throw new Error('not sealed in time');
      await new Promise((r) => setTimeout(r, 200));
    }
    const cc = await signerRow(t, sent.signerIds[2]!);
    // Never invited to act, never charged.
    expect(cc.stateId).toBe(1);
    expect(await types(cc.id)).toEqual([]);
    expect((await requestRow(t, sent.requestId)).stateId).toBe(5);
    const ccMails = await t.db.select().from(mails).where(eq(mails.to, cc.email));
    expect(ccMails).toHaveLength(1);
    expect(ccMails[0]!.attachments?.length).toBe(1);

    const [doc] = await t.db.select().from(signables).where(eq(signables.id, sent.signableIds[0]!));
    const text = pdftotext(await createStorage(t.config).get(doc!.signedStorageKey!));
    const section = (heading: string, next: string) =>
      text.slice(text.indexOf(heading), text.indexOf(next, text.indexOf(heading)));
    expect(section('Ondertekenaars', 'Goedkeurders')).toContain('Onder1 Tekenaar');
    expect(section('Goedkeurders', 'Kopie aan')).toContain('Onder2 Tekenaar');
    expect(section('Kopie aan', 'Audittrail')).toContain('Onder3 Tekenaar');
    expect(section('Ondertekenaars', 'Goedkeurders')).not.toContain('Onder2');
  });

  it("an approver's decline ends the request (4); the cc gets nothing", async () => {
    const { sent, token } = await throughStepOne();
    const declined = await call(token, 'POST', '/decline', { reason: 'Bedrag klopt niet' });
    expect(declined.statusCode).toBe(200);
    expect((await requestRow(t, sent.requestId)).stateId).toBe(4);
    const cc = await signerRow(t, sent.signerIds[2]!);
    expect(
      await t.db
        .select()
        .from(mails)
        .where(and(eq(mails.to, cc.email))),
    ).toEqual([]);
  });
});
