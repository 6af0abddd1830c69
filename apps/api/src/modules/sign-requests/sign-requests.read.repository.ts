import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  departments,
  signables,
  signerActions,
  signerEvidence,
  signers,
  signRequests,
  users,
} from '../../db/schema/index.ts';
import type { ListScope } from './sign-requests.list.repository.ts';

export type SignRequestRow = typeof signRequests.$inferSelect;

/** The request if the scope may see it; a viewer only its linked signed ones. */
export async function findSignRequestInScope(
  db: DbOrTx,
  scope: ListScope,
  id: number,
): Promise<SignRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(signRequests)
    .where(
      and(
        eq(signRequests.id, id),
        eq(signRequests.companyId, scope.companyId),
        scope.viewerUserId === null ? undefined : eq(signRequests.viewerUserId, scope.viewerUserId),
        scope.viewerUserId === null ? undefined : eq(signRequests.stateId, 5),
      ),
    );
  return row;
}

/** Everything the detail shows besides the request row, in parallel. */
export async function findSignRequestParts(db: DbOrTx, request: SignRequestRow) {
  const userIds = [request.viewerUserId, request.userId].filter((v): v is number => v !== null);
  const [signerRows, signableRows, department, people, evidence] = await Promise.all([
    db
      .select()
      .from(signers)
      .where(and(eq(signers.signRequestId, request.id), eq(signers.companyId, request.companyId)))
      .orderBy(asc(signers.position), asc(signers.id)),
    db
      .select()
      .from(signables)
      .where(
        and(eq(signables.signRequestId, request.id), eq(signables.companyId, request.companyId)),
      )
      .orderBy(asc(signables.position), asc(signables.id)),
    request.departmentId === null
      ? Promise.resolve([])
      : db
          .select({ id: departments.id, name: departments.name })
          .from(departments)
          .where(
            and(
              eq(departments.id, request.departmentId),
              eq(departments.companyId, request.companyId),
            ),
          ),
    userIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(and(inArray(users.id, userIds), eq(users.companyId, request.companyId))),
    db
      .select({ fieldValues: signerEvidence.fieldValues })
      .from(signerEvidence)
      .innerJoin(signers, eq(signers.id, signerEvidence.signerId))
      .where(and(eq(signers.signRequestId, request.id), eq(signers.companyId, request.companyId)))
      .orderBy(asc(signers.position)),
  ]);
  return {
    signers: signerRows,
    signables: signableRows,
    department: department[0] ?? null,
    viewerUser: people.find((p) => p.id === request.viewerUserId) ?? null,
    initiator: people.find((p) => p.id === request.userId) ?? null,
    /** Every signer's input field values by `{signable_id}:{index}` (a field has one signer). */
    fieldValues: Object.assign({}, ...evidence.map((e) => e.fieldValues)) as Record<
      string,
      string | null
    >,
  };
}

/** Every signer's audit actions of one request, oldest first (the detail's `signers[].actions`). */
export async function findSignRequestActions(db: DbOrTx, request: SignRequestRow) {
  return db
    .select({
      id: signerActions.id,
      signerId: signerActions.signerId,
      type: signerActions.type,
      comment: signerActions.comment,
      createdAt: signerActions.createdAt,
    })
    .from(signerActions)
    .where(
      and(
        eq(signerActions.signRequestId, request.id),
        eq(signerActions.companyId, request.companyId),
      ),
    )
    .orderBy(asc(signerActions.createdAt), asc(signerActions.id));
}

/** How many sign requests the company has, from the per-state counters (migration 0004). */
export async function countCompanySignRequests(db: DbOrTx, companyId: number): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`SELECT coalesce(sum(n), 0)::int AS n FROM sign_request_counts WHERE company_id = ${companyId}`,
  );
  return Number(result.rows[0]?.n ?? 0);
}
