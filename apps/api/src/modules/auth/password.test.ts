import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type Session } from '@paraaf/contract';
import { mails } from '../../db/schema/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import { linkFrom } from '../../../test/smtp.ts';
import {
  PASSWORD,
  createUser,
  errorsOf,
  login,
  uniqueEmail,
  whoAmI,
} from '../../../test/factories.ts';

const NEW_PASSWORD = 'Nieuw-wachtwoord-42';

describe('password flows', () => {
  let t: TestApp;
  let companyId: number;
  beforeAll(async () => {
    t = await createTestApp();
    companyId = (await registerCompany(t)).user.company.id;
  });
  afterAll(() => t.close());

  const remind = (email: unknown) =>
    t.request({ method: 'POST', url: '/api/auth/password-reminder', payload: { email } });
  const reset = (token: string, payload: object) =>
    t.request({ method: 'POST', url: `/api/auth/password-reset/${token}`, payload });

  /** Asks for a reset link for the address and returns the token from the mail. */
  async function resetToken(email: string): Promise<string> {
    expect((await remind(email)).statusCode).toBe(200);
    const mail = await t.smtp.waitForMail(email, /Wachtwoord herstellen/);
    const link = linkFrom(mail, '/wachtwoord-instellen/');
    expect(link.startsWith('http://paraaf.test/wachtwoord-instellen/')).toBe(true);
    return link.split('/wachtwoord-instellen/')[1]!;
  }

  describe('POST /api/auth/password-reminder', () => {
    it('requires a valid address', async () => {
      const missing = await t.request({
        method: 'POST',
        url: '/api/auth/password-reminder',
        payload: {},
      });
      expect(missing.statusCode).toBe(422);
      expect(errorsOf(missing)).toEqual({ email: [messages.required] });
      const invalid = await remind('geen-adres');
      expect(invalid.statusCode).toBe(422);
      expect(errorsOf(invalid)).toEqual({ email: [messages.email] });
    });

    it('answers the same for a known and an unknown address, and mails only the known one', async () => {
      const user = await createUser(t, companyId);
      const unknownEmail = uniqueEmail('onbekend');
      const known = await remind(user.email);
      const unknown = await remind(unknownEmail);
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(unknown.body).toBe(known.body);
      expect(known.json()).toEqual({
        message:
          'Er is een wachtwoord herstel email verstuurd, klik op de link in de mail om je wachtwoord te herstellen.',
      });
      await t.smtp.waitForMail(user.email, /Wachtwoord herstellen/);
      expect(await t.db.select().from(mails).where(eq(mails.to, unknownEmail))).toHaveLength(0);
      expect(t.smtp.mails.filter((m) => m.to.includes(unknownEmail))).toHaveLength(0);
    });

    it('mails no link to an invited user that has not activated', async () => {
      const invited = await createUser(t, companyId, { isActive: false });
      expect((await remind(invited.email)).statusCode).toBe(200);
      expect(await t.db.select().from(mails).where(eq(mails.to, invited.email))).toHaveLength(0);
    });
  });

  describe('POST /api/auth/password-reset/{token}', () => {
    it('refuses an unknown token', async () => {
      const res = await reset('onbekend-token', { email: uniqueEmail(), password: NEW_PASSWORD });
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)).toEqual({ email: [messages.resetTokenInvalid] });
    });

    it('refuses the token with another address, and keeps it usable', async () => {
      const user = await createUser(t, companyId);
      const other = await createUser(t, companyId);
      const token = await resetToken(user.email);
      const res = await reset(token, { email: other.email, password: NEW_PASSWORD });
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)).toEqual({ email: [messages.resetTokenInvalid] });
      await login(t, other.email, PASSWORD);
      expect((await reset(token, { email: user.email, password: NEW_PASSWORD })).statusCode).toBe(
        200,
      );
    });

    it('refuses a short password and differing repeat', async () => {
      const user = await createUser(t, companyId);
      const token = await resetToken(user.email);
      const short = await reset(token, { email: user.email, password: 'kort' });
      expect(short.statusCode).toBe(422);
      expect(errorsOf(short)).toEqual({ password: [messages.passwordTooShort] });
      const mismatch = await reset(token, {
        email: user.email,
        password: NEW_PASSWORD,
        password_confirmation: 'Anders-123',
      });
      expect(mismatch.statusCode).toBe(422);
      expect(errorsOf(mismatch)).toEqual({ password_confirmation: [messages.passwordMismatch] });
      await login(t, user.email, PASSWORD);
    });

    it('sets the new password once and ends every session of the user', async () => {
      const user = await createUser(t, companyId);
      const earlier = await login(t, user.email);
      const token = await resetToken(user.email);

      const res = await reset(token, {
        email: user.email.toUpperCase(),
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(200);
      await expect(login(t, user.email, PASSWORD)).rejects.toThrow(/422/);
      expect((await login(t, user.email, NEW_PASSWORD)).user.id).toBe(user.id);
      expect((await whoAmI(t, earlier.token)).statusCode).toBe(401);

      const again = await reset(token, { email: user.email, password: 'Derde-wachtwoord-3' });
      expect(again.statusCode).toBe(422);
      await expect(login(t, user.email, 'Derde-wachtwoord-3')).rejects.toThrow(/422/);
    });
  });

  describe('POST /api/user/password-change', () => {
    const change = (token: string | undefined, payload: object) =>
      t.request({ method: 'POST', url: '/api/user/password-change', token, payload });

    it('needs a session', async () => {
      const res = await change(undefined, {
        oldpassword: PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(401);
    });

    it('requires every field', async () => {
      const user = await createUser(t, companyId);
      const session = await login(t, user.email);
      const res = await change(session.token, {});
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)).toEqual({
        oldpassword: [messages.required],
        password: [messages.required],
        password_confirmation: [messages.required],
      });
    });

    it('refuses a wrong current password on oldpassword', async () => {
      const user = await createUser(t, companyId);
      const session = await login(t, user.email);
      const res = await change(session.token, {
        oldpassword: 'Niet-het-wachtwoord',
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)).toEqual({ oldpassword: [messages.oldPasswordWrong] });
      await login(t, user.email, PASSWORD);
    });

    it('refuses a differing repeat on password_confirmation', async () => {
      const user = await createUser(t, companyId);
      const session = await login(t, user.email);
      const res = await change(session.token, {
        oldpassword: PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: 'Iets-anders-9',
      });
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)).toEqual({ password_confirmation: [messages.passwordMismatch] });
    });

    it('changes the password, ends the other sessions and keeps the current one', async () => {
      const user = await createUser(t, companyId);
      const current: Session = await login(t, user.email);
      const other = await login(t, user.email);
      const res = await change(current.token, {
        oldpassword: PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(200);
      expect((await whoAmI(t, current.token)).statusCode).toBe(200);
      expect((await whoAmI(t, other.token)).statusCode).toBe(401);
      await expect(login(t, user.email, PASSWORD)).rejects.toThrow(/422/);
      expect((await login(t, user.email, NEW_PASSWORD)).user.id).toBe(user.id);
    });
  });
});
