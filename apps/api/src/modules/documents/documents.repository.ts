import { and, asc, count, eq, sql } from 'drizzle-orm';
import { autoMarkers, detectedPlacements } from '@paraaf/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { signables, signers, signRequests } from '../../db/schema/index.ts';

/** A sign request of the company (id and state only); another company's does not exist. */
export async function findSignRequestState(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select({ id: signRequests.id, stateId: signRequests.stateId })
    .from(signRequests)
    .where(and(eq(signRequests.id, id), eq(signRequests.companyId, companyId)))
    .limit(1);
  return row ?? null;
}

/** The same, row-locked until the transaction ends: a concurrent send waits for the insert. */
export async function lockSignRequest(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select({ id: signRequests.id, stateId: signRequests.stateId })
    .from(signRequests)
    .where(and(eq(signRequests.id, id), eq(signRequests.companyId, companyId)))
    .for('no key update');
  return row ?? null;
}

export async function nextSignablePosition(db: DbOrTx, signRequestId: number): Promise<number> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${signables.position})` })
    .from(signables)
    .where(eq(signables.signRequestId, signRequestId));
  return Number(row?.max ?? 0) + 1;
}

export async function insertSignable(db: DbOrTx, values: typeof signables.$inferInsert) {
  const [row] = await db.insert(signables).values(values).returning();
  return row!;
}

/** A signable of the company with what access to its file depends on. */
export async function findSignableForFile(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select({
      signable: signables,
      requestStateId: signRequests.stateId,
      viewerUserId: signRequests.viewerUserId,
      gdprPurgedAt: signRequests.gdprPurgedAt,
    })
    .from(signables)
    .innerJoin(signRequests, eq(signRequests.id, signables.signRequestId))
    .where(
      and(
        eq(signables.id, id),
        eq(signables.companyId, companyId),
        eq(signRequests.companyId, companyId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The request's signers now: position → chosen verification types (markers name positions). */
export async function findSignerVerifications(
  db: DbOrTx,
  signRequestId: number,
): Promise<Map<number, number[]>> {
  const rows = await db
    .select({ position: signers.position, verifications: signers.verifications })
    .from(signers)
    .where(eq(signers.signRequestId, signRequestId))
    .orderBy(asc(signers.position), asc(signers.id));
  return new Map(rows.map((r) => [r.position, r.verifications]));
}

/** How many signers the request has now. */
export async function countSigners(db: DbOrTx, signRequestId: number): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(signers)
    .where(eq(signers.signRequestId, signRequestId));
  return row?.count ?? 0;
}

/**
 * The wizard's rules (seed 000 §2), applied to the request as its documents now are: with input
 * fields and several signers the request is signed in sequence; a document whose AcroForm fields
 * are enabled forces sequence too and lets the first signer edit forms. Only ever switches on.
 */
export async function applyWizardRules(tx: Tx, companyId: number, signRequestId: number) {
  const docs = await tx
    .select({
      config: signables.config,
      hasAcroforms: signables.hasAcroforms,
      settings: signables.settings,
    })
    .from(signables)
    .where(and(eq(signables.signRequestId, signRequestId), eq(signables.companyId, companyId)));
  const withFields = docs.some((d) => Array.isArray(d.config.fields) && d.config.fields.length > 0);
  const withForms = docs.some((d) => d.hasAcroforms && d.settings.forms_enabled);
  const signerCount = await countSigners(tx, signRequestId);
  if (withForms || (withFields && signerCount > 1)) {
    await tx
      .update(signRequests)
      .set({ isSync: true, updatedAt: new Date() })
      .where(
        and(
          eq(signRequests.id, signRequestId),
          eq(signRequests.companyId, companyId),
          eq(signRequests.isSync, false),
        ),
      );
  }
  if (withForms) {
    await tx
      .update(signers)
      .set({ allowFormEdit: true, updatedAt: new Date() })
      .where(
        and(
          eq(signers.signRequestId, signRequestId),
          eq(signers.position, 1),
          eq(signers.allowFormEdit, false),
        ),
      );
  }
}

/**
 * At sending: a signer without any marker gets the markers found on upload (contract
 * `detectedPlacements`); then the signature boxes and initials a signer would still get only on
 * the audit certificate (contract `autoMarkers`), added to the documents' markers.
 */
export async function placeAutoMarkers(
  tx: Tx,
  companyId: number,
  signRequestId: number,
  signerList: readonly { position: number; verifications: readonly number[] }[],
): Promise<void> {
  const found = await tx
    .select({
      id: signables.id,
      pages: signables.pages,
      config: signables.config,
      detectedMarkers: signables.detectedMarkers,
    })
    .from(signables)
    .where(and(eq(signables.signRequestId, signRequestId), eq(signables.companyId, companyId)))
    .orderBy(asc(signables.position), asc(signables.id));
  const detected = detectedPlacements(found, signerList);
  const docs = found.map((doc, i) => ({
    ...doc,
    config: { ...doc.config, variables: [...(doc.config.variables ?? []), ...detected[i]!] },
  }));
  const added = autoMarkers(docs, signerList);
  for (const [i, doc] of docs.entries()) {
    if (detected[i]!.length === 0 && added[i]!.length === 0) continue;
    await tx
      .update(signables)
      .set({ config: { ...doc.config, variables: [...doc.config.variables, ...added[i]!] } })
      .where(eq(signables.id, doc.id));
  }
}

/** A request's documents in their order (the signer's page, fields, signature, approval). */
export async function listRequestSignables(db: DbOrTx, signRequestId: number) {
  return db
    .select()
    .from(signables)
    .where(eq(signables.signRequestId, signRequestId))
    .orderBy(asc(signables.position), asc(signables.id));
}

export async function countSignables(db: DbOrTx, signRequestId: number): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(signables)
    .where(eq(signables.signRequestId, signRequestId));
  return row?.count ?? 0;
}
