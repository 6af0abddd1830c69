import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { departments, signRequests } from '../../db/schema/index.ts';

export type DepartmentRow = typeof departments.$inferSelect;

/**
 * A request that is not finished: a draft, in progress, handled and being sealed, or sealing
 * failed (the sweep seals it again), or waiting on an undeliverable mail (it can still be
 * cancelled or expire). Such a request still mails on behalf of its department.
 */
export const OPEN_REQUEST_STATES = [1, 2, 3, 6, 9, 40, 60];

/** The company's departments that are not removed, the default first; `defaultOnly` for a plan without the feature. */
export async function listDepartments(
  db: DbOrTx,
  companyId: number,
  { defaultOnly = false }: { defaultOnly?: boolean } = {},
): Promise<DepartmentRow[]> {
  return db
    .select()
    .from(departments)
    .where(
      and(
        eq(departments.companyId, companyId),
        isNull(departments.deletedAt),
        defaultOnly ? eq(departments.isDefault, true) : undefined,
      ),
    )
    .orderBy(sql`${departments.isDefault} DESC`, asc(departments.id));
}

/**
 * One department of the company that is not removed (another company's: null). With
 * `forShare`, the department a new request is sent on behalf of, held `FOR SHARE` until the
 * request is inserted: a removal (which updates the row) waits, then counts the new request as open.
 */
export async function findDepartment(
  db: DbOrTx,
  companyId: number,
  id: number,
  { forShare = false }: { forShare?: boolean } = {},
): Promise<DepartmentRow | null> {
  const query = db
    .select()
    .from(departments)
    .where(
      and(
        eq(departments.id, id),
        eq(departments.companyId, companyId),
        isNull(departments.deletedAt),
      ),
    );
  const [row] = forShare ? await query.for('share') : await query;
  return row ?? null;
}

export async function findDefaultDepartment(
  db: DbOrTx,
  companyId: number,
): Promise<DepartmentRow | null> {
  const [row] = await db
    .select()
    .from(departments)
    .where(and(eq(departments.companyId, companyId), eq(departments.isDefault, true)));
  return row ?? null;
}

/** The company's default department's id, as an expression for the statement that uses it. */
export function defaultDepartmentId(companyId: number): SQL<number | null> {
  return sql<
    number | null
  >`(SELECT ${departments.id} FROM ${departments} WHERE ${departments.companyId} = ${companyId} AND ${departments.isDefault} LIMIT 1)`;
}

export async function insertDepartment(
  db: DbOrTx,
  values: { companyId: number; name: string; mailName: string; isDefault?: boolean },
): Promise<DepartmentRow> {
  const [row] = await db.insert(departments).values(values).returning();
  return row!;
}

export async function updateDepartmentRow(
  db: DbOrTx,
  companyId: number,
  id: number,
  values: { name: string; mailName: string },
): Promise<DepartmentRow | null> {
  const [row] = await db
    .update(departments)
    .set(values)
    .where(
      and(
        eq(departments.id, id),
        eq(departments.companyId, companyId),
        isNull(departments.deletedAt),
      ),
    )
    .returning();
  return row ?? null;
}

/** Marks a (non-default) department removed; the row lock it takes makes new requests wait. */
export async function markDepartmentRemoved(
  db: DbOrTx,
  id: number,
  now: Date,
): Promise<DepartmentRow | null> {
  const [row] = await db
    .update(departments)
    .set({ deletedAt: now })
    .where(
      and(eq(departments.id, id), eq(departments.isDefault, false), isNull(departments.deletedAt)),
    )
    .returning();
  return row ?? null;
}

/** How many unfinished requests are sent on behalf of the department. */
export async function countOpenRequests(
  db: DbOrTx,
  companyId: number,
  departmentId: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(signRequests)
    .where(
      and(
        eq(signRequests.departmentId, departmentId),
        eq(signRequests.companyId, companyId),
        inArray(signRequests.stateId, OPEN_REQUEST_STATES),
      ),
    );
  return row?.n ?? 0;
}
