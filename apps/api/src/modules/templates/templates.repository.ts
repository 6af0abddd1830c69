import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { templates } from '../../db/schema/index.ts';

/** Every query takes the caller's company id: another company's template finds nothing. */
export async function findTemplate(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.id, id), eq(templates.companyId, companyId)))
    .limit(1);
  return row ?? null;
}

const orderColumns = {
  id: templates.id,
  name: templates.name,
  created_at: templates.createdAt,
} as const;

export async function findTemplatePage(
  db: DbOrTx,
  companyId: number,
  page: {
    column: keyof typeof orderColumns;
    direction: 'asc' | 'desc';
    limit: number;
    offset: number;
  },
) {
  const by = page.direction === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(templates)
      .where(eq(templates.companyId, companyId))
      .orderBy(by(orderColumns[page.column]), by(templates.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ count: count() }).from(templates).where(eq(templates.companyId, companyId)),
  ]);
  return { rows, total: total?.count ?? 0 };
}

export async function insertTemplate(db: DbOrTx, values: typeof templates.$inferInsert) {
  const [row] = await db.insert(templates).values(values).returning();
  return row!;
}

export async function updateTemplate(
  db: DbOrTx,
  companyId: number,
  id: number,
  values: Pick<typeof templates.$inferInsert, 'name' | 'config' | 'updatedAt' | 'signerRouting'>,
) {
  const [row] = await db
    .update(templates)
    .set(values)
    .where(and(eq(templates.id, id), eq(templates.companyId, companyId)))
    .returning();
  return row ?? null;
}

export async function deleteTemplate(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .delete(templates)
    .where(and(eq(templates.id, id), eq(templates.companyId, companyId)))
    .returning({ storageKey: templates.storageKey });
  return row ?? null;
}
