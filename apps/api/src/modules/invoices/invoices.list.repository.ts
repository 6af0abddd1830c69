import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AllInvoicesQuery, InvoiceListQuery } from '@paraaf/contract';
import type { DbOrTx } from '../../db/client.ts';
import { companies, invoiceLines, invoices, users } from '../../db/schema/index.ts';
import type { InvoiceLineRow, InvoiceRow } from './invoices.repository.ts';

export interface InvoiceListRow {
  invoice: InvoiceRow;
  company: { id: number; name: string };
  lines: InvoiceLineRow[];
  firstUser: { name: string; email: string } | null;
}

/** A page of one company's invoices (GET /api/invoices), newest first by default. */
export function listCompanyInvoices(db: DbOrTx, companyId: number, query: InvoiceListQuery) {
  return listInvoices(db, eq(invoices.companyId, companyId), query);
}

/** A page of every company's invoices for the back office, filtered and searched. */
export function listAllInvoices(db: DbOrTx, query: AllInvoicesQuery) {
  const conditions: SQL[] = [];
  for (const filter of query.filters ?? []) {
    conditions.push(
      filter.field === 'state' ? eq(invoices.state, filter.eq) : eq(invoices.type, filter.eq),
    );
  }
  const search = query.search?.trim();
  if (search) {
    const byName = ilike(invoices.debtorName, `%${escapeLike(search)}%`);
    conditions.push(
      /^\d{1,9}$/.test(search) ? or(eq(invoices.debtorNo, Number(search)), byName)! : byName,
    );
  }
  return listInvoices(db, conditions.length ? and(...conditions) : undefined, query);
}

/** One invoice as a list row (after a change), or null. */
export async function findInvoiceRow(db: DbOrTx, id: number): Promise<InvoiceListRow | null> {
  const { rows } = await listInvoices(db, eq(invoices.id, id), {
    page: 1,
    limit: 1,
    order: 'id,desc',
  });
  return rows[0] ?? null;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

async function listInvoices(
  db: DbOrTx,
  where: SQL | undefined,
  query: InvoiceListQuery,
): Promise<{ rows: InvoiceListRow[]; total: number }> {
  const order = query.order === 'id,asc' ? asc(invoices.id) : desc(invoices.id);
  const page = await db
    .select({
      invoice: invoices,
      company: { id: companies.id, name: companies.name },
      // The company's first user (lowest id): the contact the back office cards show.
      firstUser: sql<{ name: string; email: string } | null>`(
        SELECT json_build_object('name', u.name, 'email', u.email) FROM ${users} u
        WHERE u.company_id = ${invoices.companyId} ORDER BY u.id LIMIT 1)`,
    })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(where)
    .orderBy(order)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(invoices)
    .where(where);
  const ids = page.map((r) => r.invoice.id);
  const lines = ids.length
    ? await db
        .select()
        .from(invoiceLines)
        .where(inArray(invoiceLines.invoiceId, ids))
        .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position))
    : [];
  return {
    rows: page.map((r) => ({
      invoice: r.invoice,
      company: r.company,
      lines: lines.filter((l) => l.invoiceId === r.invoice.id),
      firstUser: r.firstUser ?? null,
    })),
    total: count!.total,
  };
}
