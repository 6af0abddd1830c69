import { markVerifiedWhenComplete } from '../signing/verification-state.ts';
import { and, eq, isNull } from 'drizzle-orm';
import { signerApiMessages } from '@paraaf/contract';
import { companies, signerEvidence } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { queueSms } from '../../lib/sms/outbox.ts';
import { normalizePhone, smsSenderName } from '../../lib/sms/sms-sender.ts';
import { issueCode, verifyCode, CODE_TTL_MINUTES } from '../signing/codes.ts';
import { maskPhone } from '../signing/signer-fields.ts';
import {
  assertSignerMayAct,
  ensureEvidence,
  recordAction,
  resolveSigner,
  type ResolvedSigner,
} from '../signing/resolve-signer.ts';

const SMS_VERIFICATION = 2;

/** The SMS text per signer locale; `{code}` and `{minutes}` are filled in. */
const smsTexts: Record<string, string> = {
  nl: 'Je verificatiecode voor het ondertekenen is {code}. De code is {minutes} minuten geldig.',
  en: 'Your verification code for signing is {code}. The code is valid for {minutes} minutes.',
  de: 'Ihr Bestätigungscode für die Unterzeichnung lautet {code}. Der Code ist {minutes} Minuten gültig.',
  fr: 'Votre code de vérification pour la signature est {code}. Le code est valable {minutes} minutes.',
};

export function smsCodeText(locale: string, code: string): string {
  return (smsTexts[locale] ?? smsTexts.nl!)
    .replace('{code}', code)
    .replace('{minutes}', String(CODE_TTL_MINUTES));
}

/** 409 unless SMS verification is one of this signer's steps and not yet done. */
async function assertSmsOpen(ctx: Ctx, r: ResolvedSigner): Promise<void> {
  assertSignerMayAct(r);
  if (!r.signer.verifications.includes(SMS_VERIFICATION) || !r.signer.phone) {
    throw new ConflictError(signerApiMessages.stepNotChosen);
  }
  const evidence = await ensureEvidence(ctx.db, r.signer.id, r.evidence);
  if (evidence.smsVerifiedAt) throw new ConflictError(signerApiMessages.alreadyVerified);
}

/**
 * POST /api/signing/{token}/verifications/sms: a fresh 6-digit code by SMS (audit 10). The code,
 * the outbox row and the send-sms job are written in one transaction; resends are throttled by
 * issueCode (429).
 */
export async function sendSmsCode(
  ctx: Ctx,
  token: string,
): Promise<{ sent: true; phone_masked: string | null }> {
  const r = await resolveSigner(ctx, token, ctx.now());
  await assertSmsOpen(ctx, r);
  const [company] = await ctx.db
    .select({ smsName: companies.smsName })
    .from(companies)
    .where(eq(companies.id, r.signer.companyId));
  await ctx.db.transaction(async (tx) => {
    const code = await issueCode(tx, r.signer.id, 'sms', ctx.now());
    await queueSms(tx, ctx.queue, {
      companyId: r.signer.companyId,
      signerId: r.signer.id,
      to: normalizePhone(r.signer.phone!),
      sender: smsSenderName(company?.smsName),
      body: smsCodeText(r.signer.locale, code),
      provider: ctx.config.sms.provider,
    });
    await recordAction(tx, r.signer, 10, ctx);
  });
  return { sent: true, phone_masked: maskPhone(r.signer.phone) };
}

/**
 * POST /api/signing/{token}/verifications/sms/verify: checks the code (attempts are counted
 * outside any transaction, so a wrong guess stays counted), then marks SMS verified (audit 11),
 * once.
 */
export async function verifySmsCode(
  ctx: Ctx,
  token: string,
  code: string,
): Promise<{ verified: true }> {
  const r = await resolveSigner(ctx, token, ctx.now());
  await assertSmsOpen(ctx, r);
  if (!(await verifyCode(ctx.db, r.signer.id, 'sms', code))) {
    throw ValidationError.field('code', signerApiMessages.codeWrong);
  }
  await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(signerEvidence)
      .set({ smsVerifiedAt: ctx.now(), updatedAt: ctx.now() })
      .where(and(eq(signerEvidence.signerId, r.signer.id), isNull(signerEvidence.smsVerifiedAt)))
      .returning({ id: signerEvidence.id });
    if (updated) {
      await recordAction(tx, r.signer, 11, ctx);
      await markVerifiedWhenComplete(tx, ctx, r.signer.id, ctx.now(), 'sms');
    }
  });
  return { verified: true };
}
