import { sql, type SQL } from 'drizzle-orm';
import {
  planDisplayName,
  type AdminUserRow,
  type AllUsersQuery,
  type Paginated,
} from '@paraaf/contract';
import type { AuthedCtx } from '../../lib/context.ts';
import { paginated } from '../../lib/pagination.ts';

/** A LIKE pattern that matches `text` anywhere, its wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

interface Row extends Record<string, unknown> {
  id: number;
  name: string;
  email: string;
  created_at: string | Date;
  role: AdminUserRow['role'];
  is_platform_admin: boolean;
  is_active: boolean;
  company_id: number;
  company_name: string;
  first_user_name: string | null;
  first_user_email: string | null;
  credits: number;
  plan_name: string;
  plan_custom: boolean;
  plan_type: string;
  sign_requests: number;
  next_payment_date: string | null;
}

/**
 * GET /api/all-users (seed 001 'Admin: all users'): every user of the platform, newest first,
 * optionally those whose name or e-mail contains the search text. The search uses the trigram
 * indexes on lower(name) and email (migration 0023); the page's ten users get their company's
 * figures from the per-state counters and the latest billing period, not from a count per row.
 */
export async function listAllUsers(
  ctx: AuthedCtx,
  query: AllUsersQuery,
): Promise<Paginated<AdminUserRow>> {
  const where: SQL = query.search
    ? sql`(lower(u.name) LIKE ${containsPattern(query.search)} OR u.email LIKE ${containsPattern(query.search)})`
    : sql`true`;
  const offset = (query.page - 1) * query.per_page;
  const [page, count] = await Promise.all([
    ctx.db.execute<Row>(sql`
      WITH page AS (
        SELECT u.id FROM users u WHERE ${where} ORDER BY u.id DESC LIMIT ${query.per_page} OFFSET ${offset}
      )
      SELECT u.id, u.name, u.email, u.created_at, u.role, u.is_platform_admin, u.is_active,
        c.id AS company_id, c.name AS company_name, c.credits, p.name AS plan_name, p.custom AS plan_custom, p.type AS plan_type,
        f.name AS first_user_name, f.email AS first_user_email,
        (SELECT coalesce(sum(n), 0)::int FROM sign_request_counts s WHERE s.company_id = c.id)
          AS sign_requests,
        (SELECT b.ends_on::text FROM billing_periods b WHERE b.company_id = c.id
          ORDER BY b.starts_on DESC LIMIT 1) AS next_payment_date
      FROM page
      JOIN users u ON u.id = page.id
      JOIN companies c ON c.id = u.company_id
      JOIN payment_plans p ON p.id = c.payment_plan_id
      LEFT JOIN LATERAL (
        SELECT f.name, f.email FROM users f WHERE f.company_id = c.id ORDER BY f.id LIMIT 1
      ) f ON true
      ORDER BY u.id DESC`),
    ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM users u WHERE ${where}`),
  ]);
  const total = Number(count.rows[0]?.n ?? 0);
  return paginated(
    page.rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      created_at: new Date(r.created_at).toISOString(),
      role: r.role,
      is_platform_admin: r.is_platform_admin,
      is_active: r.is_active,
      company: {
        id: r.company_id,
        name: r.company_name,
        first_user:
          r.first_user_name !== null && r.first_user_email !== null
            ? { name: r.first_user_name, email: r.first_user_email }
            : null,
      },
      sign_requests: Number(r.sign_requests),
      credits: r.credits,
      payment_plan: planDisplayName({ name: r.plan_name, custom: r.plan_custom }),
      // A prepaid plan has no periods and no payment date (GET /api/company does the same).
      next_payment_date: r.plan_type === 'prepaid' ? null : r.next_payment_date,
    })),
    total,
    { page: query.page, limit: query.per_page },
  );
}
