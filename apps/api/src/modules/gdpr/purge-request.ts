import { and, eq, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  identitySessions,
  mails,
  signableForms,
  signables,
  signerActions,
  signerCodes,
  signerEvidence,
  signers,
  signRequests,
  smsMessages,
  templates,
  webhookRequestAttempts,
  webhookRequests,
  type CustomField,
} from '../../db/schema/index.ts';
import type { Deps } from '../../lib/context.ts';
import { firstPageImageKey } from '../../lib/pdf/first-page.ts';
import { ENDED_REQUEST_STATES } from '../sign-requests/retention.ts';
import { attachmentKeysOf } from '../sign-requests/field-attachments.ts';
import { truncateIp } from './truncate-ip.ts';

/** What names, subjects and mail addresses become: neutral, and an address that cannot receive. */
export const PURGED_TEXT = 'Verwijderd (AVG)';
export const PURGED_EMAIL = 'verwijderd@avg.invalid';

/** Audit 8 (documents viewed): its comment lists document names; kept, renamed. */
const VIEWED_ACTION = 8;
/** Audit 15/16: `name: sha256` of each sealed and original document; the hash stays. */
const HASH_ACTIONS = [15, 16];
/** Audit 7's comment says only whether the drawing was initials ('Paraaf'). */
const NEUTRAL_COMMENT_ACTIONS = [7];

export type PurgeDeps = Pick<Deps, 'db' | 'storage'>;

/**
 * Purges one request that is due, in one transaction that holds its row (`FOR NO KEY UPDATE SKIP
 * LOCKED`: a request another worker is purging is skipped, not waited for):
 * 1. every file the request's rows name is deleted from storage (idempotent: a file already gone
 *    is fine), except one another row still needs (a template, another request);
 * 2. the rows are scrubbed (modules/gdpr/README.md lists every column) and gdpr_purged_at
 *    is set, in the same transaction.
 * The file keys stay in the rows until that commit, so a run killed halfway (a throw, a lost
 * connection, a dead process) rolls the scrub back and the next run deletes what it still owes.
 * Returns false when the request is not due, already purged, or taken by another worker.
 */
export async function purgeSignRequest(deps: PurgeDeps, id: number, now: Date): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(signRequests)
      .where(
        and(
          eq(signRequests.id, id),
          isNull(signRequests.gdprPurgedAt),
          isNotNull(signRequests.endedAt),
          inArray(signRequests.stateId, [...ENDED_REQUEST_STATES]),
          lte(signRequests.estimatedGdprPurgeAt, now),
        ),
      )
      .for('no key update', { skipLocked: true });
    if (!request) return false;

    const signerRows = await tx.select().from(signers).where(eq(signers.signRequestId, id));
    const signerIds = signerRows.map((s) => s.id);
    const documents = await tx
      .select()
      .from(signables)
      .where(eq(signables.signRequestId, id))
      .orderBy(signables.position, signables.id);
    const evidence = signerIds.length
      ? await tx.select().from(signerEvidence).where(inArray(signerEvidence.signerId, signerIds))
      : [];
    const requestMails = await tx
      .select({ id: mails.id, attachments: mails.attachments })
      .from(mails)
      .where(mailsOf(id, signerIds));

    const keys = new Set<string>();
    for (const d of documents) {
      keys.add(d.storageKey);
      if (d.signedStorageKey) keys.add(d.signedStorageKey);
    }
    for (const e of evidence) {
      if (e.signatureKey) keys.add(e.signatureKey);
      if (e.paraphKey) keys.add(e.paraphKey);
      for (const key of attachmentKeysOf(e.fieldValues, request.companyId)) keys.add(key);
    }
    for (const m of requestMails)
      for (const a of m.attachments ?? []) if (a.kind !== 'invoice') keys.add(a.storageKey);
    for (const key of await keysOwnedElsewhere(tx, id, [...keys])) keys.delete(key);
    // A document's page-1 image goes with its PDF (most have none: deleting nothing is fine).
    for (const d of documents)
      if (keys.has(d.storageKey)) keys.add(firstPageImageKey(d.storageKey));
    for (const key of keys) await deps.storage.delete(key);

    // Documents: named by position from now on; the hashes stay (audit, /api/verify).
    const placeholder = new Map(documents.map((d, i) => [d.id, `Document ${i + 1}`]));
    for (const d of documents) {
      const name = placeholder.get(d.id)!;
      await tx
        .update(signables)
        .set({
          name,
          filename: `${name.toLowerCase().replace(' ', '-')}.pdf`,
          config: { variables: [], fields: [] },
          detectedMarkers: [],
          fileDeletedAt: d.fileDeletedAt ?? now,
        })
        .where(eq(signables.id, d.id));
    }
    const documentIds = documents.map((d) => d.id);
    if (documentIds.length)
      await tx.delete(signableForms).where(inArray(signableForms.signableId, documentIds));

    if (signerIds.length) {
      await tx
        .update(signers)
        .set({
          firstname: PURGED_TEXT,
          lastname: '',
          email: PURGED_EMAIL,
          phone: null,
          declineReason: null,
          idinServices: [],
          updatedAt: now,
        })
        .where(inArray(signers.id, signerIds));
      for (const e of evidence)
        await tx
          .update(signerEvidence)
          .set({
            idinAttributes: null,
            signatureKey: null,
            paraphKey: null,
            fieldValues: {},
            formValues: {},
            approvedIp: truncateIp(e.approvedIp),
            approvedUserAgent: null,
            updatedAt: now,
          })
          .where(eq(signerEvidence.id, e.id));
      await tx.delete(signerCodes).where(inArray(signerCodes.signerId, signerIds));
      await tx.delete(identitySessions).where(inArray(identitySessions.signerId, signerIds));
      await tx
        .update(smsMessages)
        .set({
          to: '',
          body: null,
          error: null,
          failedAt: sql`CASE WHEN ${smsMessages.sentAt} IS NULL THEN coalesce(${smsMessages.failedAt}, ${now.toISOString()}::timestamptz) ELSE ${smsMessages.failedAt} END`,
        })
        .where(inArray(smsMessages.signerId, signerIds));
    }
    await scrubActions(tx, id, documents, placeholder);

    // Mails about the request: no address, body or file left; one not yet sent never leaves.
    await tx
      .update(mails)
      .set({
        to: PURGED_EMAIL,
        subject: PURGED_TEXT,
        html: null,
        text: null,
        replyTo: null,
        attachments: null,
        failedAt: sql`CASE WHEN ${mails.sentAt} IS NULL THEN coalesce(${mails.failedAt}, ${now.toISOString()}::timestamptz) ELSE ${mails.failedAt} END`,
        error: sql`CASE WHEN ${mails.sentAt} IS NULL THEN 'purged (AVG)' ELSE ${mails.error} END`,
      })
      .where(mailsOf(id, signerIds));

    await scrubWebhookMessages(tx, id, signerIds, now);

    await tx
      .update(signRequests)
      .set({
        subject: PURGED_TEXT,
        message: '',
        emails: [],
        emailTemplates: {},
        customFields: request.customFields.map((f): CustomField => ({ ...f, value: null })),
        gdprPurgedAt: now,
        updatedAt: now,
      })
      .where(eq(signRequests.id, id));
    return true;
  });
}

/**
 * The request's webhook messages (their bodies are the request or signer as the API shows it)
 * keep their event type, times and status; the body becomes `{}` and the receivers' answers go.
 * One still pending is not sent any more.
 */
async function scrubWebhookMessages(tx: Tx, requestId: number, signerIds: number[], now: Date) {
  const about = signerIds.length
    ? or(eq(webhookRequests.signRequestId, requestId), inArray(webhookRequests.signerId, signerIds))
    : eq(webhookRequests.signRequestId, requestId);
  const scrubbed = await tx
    .update(webhookRequests)
    .set({
      body: '{}',
      failedAt: sql`CASE WHEN ${webhookRequests.succeededAt} IS NULL THEN coalesce(${webhookRequests.failedAt}, ${now.toISOString()}::timestamptz) ELSE ${webhookRequests.failedAt} END`,
      nextAttemptAt: null,
    })
    .where(about)
    .returning({ id: webhookRequests.id });
  if (scrubbed.length)
    await tx
      .update(webhookRequestAttempts)
      .set({ message: '' })
      .where(
        inArray(
          webhookRequestAttempts.webhookRequestId,
          scrubbed.map((r) => r.id),
        ),
      );
}

/** The request's mails: about it, or to one of its signers. */
function mailsOf(requestId: number, signerIds: number[]) {
  return signerIds.length
    ? or(eq(mails.signRequestId, requestId), inArray(mails.signerId, signerIds))
    : eq(mails.signRequestId, requestId);
}

/** Keys among `keys` that a template or another request's document still uses. */
async function keysOwnedElsewhere(tx: Tx, requestId: number, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const [inTemplates, inOtherRequests] = [
    await tx
      .select({ key: templates.storageKey })
      .from(templates)
      .where(inArray(templates.storageKey, keys)),
    await tx
      .select({ key: signables.storageKey, signed: signables.signedStorageKey })
      .from(signables)
      .where(
        and(
          ne(signables.signRequestId, requestId),
          or(inArray(signables.storageKey, keys), inArray(signables.signedStorageKey, keys)),
        ),
      ),
  ];
  return [
    ...inTemplates.map((r) => r.key),
    ...inOtherRequests.flatMap((r) => [r.key, r.signed ?? '']),
  ];
}

/**
 * The audit trail stays (types, times, who acted) with IPs truncated and user agents dropped (a
 * full user agent with an address narrows a person down; neither proves the signing). Comments
 * that name documents name them by their new placeholder; a decline reason or any other free
 * text goes.
 */
async function scrubActions(
  tx: Tx,
  requestId: number,
  documents: { id: number; name: string; sha256: string; signedSha256: string | null }[],
  placeholder: Map<number, string>,
): Promise<void> {
  const actions = await tx
    .select({
      id: signerActions.id,
      type: signerActions.type,
      comment: signerActions.comment,
      ip: signerActions.ip,
    })
    .from(signerActions)
    .where(eq(signerActions.signRequestId, requestId));
  // Longest names first, so 'huur' does not eat into 'huurcontract'.
  const names = [...documents].sort((a, b) => b.name.length - a.name.length);
  for (const action of actions) {
    let comment: string | null = null;
    if (action.comment && HASH_ACTIONS.includes(action.type)) {
      const sha = /[0-9a-f]{64}$/.exec(action.comment)?.[0];
      const document = sha && documents.find((d) => d.sha256 === sha || d.signedSha256 === sha);
      comment = sha ? (document ? `${placeholder.get(document.id)}: ${sha}` : sha) : null;
    } else if (action.comment && action.type === VIEWED_ACTION) {
      comment = rename(action.comment, names, placeholder);
    } else if (NEUTRAL_COMMENT_ACTIONS.includes(action.type)) {
      comment = action.comment;
    }
    await tx
      .update(signerActions)
      .set({ comment, ip: truncateIp(action.ip), userAgent: null })
      .where(eq(signerActions.id, action.id));
  }
}

/** A comment with every document name replaced by its placeholder, in one pass. */
function rename(
  comment: string,
  names: { id: number; name: string }[],
  placeholder: Map<number, string>,
): string {
  const known = names.filter((d) => d.name.length > 0);
  if (known.length === 0) return comment;
  const pattern = new RegExp(
    known.map((d) => d.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'),
    'g',
  );
  const byName = new Map(known.map((d) => [d.name, placeholder.get(d.id)!]));
  return comment.replace(pattern, (match) => byName.get(match) ?? PURGED_TEXT);
}
