import { markVerifiedWhenComplete } from './verification-state.ts';
import { and, eq, isNull } from 'drizzle-orm';
import { signerApiMessages } from '@paraaf/contract';
import { signerEvidence } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { queueMail } from '../../lib/mail/outbox.ts';
import { renderSignerMail } from '../../lib/mail/signer-mails.ts';
import { resolveEmailTemplate } from '../email-templates/email-templates.service.ts';
import { issueCode, verifyCode } from './codes.ts';
import { mailSenderOf } from '../departments/mail-sender.ts';
import {
  assertSignerMayAct,
  ensureEvidence,
  recordAction,
  resolveSigner,
  type ResolvedSigner,
} from './resolve-signer.ts';

const EMAIL = 1;

async function emailStep(ctx: Ctx, token: string): Promise<ResolvedSigner> {
  const r = await resolveSigner(ctx, token, ctx.now());
  assertSignerMayAct(r);
  if (!r.signer.verifications.includes(EMAIL)) {
    throw new ConflictError(signerApiMessages.stepNotChosen);
  }
  const evidence = await ensureEvidence(ctx.db, r.signer.id, r.evidence);
  if (evidence.emailVerifiedAt) throw new ConflictError(signerApiMessages.alreadyVerified);
  return r;
}

/** POST /api/signing/{token}/verifications/email: mails a fresh code (audit 5). */
export async function sendEmailCode(ctx: Ctx, token: string): Promise<{ sent: true }> {
  const r = await emailStep(ctx, token);
  const { signer } = r;
  await ctx.db.transaction(async (tx) => {
    const code = await issueCode(tx, signer.id, 'email', ctx.now());
    const { fromName, company } = await mailSenderOf(tx, r.request);
    const template = await resolveEmailTemplate(
      tx,
      signer.companyId,
      'verification_code',
      signer.locale,
    );
    const content = renderSignerMail(
      template,
      {
        fields: {
          firstname: signer.firstname,
          lastname: signer.lastname,
          company,
          code,
        },
      },
      { locale: signer.locale },
    );
    await queueMail(tx, ctx.queue, signer.email, content, fromName, {
      priority: 'code',
      signRequestId: signer.signRequestId,
    });
    await recordAction(tx, signer, 5, ctx);
  });
  return { sent: true };
}

/** POST /api/signing/{token}/verifications/email/verify: checks the code (audit 6). */
export async function verifyEmailCode(
  ctx: Ctx,
  token: string,
  code: string,
): Promise<{ verified: true }> {
  const r = await emailStep(ctx, token);
  // A wrong code commits its counted attempt and then answers 422.
  const ok = await ctx.db.transaction(async (tx) => {
    if (!(await verifyCode(tx, r.signer.id, 'email', code))) return false;
    const [done] = await tx
      .update(signerEvidence)
      .set({ emailVerifiedAt: ctx.now(), updatedAt: ctx.now() })
      .where(and(eq(signerEvidence.signerId, r.signer.id), isNull(signerEvidence.emailVerifiedAt)))
      .returning({ id: signerEvidence.id });
    if (done) {
      await recordAction(tx, r.signer, 6, ctx);
      await markVerifiedWhenComplete(tx, ctx, r.signer.id, ctx.now(), 'email');
    }
    return true;
  });
  if (!ok) throw ValidationError.field('code', signerApiMessages.codeWrong);
  return { verified: true };
}
