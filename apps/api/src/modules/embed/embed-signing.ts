import { and, eq } from 'drizzle-orm';
import {
  embedMessages,
  type CreateEmbedLinkBody,
  type EmbedLink,
  type EmbedSigningSession,
} from '@paraaf/contract';
import { companies, signers } from '../../db/schema/index.ts';
import type { AuthedCtx, Ctx } from '../../lib/context.ts';
import { createToken } from '../../lib/crypto.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { findSignRequest } from '../sign-requests/sign-requests.repository.ts';
import { recordSignerLink } from '../sign-requests/signer-links.ts';
import { createEmbedLink, embeddingCompany, useEmbedLink } from './embed-links.ts';

/** Signer states that leave nothing to do on the page: signed, declined, expired, cancelled. */
const DONE_SIGNER_STATES = new Set([4, 5, 7, 8]);

/**
 * POST /api/sign-requests/{id}/signers/{signer_id}/embed: a single-use link (10 minutes) that
 * opens this signer's page inside the company's own site. The request must be sent and the
 * signer still open (409); another company's ids are a 404.
 */
export async function createSignerEmbed(
  ctx: AuthedCtx,
  signRequestId: number,
  signerId: number,
  input: CreateEmbedLinkBody,
): Promise<EmbedLink> {
  const request = await findSignRequest(ctx.db, ctx.auth.user.companyId, signRequestId);
  if (!request) throw new NotFoundError();
  const [signer] = await ctx.db
    .select({ id: signers.id, stateId: signers.stateId })
    .from(signers)
    .where(and(eq(signers.id, signerId), eq(signers.signRequestId, request.id)));
  if (!signer) throw new NotFoundError();
  const company = await embeddingCompany(ctx);
  if (request.stateId !== 3 || DONE_SIGNER_STATES.has(signer.stateId))
    throw new ConflictError(embedMessages.signerNotOpen);
  return createEmbedLink(ctx, {
    kind: 'signer',
    signerId: signer.id,
    signRequestId: request.id,
    hideFooter: Boolean(input.hide_footer) && company.isPremium,
  });
}

/**
 * POST /api/embed/signing/{token}: the page's first load uses the link (once) and gets the
 * signer's page token in exchange: a signer link like a mailed one (only its hash is stored),
 * held by the frame in memory.
 */
export async function openSignerEmbed(ctx: Ctx, token: string): Promise<EmbedSigningSession> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const link = await useEmbedLink(tx, token, ['signer'], now);
    const pageToken = createToken();
    await recordSignerLink(tx, link.signerId!, pageToken, now);
    const [company] = await tx
      .select({ origins: companies.embedOrigins })
      .from(companies)
      .where(eq(companies.id, link.companyId));
    return {
      token: pageToken,
      sign_request_id: link.signRequestId!,
      signer_id: link.signerId!,
      origins: company?.origins ?? [],
      hide_footer: link.hideFooter,
    };
  });
}
