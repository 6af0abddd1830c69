import { seals } from '../../lib/metrics/metrics.ts';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { z } from 'zod';
import { sealTsaUrl, type Config } from '../../config/env.ts';
import type { Db, Tx } from '../../db/client.ts';
import { signables, signerActions, signRequests } from '../../db/schema/index.ts';
import { SEAL_SIGN_REQUEST } from '../../lib/queue/job-names.ts';
import type { JobDefinition, Queue } from '../../lib/queue/queue.ts';
import { queueMail } from '../../lib/mail/outbox.ts';
import { formatLongDate, renderSignerMail } from '../../lib/mail/signer-mails.ts';
import { SEALABLE_STATES } from '../sign-requests/queue-sealing.ts';
import { markRequestEnded } from '../sign-requests/retention.ts';
import { sealPdf } from '../../lib/pdf/seal.ts';
import { TimestampUnavailableError } from '../../lib/pki/tsa-client.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import { resolveEmailTemplate } from '../email-templates/email-templates.service.ts';
import { sealIdentity } from './seal-identity.ts';
import {
  certificateData,
  completionDate,
  fullName,
  loadBundle,
  loadImages,
  type SealBundle,
  type SignableRow,
} from './sealing.repository.ts';
import { stampPlan, type PlanSigner } from './stamp-plan.ts';
import { AttachmentMissingError, attachmentPdfs, attachmentsOf } from './seal-attachments.ts';
import { signedPdfName } from '../documents/file-names.ts';
import { emitWebhookEvent } from '../sign-requests/webhook-events.ts';

export const SEALING = 60;
export const SIGNED = 5;
export const FAILED = 9;
/** Audit types written once per document when it is sealed. */
const AUDIT_SIGNED_SHA = 15;
const AUDIT_ORIGINAL_SHA = 16;

/** Seed 000 §4: 'Ongeldig' and 'Bestand ongeldig', final (no retry can mend them). */
export const INVALID = 50;
export const INVALID_FILE = 51;

/** What the sender sees on a request the worker found invalid. */
export const INVALID_REASONS = {
  [INVALID]:
    'De handtekening, paraaf of een bijlage van een ondertekenaar is niet meer beschikbaar; de documenten kunnen niet verzegeld worden.',
  [INVALID_FILE]:
    'Een document van deze ondertekening is niet meer leesbaar of is gewijzigd; het kan niet verzegeld worden.',
} as const;

/**
 * Input that no retry can mend: a stored document gone or no longer the bytes accepted at upload
 * (51), or evidence a signer gave (a drawn signature or initials) gone from storage (50).
 */
export class InvalidSealInputError extends Error {
  constructor(
    readonly stateId: typeof INVALID | typeof INVALID_FILE,
    readonly signableId: number | null = null,
  ) {
    super(`sign request input invalid (${stateId})`);
  }
}

/** What the sender sees on a failed request (never internals). */
export const SEAL_FAILURE_REASON =
  'Het verzegelen van de documenten is mislukt. We proberen het automatisch opnieuw.';

export interface SealDeps {
  config: Config;
  db: Db;
  queue: Queue;
  storage: Storage;
  log: FastifyBaseLogger;
  /** Tests: called after each document is sealed and recorded (throw to simulate a crash). */
  afterSignable?: (signableId: number) => void | Promise<void>;
}

const schema = z.object({ signRequestId: z.number().int().positive() });

/**
 * Seals a request whose last signer approved (state 60), or retries one that failed (9):
 * each document without a sealed version is stamped, given the audit certificate, signed and
 * stored; the row is updated only `WHERE signed_storage_key IS NULL`, so a run that overlaps or
 * repeats another never replaces a sealed file. When all are sealed, one transaction moves the
 * request to 5, writes the checksum audit lines (15/16, once per document, on the last signer)
 * and queues the mails with the sealed documents: a repeat finds the request in 5 and stops.
 * A failure marks the request 9 with a safe reason and rethrows, so pg-boss retries. A missing
 * signature timestamp (the TSA down) is no failure of the request: it stays in 60 and the job
 * is retried, as no document is ever sealed without its timestamp.
 */
export const sealSignRequestJob: JobDefinition<typeof schema, SealDeps> = {
  name: SEAL_SIGN_REQUEST,
  // CPU-bound (stamping, signing): as many at once as there are cores to spare.
  concurrency: 2,
  // One live job per request: the approval's and a sweep's enqueue never make two.
  keyOf: (data) => String((data as { signRequestId: number }).signRequestId),
  schema,
  async handle(deps, { signRequestId }) {
    try {
      await sealSignRequest(deps, signRequestId);
    } catch (error) {
      seals.inc({ result: error instanceof InvalidSealInputError ? 'invalid' : 'failed' });
      if (error instanceof InvalidSealInputError) {
        deps.log.warn({ signRequestId, stateId: error.stateId }, 'sign request input invalid');
        await markInvalid(deps.db, signRequestId, error);
        return;
      }
      if (error instanceof TimestampUnavailableError) {
        deps.log.warn({ signRequestId, reason: error.reason }, 'sealing waits for a timestamp');
        throw error;
      }
      deps.log.error({ err: error, signRequestId }, 'sealing failed');
      await deps.db
        .update(signRequests)
        .set({ stateId: FAILED, failureReason: SEAL_FAILURE_REASON, updatedAt: new Date() })
        .where(
          and(eq(signRequests.id, signRequestId), inArray(signRequests.stateId, SEALABLE_STATES)),
        );
      throw error;
    }
  },
};

export async function sealSignRequest(deps: SealDeps, signRequestId: number): Promise<void> {
  const bundle = await loadBundle(deps.db, signRequestId);
  if (!bundle || !SEALABLE_STATES.includes(bundle.request.stateId)) return;

  const pending = bundle.signables.filter((s) => !s.signedStorageKey && !s.fileDeletedAt);
  if (pending.length > 0) {
    const identity = await sealIdentity(deps.config, deps.db);
    const images = await loadImages(deps.storage, bundle);
    assertEvidencePresent(bundle, images);
    const attachments = attachmentsOf(bundle);
    const attachedPdfs = await attachmentPdfs(deps.storage, attachments).catch((error) => {
      if (error instanceof AttachmentMissingError) throw new InvalidSealInputError(INVALID);
      throw error;
    });
    const certificate = {
      ...certificateData(bundle, images, deps.config.appUrl),
      attachments: attachments.map(({ name, document, signer, sha256 }) => ({
        name,
        document,
        signer,
        sha256,
      })),
    };
    const signers = planSigners(bundle, images);
    const completedAt = completionDate(bundle);
    for (const signable of pending) {
      // A run cut short (process killed) after storing this document's seal left it under its
      // key: it is complete (stored atomically), so it is recorded instead of sealed again.
      const key = sealedKeyOf(signable);
      const stored = await readIfStored(deps.storage, key);
      let sealed = stored && { pdf: stored, pageCount: await pageCountOf(stored) };
      if (!sealed) {
        const original = await readOriginal(deps.storage, signable);
        sealed = await sealPdf({
          original,
          items: stampPlan(signable, signers, completedAt),
          images,
          certificate,
          identity,
          sign: {
            tsaUrl: sealTsaUrl(deps.config),
            onWarning: (warning) => deps.log.warn({ warning }, 'seal: validation data left out'),
          },
          formValues: formValuesOf(bundle, signable),
          appendPdfs: attachedPdfs.get(signable.id) ?? [],
        });
        // Two runs at once: the first file stored is the one both record (same pages).
        if (!(await deps.storage.putIfAbsent(key, sealed.pdf)))
          sealed = { ...sealed, pdf: await deps.storage.get(key) };
      }
      await recordSealed(deps, signable, key, sealed);
      await deps.afterSignable?.(signable.id);
    }
  }
  await complete(deps, signRequestId);
  // A run that found every document sealed already (a repeat) seals nothing.
  if (pending.length > 0) seals.inc({ result: 'sealed' });
}

/**
 * The stored original, exactly the bytes accepted at upload (their SHA-256 was recorded then, and
 * the upload parsed them); gone or changed, the document is invalid (51).
 */
async function readOriginal(storage: Storage, signable: SignableRow): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await storage.get(signable.storageKey);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT')
      throw new InvalidSealInputError(INVALID_FILE, signable.id);
    throw error; // the storage itself failing is for a retry
  }
  if (createHash('sha256').update(bytes).digest('hex') !== signable.sha256)
    throw new InvalidSealInputError(INVALID_FILE, signable.id);
  return bytes;
}

/** A drawn signature or initials a signer gave must still be there to be stamped (else 50). */
function assertEvidencePresent(bundle: SealBundle, images: Map<string, Buffer>): void {
  for (const signer of bundle.signers) {
    const evidence = bundle.evidence.get(signer.id);
    if (
      (evidence?.signatureKey && !images.has(`signature:${signer.id}`)) ||
      (evidence?.paraphKey && !images.has(`paraph:${signer.id}`))
    )
      throw new InvalidSealInputError(INVALID);
  }
}

/** 60/9 → 50/51 with the reason; the document found invalid gets 51 too. */
async function markInvalid(
  db: Db,
  signRequestId: number,
  error: InvalidSealInputError,
): Promise<void> {
  await db.transaction(async (tx) => {
    const now = new Date();
    const moved = await tx
      .update(signRequests)
      .set({
        stateId: error.stateId,
        failureReason: INVALID_REASONS[error.stateId],
        updatedAt: now,
      })
      .where(
        and(eq(signRequests.id, signRequestId), inArray(signRequests.stateId, SEALABLE_STATES)),
      )
      .returning({ id: signRequests.id });
    if (moved.length) await markRequestEnded(tx, signRequestId, now);
    if (moved.length && error.signableId !== null)
      await tx
        .update(signables)
        .set({ stateId: INVALID_FILE })
        .where(and(eq(signables.id, error.signableId), eq(signables.signRequestId, signRequestId)));
  });
}

/**
 * The values saved for a document's PDF form by the signers allowed to edit it (later signers
 * win on the same field); none when the document's forms are not enabled.
 */
export function formValuesOf(
  bundle: SealBundle,
  signable: SignableRow,
): Map<string, string | null> {
  const values = new Map<string, string | null>();
  if (!signable.hasAcroforms || !signable.settings?.forms_enabled) return values;
  const prefix = `${signable.id}:`;
  const editors = [...bundle.signers]
    .filter((s) => s.allowFormEdit)
    .sort((a, b) => a.position - b.position);
  for (const signer of editors) {
    const saved = bundle.evidence.get(signer.id)?.formValues ?? {};
    for (const [key, value] of Object.entries(saved)) {
      if (key.startsWith(prefix)) values.set(key.slice(prefix.length), value);
    }
  }
  return values;
}

function planSigners(bundle: SealBundle, images: Map<string, Buffer>): PlanSigner[] {
  // A signer who handed over shares its position with the one who took its place.
  return bundle.signers
    .filter((s) => s.delegatedToSignerId === null)
    .map((s) => ({
      id: s.id,
      position: s.position,
      firstname: s.firstname,
      lastname: s.lastname,
      signedAt: s.signedAt,
      verifications: s.verifications,
      fieldValues: bundle.evidence.get(s.id)?.fieldValues ?? {},
      hasSignature: images.has(`signature:${s.id}`),
      hasParaph: images.has(`paraph:${s.id}`),
    }));
}

/**
 * Where a document's sealed file is stored: one key per document, named after its original's
 * random key (as unguessable), so every run of the job writes to the same place and a crash
 * between storing and recording never leaves a second sealed file behind.
 */
function sealedKeyOf(signable: SignableRow): string {
  const name = path.posix.basename(signable.storageKey).replace(/\.[^.]*$/, '');
  return `companies/${signable.companyId}/signed/${name}.pdf`;
}

async function pageCountOf(pdf: Buffer): Promise<number> {
  return (await PDFDocument.load(pdf, { updateMetadata: false })).getPageCount();
}

async function readIfStored(storage: Storage, key: string): Promise<Buffer | null> {
  try {
    return await storage.get(key);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return null;
    throw error;
  }
}

/** The row takes the sealed file only if it has none yet (a repeat changes nothing). */
async function recordSealed(
  deps: SealDeps,
  signable: SignableRow,
  key: string,
  { pdf: sealed, pageCount }: { pdf: Buffer; pageCount: number },
): Promise<void> {
  await deps.db
    .update(signables)
    .set({
      signedStorageKey: key,
      signedSha256: createHash('sha256').update(sealed).digest('hex'),
      signedSize: sealed.length,
      signedPageCount: pageCount,
      signedAt: new Date(),
    })
    .where(and(eq(signables.id, signable.id), isNull(signables.signedStorageKey)));
}

/** 60/9 → 5 with the checksum audit lines and the mails, in one transaction (applies once). */
async function complete(deps: SealDeps, signRequestId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const bundle = await loadBundle(tx, signRequestId);
    if (!bundle) return;
    const unsealed = bundle.signables.filter((s) => !s.signedStorageKey && !s.fileDeletedAt);
    if (unsealed.length > 0) throw new Error('documents left unsealed');
    const completedAt = new Date();
    const moved = await tx
      .update(signRequests)
      .set({
        stateId: SIGNED,
        completedAt,
        failureReason: null,
        updatedAt: completedAt,
      })
      .where(
        and(eq(signRequests.id, signRequestId), inArray(signRequests.stateId, SEALABLE_STATES)),
      )
      .returning({ id: signRequests.id });
    if (moved.length === 0) return;
    // The documents are kept for the company's retention period; the mail names the date.
    const purgeAt = (await markRequestEnded(tx, signRequestId, completedAt))!;

    const last = [...bundle.signers].sort(
      (a, b) =>
        (b.signedAt?.getTime() ?? 0) - (a.signedAt?.getTime() ?? 0) || b.position - a.position,
    )[0];
    if (last) {
      const existing = await tx
        .select({ type: signerActions.type, comment: signerActions.comment })
        .from(signerActions)
        .where(
          and(
            eq(signerActions.signRequestId, signRequestId),
            inArray(signerActions.type, [AUDIT_SIGNED_SHA, AUDIT_ORIGINAL_SHA]),
          ),
        );
      const seen = new Set(existing.map((e) => `${e.type}|${e.comment}`));
      const rows = [];
      for (const d of bundle.signables) {
        const lines = [
          [AUDIT_ORIGINAL_SHA, `${d.name}: ${d.sha256}`],
          [AUDIT_SIGNED_SHA, `${d.name}: ${d.signedSha256}`],
        ] as const;
        for (const [type, comment] of lines) {
          if (seen.has(`${type}|${comment}`)) continue;
          rows.push({
            signerId: last.id,
            signRequestId,
            companyId: bundle.request.companyId,
            type,
            comment,
          });
        }
      }
      if (rows.length) await tx.insert(signerActions).values(rows);
    }
    await queueSignedDocumentMails(tx, deps.queue, bundle, purgeAt);
    const event = {
      companyId: bundle.request.companyId,
      type: 'sign_request.signed',
      signRequestId,
    } as const;
    await emitWebhookEvent(tx, deps, event, completedAt);
  });
}

/**
 * Who receives the sealed documents: every signer, approver and cc (not one who handed over),
 * the initiator if asked, extra addresses.
 */
export function recipientsOf(bundle: SealBundle): { name: string; email: string }[] {
  const list = bundle.signers
    .filter((s) => s.delegatedToSignerId === null)
    .map((s) => ({ name: fullName(s), email: s.email }));
  if (bundle.request.sendDocumentsToInitiator && bundle.initiator) list.push(bundle.initiator);
  for (const email of bundle.request.emails) list.push({ name: email, email });
  const seen = new Set<string>();
  return list.filter((r) => {
    const key = r.email.trim().toLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

async function queueSignedDocumentMails(tx: Tx, queue: Queue, bundle: SealBundle, purgeAt: Date) {
  const { company, fromName } = bundle.sender;
  const template = await resolveEmailTemplate(
    tx,
    bundle.request.companyId,
    'signables_to_sign_request',
    'nl',
  );
  const sealed = bundle.signables.filter((s) => s.signedStorageKey);
  const attachments = sealed.map((s) => ({
    filename: signedPdfName(s.filename),
    storageKey: s.signedStorageKey!,
  }));
  for (const recipient of recipientsOf(bundle)) {
    const content = renderSignerMail(
      template,
      {
        fields: {
          name: recipient.name,
          company,
          subject: bundle.request.subject,
          documents: sealed.map((s) => s.name).join(', '),
          purge_date: formatLongDate(purgeAt, 'nl'),
        },
      },
      { locale: 'nl', frame: { company } },
    );
    await queueMail(tx, queue, recipient.email, content, fromName, {
      attachments,
      signRequestId: bundle.request.id,
    });
  }
}
