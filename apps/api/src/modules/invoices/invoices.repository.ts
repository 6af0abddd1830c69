import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, invoiceCounters, invoiceLines, invoices } from '../../db/schema/index.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type InvoiceWithLines = InvoiceRow & { lines: InvoiceLineRow[] };

/**
 * The next value of a gapless counter. The row stays locked until the caller's transaction ends,
 * so parallel takers queue; a rollback undoes the increment and the number is given out again.
 */
export async function takeNextNumber(tx: DbOrTx, name: string): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ name, lastValue: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.name,
      set: { lastValue: sql`${invoiceCounters.lastValue} + 1` },
    })
    .returning({ value: invoiceCounters.lastValue });
  return row!.value;
}

/**
 * Serializes invoice creation per cause until the transaction ends, so a second caller with the
 * same cause finds the first one's invoice instead of taking a number of its own.
 */
export async function lockCause(tx: DbOrTx, causeKey: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${causeKey}, 0))`);
}

export async function findInvoiceByCause(
  tx: DbOrTx,
  causeKey: string,
): Promise<InvoiceWithLines | null> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.causeKey, causeKey));
  return row ? withLines(tx, row) : null;
}

export async function findInvoice(tx: DbOrTx, id: number): Promise<InvoiceWithLines | null> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id));
  return row ? withLines(tx, row) : null;
}

async function withLines(tx: DbOrTx, row: InvoiceRow): Promise<InvoiceWithLines> {
  const lines = await tx
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, row.id))
    .orderBy(asc(invoiceLines.position));
  return { ...row, lines };
}

/** The company row locked for the transaction (its debtor number is allocated at most once). */
export async function lockCompany(tx: DbOrTx, companyId: number) {
  const [row] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
  return row ?? null;
}

export async function setDebtorNo(tx: DbOrTx, companyId: number, debtorNo: number): Promise<void> {
  await tx.update(companies).set({ debtorNo }).where(eq(companies.id, companyId));
}

export async function insertInvoice(
  tx: DbOrTx,
  values: typeof invoices.$inferInsert,
  lines: Omit<typeof invoiceLines.$inferInsert, 'invoiceId'>[],
): Promise<InvoiceWithLines> {
  const [row] = await tx.insert(invoices).values(values).returning();
  const inserted = lines.length
    ? await tx
        .insert(invoiceLines)
        .values(lines.map((line) => ({ ...line, invoiceId: row!.id })))
        .returning()
    : [];
  return { ...row!, lines: inserted };
}
