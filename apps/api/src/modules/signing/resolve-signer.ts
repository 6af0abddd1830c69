import { eq, sql } from 'drizzle-orm';
import { signerApiMessages, type SigningStatus } from '@paraaf/contract';
import type { DbOrTx } from '../../db/client.ts';
import {
  companies,
  signerActions,
  signerEvidence,
  signerLinks,
  signers,
  signRequests,
} from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import { AppError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { styledLogoToken } from '../companies/companies.repository.ts';
import { expireSignRequest } from '../sign-requests/expire-sign-request.ts';
import type { SignerRow } from '../sign-requests/signer-dto.ts';
import { isSignersTurn } from '../sign-requests/routing.ts';
import { listSigners } from '../sign-requests/sign-requests.repository.ts';
import type { SignRequestRow } from '../sign-requests/sign-requests.repository.ts';
import type { EmitDeps } from '../sign-requests/webhook-events.ts';
import type { SignerCallLimit } from './signer-limits.ts';

/** A signer found by its link token, with its request, its company and what it may do now. */
export interface ResolvedSigner {
  signer: SignerRow;
  request: SignRequestRow;
  company: { id: number; name: string; logoToken: string | null };
  status: SigningStatus;
  /** The signer's evidence row as read with the link (null before its first use). */
  evidence: EvidenceRow | null;
  /** Whether audit 2 'Geopend' was written already. */
  opened: boolean;
}

/** Who acts on a signer's link: written into the audit trail. */
export interface ActorCtx {
  ip: string;
  userAgent: string;
}

/**
 * A link that was mailed but no longer opens the request: the signer's address was changed and a
 * newer mail went to the new one. 410, with the signer's language so the page can say why.
 */
export class LinkReplacedError extends AppError {
  constructor(readonly locale: string) {
    super(410, signerApiMessages.replaced);
  }
}

/** Tokens are 43 base64url characters (createToken); anything else cannot be one. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,200}$/;

/**
 * The signer behind a link token (`sha256(token)` → signer_links), or 404 'Deze link is
 * ongeldig' (410 for a retired link). The status says what the link may still do, first match wins: purged, cancelled,
 * declined, expired, signed (request 5, 60 or 9: the signers are done), approved (this signer
 * is done), not_your_turn (a signer of an earlier step has not approved), open.
 *
 * A request in progress whose expiry has passed is moved to 7 (conditional update) when seen.
 *
 * A call of the signer endpoints reports the outcome to its `signerLimit` (signer-limits.ts): a
 * link that opens nothing counts against the client address, one that opens counts against the
 * link; either may answer 429 instead.
 */
export async function resolveSigner(
  ctx: EmitDeps & { db: DbOrTx; signerLimit?: SignerCallLimit },
  token: string,
  now: Date = new Date(),
): Promise<ResolvedSigner> {
  const miss = <E extends Error>(error: E): E => {
    ctx.signerLimit?.missed();
    return error;
  };
  if (!TOKEN_PATTERN.test(token)) throw miss(new NotFoundError(signerApiMessages.invalidLink));
  const { db } = ctx;
  const tokenHash = sha256(token);
  const [row] = await db
    .select({
      signer: signers,
      request: signRequests,
      companyName: companies.name,
      logoToken: styledLogoToken,
      retiredAt: signerLinks.retiredAt,
      // Read with the link, as nearly every call needs them next (one statement, not three).
      evidence: signerEvidence,
      opened: sql<boolean>`EXISTS (SELECT 1 FROM ${signerActions} WHERE ${signerActions.signerId} = ${signers.id} AND ${signerActions.type} = 2)`,
    })
    .from(signerLinks)
    .innerJoin(signers, eq(signers.id, signerLinks.signerId))
    .innerJoin(signRequests, eq(signRequests.id, signers.signRequestId))
    .innerJoin(companies, eq(companies.id, signers.companyId))
    .leftJoin(signerEvidence, eq(signerEvidence.signerId, signers.id))
    .where(eq(signerLinks.tokenHash, tokenHash));
  // A token never issued says nothing more than that it is not valid.
  if (!row) throw miss(new NotFoundError(signerApiMessages.invalidLink));
  if (row.retiredAt) throw miss(new LinkReplacedError(row.signer.locale));
  ctx.signerLimit?.opened(row.signer.id, tokenHash);
  let request = row.request;
  if (request.stateId === 3 && request.expiresAt.getTime() <= now.getTime()) {
    // The sweep's expiry, applied now (its mail to the initiator follows with the next sweep).
    const expired = await expireSignRequest(ctx, request.id, now);
    request = expired ?? { ...request, stateId: 7 };
  }
  const resolved = {
    signer: row.signer,
    request,
    company: { id: row.signer.companyId, name: row.companyName, logoToken: row.logoToken },
    evidence: row.evidence,
    opened: Boolean(row.opened),
  };
  return { ...resolved, status: await statusOf(db, resolved) };
}

async function statusOf(
  db: DbOrTx,
  { signer, request }: { signer: SignerRow; request: SignRequestRow },
): Promise<SigningStatus> {
  if (request.gdprPurgedAt) return 'purged';
  if (request.stateId === 8 || signer.stateId === 8) return 'cancelled';
  if (request.stateId === 4 || signer.stateId === 4) return 'declined';
  if (request.stateId === 7) return 'expired';
  if ([5, 60, 9].includes(request.stateId)) return 'signed';
  if (signer.stateId === 5) return 'approved';
  if (request.stateId !== 3) return 'expired'; // any other state: the link no longer works
  // A later step waits for every signer of the earlier ones.
  if (signer.routingOrder > 1 && !isSignersTurn(await listSigners(db, request.id), signer)) {
    return 'not_your_turn';
  }
  return 'open';
}

/** 409 with a Dutch reason unless the link is open for acting. */
export function assertSignerMayAct(resolved: Pick<ResolvedSigner, 'status'>): void {
  if (resolved.status !== 'open') throw new ConflictError(signerApiMessages[resolved.status]);
}

/** One row of the signer's audit trail (types of seed 000 §4), with the actor's IP and browser. */
export async function recordAction(
  tx: DbOrTx,
  signer: Pick<SignerRow, 'id' | 'signRequestId' | 'companyId'>,
  type: number,
  ctx: ActorCtx,
  comment?: string | null,
): Promise<void> {
  await tx.insert(signerActions).values(actionRow(signer, type, ctx, comment));
}

/** The audit row recordAction writes, for a caller that writes it within a larger statement. */
export function actionRow(
  signer: Pick<SignerRow, 'id' | 'signRequestId' | 'companyId'>,
  type: number,
  ctx: ActorCtx,
  comment?: string | null,
): typeof signerActions.$inferInsert {
  return {
    signerId: signer.id,
    signRequestId: signer.signRequestId,
    companyId: signer.companyId,
    type,
    comment: comment ?? null,
    ip: ctx.ip || null,
    userAgent: ctx.userAgent ? ctx.userAgent.slice(0, 500) : null,
  };
}

export type EvidenceRow = typeof signerEvidence.$inferSelect;

/**
 * The signer's evidence row, created empty on first use. `known`: the row as resolveSigner read
 * it (null: none yet), for a caller that changed nothing since (no second read).
 */
export async function ensureEvidence(
  db: DbOrTx,
  signerId: number,
  known?: EvidenceRow | null,
): Promise<EvidenceRow> {
  if (known) return known;
  const evidenceOf = async () =>
    (await db.select().from(signerEvidence).where(eq(signerEvidence.signerId, signerId)))[0];
  // null: resolveSigner found none just now, so it is created without reading again.
  const existing = known === null ? undefined : await evidenceOf();
  if (existing) return existing;
  const [created] = await db
    .insert(signerEvidence)
    .values({ signerId })
    .onConflictDoNothing()
    .returning();
  // A parallel first call created it between the read and the insert.
  return created ?? (await evidenceOf())!;
}

/** Adds a document id to the signer's viewed list, once (idempotent): one upsert. */
export async function markViewed(db: DbOrTx, signerId: number, signableId: number): Promise<void> {
  const seen = JSON.stringify([signableId]);
  // A document read in byte ranges asks many times; only the first writes.
  await db
    .insert(signerEvidence)
    .values({ signerId, viewedSignableIds: [signableId] })
    .onConflictDoUpdate({
      target: signerEvidence.signerId,
      set: {
        viewedSignableIds: sql`${signerEvidence.viewedSignableIds} || ${seen}::jsonb`,
        updatedAt: new Date(),
      },
      where: sql`NOT (${signerEvidence.viewedSignableIds} @> ${seen}::jsonb)`,
    });
}
