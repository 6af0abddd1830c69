import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  EMBED_LINK_TTL_MS,
  embedMessages,
  type EmbedErrorCode,
  type EmbedLink,
} from '@paraaf/contract';
import type { DbOrTx } from '../../db/client.ts';
import { companies, embedLinks } from '../../db/schema/index.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { createToken, sha256 } from '../../lib/crypto.ts';
import { AppError, ConflictError } from '../../lib/errors.ts';
import { findCompanyWithPlan } from '../companies/companies.repository.ts';
import { featuresOf, requireFeature } from '../companies/features.ts';

export type EmbedKind = (typeof embedLinks.$inferSelect)['kind'];
export type EmbedLinkRow = typeof embedLinks.$inferSelect;

/** Where each kind of link opens in the web app. */
export const embedPagePaths: Record<EmbedKind, string> = {
  signer: '/insluiten/ondertekenen',
  sign_request: '/insluiten/voorbereiden',
  template: '/insluiten/voorbereiden',
};

/** A link that opens nothing (any more): 410 with the reason as a code, or 404 for a strange token. */
export class EmbedLinkClosedError extends AppError {
  constructor(readonly code: EmbedErrorCode) {
    super(
      code === 'link_invalid' ? 404 : 410,
      code === 'link_used'
        ? embedMessages.linkUsed
        : code === 'link_expired'
          ? embedMessages.linkExpired
          : embedMessages.linkInvalid,
    );
  }
}

/** Tokens are 43 base64url characters (createToken). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,200}$/;

/**
 * The company's origins and whether it may hide Paraaf's footer (premium plan), for a caller
 * that makes a link: 403 without the api feature, 409 while no origin is listed (no site could
 * show the page anyway).
 */
export async function embeddingCompany(ctx: AuthedCtx) {
  await requireFeature(ctx, 'api');
  const row = await findCompanyWithPlan(ctx.db, ctx.auth.user.companyId);
  if (!row || row.company.embedOrigins.length === 0)
    throw new ConflictError(embedMessages.noOrigins);
  return { origins: row.company.embedOrigins, isPremium: row.plan.name === 'premium' };
}

/**
 * Stores a new single-use link (its hash) for one signer, draft or template, valid 10 minutes,
 * and answers its URL.
 */
export async function createEmbedLink(
  ctx: AuthedCtx,
  target: Pick<
    typeof embedLinks.$inferInsert,
    'kind' | 'signerId' | 'signRequestId' | 'templateId' | 'hideFooter'
  >,
): Promise<EmbedLink> {
  const token = createToken();
  const expiresAt = new Date(ctx.now().getTime() + EMBED_LINK_TTL_MS);
  await ctx.db.insert(embedLinks).values({
    ...target,
    tokenHash: sha256(token),
    companyId: ctx.auth.user.companyId,
    userId: ctx.auth.user.id,
    expiresAt,
  });
  return {
    url: `${ctx.config.appUrl}${embedPagePaths[target.kind]}/${token}`,
    expires_at: expiresAt.toISOString(),
  };
}

/**
 * Uses a link once: the conditional update is the guard, so of two loads only one gets the
 * row. A link that did not open says why: used, expired, or never issued (a plain 404).
 */
export async function useEmbedLink(
  db: DbOrTx,
  token: string,
  kinds: readonly EmbedKind[],
  now: Date,
): Promise<EmbedLinkRow> {
  if (!TOKEN_PATTERN.test(token)) throw new EmbedLinkClosedError('link_invalid');
  const hash = sha256(token);
  const [used] = await db
    .update(embedLinks)
    .set({ usedAt: now })
    .where(
      and(eq(embedLinks.tokenHash, hash), isNull(embedLinks.usedAt), gt(embedLinks.expiresAt, now)),
    )
    .returning();
  if (used && kinds.includes(used.kind)) return used;
  const [row] = await db.select().from(embedLinks).where(eq(embedLinks.tokenHash, hash));
  if (!row || !kinds.includes(row.kind)) throw new EmbedLinkClosedError('link_invalid');
  throw new EmbedLinkClosedError(row.usedAt && row.usedAt < now ? 'link_used' : 'link_expired');
}

/**
 * The origins that may frame the page a link opens (used, expired or not: the page that says
 * so must reach the host too), or null for a token never issued. Only with the api feature.
 */
export async function frameOriginsOf(db: DbOrTx, token: string): Promise<string[] | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ companyId: embedLinks.companyId, origins: companies.embedOrigins })
    .from(embedLinks)
    .innerJoin(companies, eq(companies.id, embedLinks.companyId))
    .where(eq(embedLinks.tokenHash, sha256(token)));
  if (!row) return null;
  const company = await findCompanyWithPlan(db, row.companyId);
  if (!company || !featuresOf(company.company, company.plan).has('api')) return null;
  return row.origins;
}
