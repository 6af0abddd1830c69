import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { documentsForSending } from '../documents/documents.repository.ts';
import {
  companies,
  signables,
  signerActions,
  signers,
  signRequests,
  users,
} from '../../db/schema/index.ts';

export type SignRequestRow = typeof signRequests.$inferSelect;

/** Every query takes the caller's company id: another company's id simply finds nothing. */
export async function findSignRequest(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(signRequests)
    .where(and(eq(signRequests.id, id), eq(signRequests.companyId, companyId)));
  return row ?? null;
}

/** The request locked for the rest of the transaction (adding signers under the cap). */
export async function lockSignRequest(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(signRequests)
    .where(and(eq(signRequests.id, id), eq(signRequests.companyId, companyId)))
    .for('no key update');
  return row ?? null;
}

export async function listSigners(db: DbOrTx, signRequestId: number) {
  return db
    .select()
    .from(signers)
    .where(eq(signers.signRequestId, signRequestId))
    .orderBy(asc(signers.position), asc(signers.id));
}

/**
 * The request's signers in order and, read in the same statement, its documents as sending
 * needs them. No signers: no documents either (sending refuses a request without signers first).
 */
export async function listSignersAndDocuments(tx: Tx, companyId: number, signRequestId: number) {
  const rows = await tx
    .select({ signer: signers, documents: documentsForSending(companyId, signRequestId) })
    .from(signers)
    .where(eq(signers.signRequestId, signRequestId))
    .orderBy(asc(signers.position), asc(signers.id));
  return { signers: rows.map((r) => r.signer), documents: rows[0]?.documents ?? [] };
}

/** The position after the request's last signer, as an expression for the insert. */
export function nextSignerPosition(signRequestId: number): SQL<number> {
  return sql<number>`(SELECT coalesce(max(${signers.position}), 0) + 1 FROM ${signers} WHERE ${signers.signRequestId} = ${signRequestId})`;
}

/**
 * How many signers the request has and the company's cap on them, as an expression: in an
 * insert's RETURNING it reads them as they were before the insert.
 */
export function signerCountAndCap(
  companyId: number,
  signRequestId: number,
): SQL<{ count: number; maxSigners: number }> {
  return sql<{ count: number; maxSigners: number }>`json_build_object(
    'count', (SELECT count(*) FROM ${signers} WHERE ${signers.signRequestId} = ${signRequestId}),
    'maxSigners', (SELECT ${companies.maxSigners} FROM ${companies} WHERE ${companies.id} = ${companyId}))`;
}

/** The marker configs of a request's documents. */
export async function findSignableConfigs(db: DbOrTx, signRequestId: number) {
  const rows = await db
    .select({ config: signables.config })
    .from(signables)
    .where(eq(signables.signRequestId, signRequestId));
  return rows.map((r) => r.config);
}

export async function findCompanySigner(db: DbOrTx, companyId: number, signerId: number) {
  const [row] = await db
    .select()
    .from(signers)
    .where(and(eq(signers.id, signerId), eq(signers.companyId, companyId)));
  return row ?? null;
}

export async function findCompanyUserId(db: DbOrTx, companyId: number, userId: number) {
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)));
  return row ?? null;
}

export async function insertSignerAction(
  db: DbOrTx,
  action: {
    signerId: number;
    signRequestId: number;
    companyId: number;
    type: number;
    comment?: string | null;
    ip?: string | null;
    userAgent?: string | null;
    userId?: number | null;
    impersonatedBy?: number | null;
    apiKeyId?: number | null;
  },
): Promise<void> {
  await db.insert(signerActions).values(action);
}

export async function listSignerActions(db: DbOrTx, companyId: number, signerId: number) {
  return db
    .select()
    .from(signerActions)
    .where(and(eq(signerActions.signerId, signerId), eq(signerActions.companyId, companyId)))
    .orderBy(asc(signerActions.createdAt), asc(signerActions.id));
}
