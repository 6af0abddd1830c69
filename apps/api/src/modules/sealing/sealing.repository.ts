import { and, asc, eq, inArray } from 'drizzle-orm';
import { auditActionTypes, verificationTypes } from '@paraaf/contract';
import type { DbOrTx } from '../../db/client.ts';
import {
  signables,
  signerActions,
  signerEvidence,
  signers,
  signRequests,
  users,
} from '../../db/schema/index.ts';
import type { AuditCertificateData } from '../../lib/pdf/audit-certificate.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import { mailSenderOf, type MailSender } from '../departments/mail-sender.ts';

export type SignRequestRow = typeof signRequests.$inferSelect;
export type SignerRow = typeof signers.$inferSelect;
export type SignableRow = typeof signables.$inferSelect;
export type EvidenceRow = typeof signerEvidence.$inferSelect;

/** Everything sealing and the audit certificate read about one request. */
export interface SealBundle {
  request: SignRequestRow;
  /** On whose behalf the request was sent (the certificate's company, the mails' From name). */
  sender: MailSender;
  initiator: { name: string; email: string } | null;
  signers: SignerRow[];
  evidence: Map<number, EvidenceRow>;
  signables: SignableRow[];
  actions: (typeof signerActions.$inferSelect)[];
}

/** The request with its signers, evidence, documents and audit trail; null if it does not exist. */
export async function loadBundle(
  db: DbOrTx,
  signRequestId: number,
  companyId?: number,
): Promise<SealBundle | null> {
  const [request] = await db
    .select()
    .from(signRequests)
    .where(
      companyId === undefined
        ? eq(signRequests.id, signRequestId)
        : and(eq(signRequests.id, signRequestId), eq(signRequests.companyId, companyId)),
    );
  if (!request) return null;
  const sender = await mailSenderOf(db, request);
  const [initiator] = request.userId
    ? await db
        .select({ name: users.name, email: users.email })
        .from(users)
        .where(eq(users.id, request.userId))
    : [];
  const signerRows = await db
    .select()
    .from(signers)
    .where(eq(signers.signRequestId, request.id))
    .orderBy(asc(signers.position), asc(signers.id));
  const evidenceRows = signerRows.length
    ? await db
        .select()
        .from(signerEvidence)
        .where(
          inArray(
            signerEvidence.signerId,
            signerRows.map((s) => s.id),
          ),
        )
    : [];
  const signableRows = await db
    .select()
    .from(signables)
    .where(eq(signables.signRequestId, request.id))
    .orderBy(asc(signables.position), asc(signables.id));
  const actions = await db
    .select()
    .from(signerActions)
    .where(eq(signerActions.signRequestId, request.id))
    .orderBy(asc(signerActions.createdAt), asc(signerActions.id));
  return {
    request,
    sender,
    initiator: initiator ?? null,
    signers: signerRows,
    evidence: new Map(evidenceRows.map((e) => [e.signerId, e])),
    signables: signableRows,
    actions,
  };
}

/** The moment the last signer approved: the date the documents carry as completion date. */
export function completionDate(bundle: SealBundle): Date {
  const times = bundle.signers.map((s) => s.signedAt?.getTime() ?? 0);
  const last = Math.max(0, ...times);
  return last > 0 ? new Date(last) : (bundle.request.completedAt ?? new Date());
}

export const fullName = (s: { firstname: string; lastname: string }) =>
  `${s.firstname} ${s.lastname}`.trim();

async function readOptional(storage: Storage, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  try {
    return await storage.get(key);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return null;
    throw error;
  }
}

/** The signers' drawn images by key (`signature:{signerId}`, `paraph:{signerId}`). */
export async function loadImages(
  storage: Storage,
  bundle: SealBundle,
): Promise<Map<string, Buffer>> {
  const images = new Map<string, Buffer>();
  for (const signer of bundle.signers) {
    const evidence = bundle.evidence.get(signer.id);
    const signature = await readOptional(storage, evidence?.signatureKey ?? null);
    const paraph = await readOptional(storage, evidence?.paraphKey ?? null);
    if (signature) images.set(`signature:${signer.id}`, signature);
    if (paraph) images.set(`paraph:${signer.id}`, paraph);
  }
  return images;
}

/** What the audit certificate shows, from the bundle and the loaded images. */
export function certificateData(
  bundle: SealBundle,
  images: Map<string, Buffer>,
  appUrl: string,
): AuditCertificateData {
  const { request } = bundle;
  const byId = new Map(bundle.signers.map((s) => [s.id, s]));
  const labels = auditActionTypes as Record<number, { label: string } | undefined>;
  const methods = verificationTypes as Record<number, string | undefined>;
  return {
    signRequestId: request.id,
    verifyUrl: `${appUrl}/verifieren`,
    subject: request.subject,
    company: bundle.sender.company,
    sender: bundle.initiator,
    createdAt: request.createdAt,
    sentAt: request.sentAt,
    completedAt: request.stateId === 5 ? request.completedAt : completionDate(bundle),
    documents: bundle.signables.map((d) => ({
      name: d.name,
      sha256: d.sha256,
      pageCount: d.pageCount,
    })),
    // One who handed over did not sign; the trail says who did it and to whom.
    signers: bundle.signers
      .filter((s) => s.delegatedToSignerId === null)
      .map((s) => {
        const e = bundle.evidence.get(s.id);
        return {
          role: s.role,
          step: s.routingOrder,
          name: fullName(s),
          email: s.email,
          phone: s.phone,
          locale: s.locale,
          verifications: s.verifications.map((v) => methods[v] ?? String(v)),
          signedAt: s.signedAt,
          emailVerifiedAt: e?.emailVerifiedAt ?? null,
          smsVerifiedAt: e?.smsVerifiedAt ?? null,
          idinVerifiedAt: e?.idinVerifiedAt ?? null,
          idinAttributes: e?.idinAttributes ?? null,
          walletVerifiedAt: e?.walletVerifiedAt ?? null,
          walletAttributes: e?.walletAttributes ?? null,
          ip: e?.approvedIp ?? null,
          userAgent: e?.approvedUserAgent ?? null,
          signaturePng: images.get(`signature:${s.id}`) ?? null,
        };
      }),
    trail: bundle.actions.map((a) => {
      const signer = byId.get(a.signerId);
      return {
        signer: signer ? `${fullName(signer)} <${signer.email}>` : '',
        label: labels[a.type]?.label ?? `Actie ${a.type}`,
        at: a.createdAt,
        ip: a.ip,
        userAgent: a.userAgent,
        comment: a.comment,
      };
    }),
  };
}
