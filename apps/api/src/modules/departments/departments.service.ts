import {
  billingMessages,
  departmentBody,
  departmentMessages,
  type Department,
} from '@paraaf/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/validate.ts';
import { companyFeatures, requireFeature } from '../companies/features.ts';
import {
  countOpenRequests,
  findDepartment,
  insertDepartment,
  listDepartments,
  markDepartmentRemoved,
  updateDepartmentRow,
  type DepartmentRow,
} from './departments.repository.ts';

export function toDepartmentDto(d: DepartmentRow): Department {
  return {
    id: d.id,
    name: d.name,
    mail_name: d.mailName,
    // Mail always leaves from MAIL_FROM: a company's own address would need its domain verified.
    mail_from: null,
    is_default: d.isDefault,
  };
}

/**
 * The departments the company may send on behalf of now: all of them with the `departments`
 * feature, else the default one only (extra ones made before a downgrade are hidden, not deleted).
 */
export async function usableDepartments(db: DbOrTx, companyId: number): Promise<DepartmentRow[]> {
  const features = await companyFeatures(db, companyId);
  return listDepartments(db, companyId, { defaultOnly: !features.has('departments') });
}

/** GET /api/departments. */
export async function getDepartments(ctx: AuthedCtx): Promise<{ data: Department[] }> {
  const rows = await usableDepartments(ctx.db, ctx.auth.user.companyId);
  return { data: rows.map(toDepartmentDto) };
}

/** POST /api/departments (feature `departments`): a new department, 201. */
export async function createDepartment(ctx: AuthedCtx, body: unknown): Promise<Department> {
  await requireFeature(ctx, 'departments');
  const input = parseInput(departmentBody, body);
  const row = await insertDepartment(ctx.db, {
    companyId: ctx.auth.user.companyId,
    name: input.name,
    mailName: input.mail_name,
  });
  return toDepartmentDto(row);
}

/**
 * POST /api/departments/{id}: the name and mail sender name. The default department may always be
 * edited (its mail_name is the company's mail sender name); another one needs the feature.
 */
export async function updateDepartment(
  ctx: AuthedCtx,
  id: number,
  body: unknown,
): Promise<Department> {
  const companyId = ctx.auth.user.companyId;
  const current = await findDepartment(ctx.db, companyId, id);
  if (!current) throw new NotFoundError();
  if (!current.isDefault && !(await companyFeatures(ctx.db, companyId)).has('departments')) {
    throw new ForbiddenError(billingMessages.featureMissing);
  }
  const input = parseInput(departmentBody, body);
  const row = await updateDepartmentRow(ctx.db, companyId, id, {
    name: input.name,
    mailName: input.mail_name,
  });
  if (!row) throw new NotFoundError();
  return toDepartmentDto(row);
}

/**
 * DELETE /api/departments/{id} (feature `departments`): removed softly, so finished requests
 * keep their department and its name. The default one stays; one that open requests are sent
 * on behalf of stays until they are finished (409 with their count).
 */
export async function deleteDepartment(ctx: AuthedCtx, id: number): Promise<void> {
  await requireFeature(ctx, 'departments');
  const companyId = ctx.auth.user.companyId;
  const current = await findDepartment(ctx.db, companyId, id);
  if (!current) throw new NotFoundError();
  if (current.isDefault) throw new ConflictError(departmentMessages.defaultNotRemovable);
  await ctx.db.transaction(async (tx) => {
    // The update locks the row first: a request being created on it (FOR SHARE) commits
    // before, and so is counted below, or sees the department removed and is refused.
    const removed = await markDepartmentRemoved(tx, id, ctx.now());
    if (!removed) throw new NotFoundError();
    const open = await countOpenRequests(tx, companyId, id);
    if (open > 0) throw new ConflictError(departmentMessages.inUse(open));
  });
}
