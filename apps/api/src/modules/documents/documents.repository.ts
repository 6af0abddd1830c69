import { and, asc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
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

/**
 * Inserts a document at the position after the request's last one, and says how many documents
 * the request had before it (read in the same statement).
 */
export async function insertSignable(
  db: DbOrTx,
  values: Omit<typeof signables.$inferInsert, 'position'>,
) {
  const ofRequest = sql`FROM ${signables} WHERE ${signables.signRequestId} = ${values.signRequestId}`;
  const [row] = await db
    .insert(signables)
    .values({
      ...values,
      position: sql`(SELECT coalesce(max(${signables.position}), 0) + 1 ${ofRequest})`,
    })
    .returning({
      ...getTableColumns(signables),
      documentsBefore: sql<number>`(SELECT count(*) ${ofRequest})`.mapWith(Number),
    });
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

/** A request's documents as the wizard's rules read them, with the count of its signers. */
async function documentsForRules(tx: Tx, companyId: number, signRequestId: number) {
  return tx
    .select({
      config: signables.config,
      hasAcroforms: signables.hasAcroforms,
      settings: signables.settings,
      // Read in the same statement: a signer added meanwhile waits for the request's lock.
      signerCount:
        sql<number>`(SELECT count(*) FROM ${signers} WHERE ${signers.signRequestId} = ${signRequestId})`.mapWith(
          Number,
        ),
    })
    .from(signables)
    .where(and(eq(signables.signRequestId, signRequestId), eq(signables.companyId, companyId)))
    .orderBy(asc(signables.position), asc(signables.id));
}

type DocumentForRules = Pick<
  Awaited<ReturnType<typeof documentsForRules>>[number],
  'config' | 'hasAcroforms' | 'settings'
>;

/**
 * The wizard's rules (seed 000 §2), applied to the request as its documents now are: with input
 * fields and several signers the request is signed in sequence; a document whose AcroForm fields
 * are enabled forces sequence too and lets the first signer edit forms. Only ever switches on.
 * Says whether the request is now in sequence by the rules, and whether the first signer's
 * form editing was switched on.
 */
async function applyRules(
  tx: Tx,
  companyId: number,
  signRequestId: number,
  docs: readonly DocumentForRules[],
  signerCount: number,
): Promise<{ inSequence: boolean; formsEditable: boolean }> {
  const withFields = docs.some((d) => Array.isArray(d.config.fields) && d.config.fields.length > 0);
  const withForms = docs.some((d) => d.hasAcroforms && d.settings.forms_enabled);
  const inSequence = withForms || (withFields && signerCount > 1);
  if (inSequence) {
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
  return { inSequence, formsEditable: withForms };
}

/** The wizard's rules after a document was added: documents and signers read in one statement. */
export async function applyWizardRules(tx: Tx, companyId: number, signRequestId: number) {
  const docs = await documentsForRules(tx, companyId, signRequestId);
  await applyRules(tx, companyId, signRequestId, docs, docs[0]?.signerCount ?? 0);
}

/** A request's documents as sending needs them (prepareDocumentsForSending). */
export interface DocumentForSending extends DocumentForRules {
  id: number;
  /** The name the sender gave the document (the cc's mail at sending lists them). */
  name: string;
  pages: (typeof signables.$inferSelect)['pages'];
  detectedMarkers: (typeof signables.$inferSelect)['detectedMarkers'];
}

/**
 * The request's documents in their order as a JSON expression, for the statement that reads the
 * signers at sending: both come from one statement.
 */
export function documentsForSending(
  companyId: number,
  signRequestId: number,
): SQL<DocumentForSending[]> {
  return sql<DocumentForSending[]>`(SELECT coalesce(json_agg(json_build_object(
      'id', ${signables.id}, 'name', ${signables.name}, 'pages', ${signables.pages}, 'config', ${signables.config},
      'hasAcroforms', ${signables.hasAcroforms}, 'settings', ${signables.settings},
      'detectedMarkers', ${signables.detectedMarkers})
      ORDER BY ${signables.position}, ${signables.id}), '[]')
    FROM ${signables}
    WHERE ${signables.signRequestId} = ${signRequestId} AND ${signables.companyId} = ${companyId})`;
}

/**
 * At sending, on the documents as read under the request's guard (documentsForSending): the
 * wizard's rules as signers and documents now are (a signer may have been added after a
 * document), then the markers found on upload for signers without any, and the signature boxes
 * and initials a signer would otherwise get only on the audit certificate (contract
 * `autoMarkers`), added to the documents' markers. Says what the rules switched on.
 */
export async function prepareDocumentsForSending(
  tx: Tx,
  companyId: number,
  signRequestId: number,
  found: readonly DocumentForSending[],
  signerList: readonly { position: number; verifications: readonly number[] }[],
): Promise<{ inSequence: boolean; formsEditable: boolean }> {
  const rules = await applyRules(tx, companyId, signRequestId, found, signerList.length);
  // A signer without any marker gets the markers found on upload (contract
  // `detectedPlacements`); then the boxes a signer would still get only on the certificate.
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
  return rules;
}

/** Every column of a document but the fields found on upload, which only the sender's editor shows. */
const { detectedMarkers: _editorOnly, ...signerSideColumns } = getTableColumns(signables);

/** A request's documents in their order (the signer's page, fields, signature, approval). */
export async function listRequestSignables(db: DbOrTx, signRequestId: number) {
  return db
    .select(signerSideColumns)
    .from(signables)
    .where(eq(signables.signRequestId, signRequestId))
    .orderBy(asc(signables.position), asc(signables.id));
}
