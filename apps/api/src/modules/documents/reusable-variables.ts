import { sql, type SQL } from 'drizzle-orm';
import { REUSABLE_VARIABLES_LIMIT, type ReusableVariable } from '@paraaf/contract';
import type { DbOrTx } from '../../db/client.ts';

/** Only the latest this many documents (or templates) are searched: fast whatever the history. */
const RECENT = 200;

/** Where reusable markers come from: the company's templates or its sign requests' documents. */
export type ReusableSource = 'templates' | 'signables';

function recentConfigs(source: ReusableSource, companyId: number): SQL {
  if (source === 'templates') {
    // Index (company_id, id desc).
    return sql`SELECT t.id AS doc_id, t.config FROM templates t
      WHERE t.company_id = ${companyId} ORDER BY t.id DESC LIMIT ${RECENT}`;
  }
  // The latest requests by index (company_id, id), then their documents.
  return sql`SELECT s.id AS doc_id, s.config FROM (
      SELECT r.id FROM sign_requests r WHERE r.company_id = ${companyId}
      ORDER BY r.id DESC LIMIT ${RECENT}
    ) r
    JOIN signables s ON s.sign_request_id = r.id AND s.company_id = ${companyId}
    ORDER BY s.id DESC LIMIT ${RECENT}`;
}

/**
 * Distinct markers (type, value, size, options) of the company's recent templates or
 * documents whose value or label contains `search` (case-insensitive), most recently used
 * first, at most 20. Generated markers are per signer and never offered.
 */
export async function findReusableVariables(
  db: DbOrTx,
  source: ReusableSource,
  companyId: number,
  search: string,
): Promise<ReusableVariable[]> {
  const needle = search.trim().toLowerCase();
  const result = await db.execute(sql`
    WITH recent AS (${recentConfigs(source, companyId)}),
    items AS (
      SELECT recent.doc_id, e.ord, e.v
      FROM recent,
        jsonb_array_elements(
          CASE WHEN jsonb_typeof(recent.config->'variables') = 'array'
            THEN recent.config->'variables' ELSE '[]'::jsonb END
        ) WITH ORDINALITY AS e(v, ord)
      WHERE jsonb_typeof(e.v) = 'object'
        AND e.v->>'type' IN ('text', 'date', 'checkbox_checked')
        AND (${needle} = ''
          OR strpos(lower(coalesce(e.v->>'value', '')), ${needle}) > 0
          OR strpos(lower(coalesce(e.v->'options'->>'label', '')), ${needle}) > 0)
    )
    SELECT v->>'type' AS type,
      v->>'value' AS value,
      v->'width' AS width,
      v->'height' AS height,
      coalesce(v->'options', '{}'::jsonb) AS options,
      max(doc_id) AS last_doc,
      max(ord) AS last_ord
    FROM items
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY last_doc DESC, last_ord DESC
    LIMIT ${REUSABLE_VARIABLES_LIMIT}
  `);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    type: r.type as ReusableVariable['type'],
    value: (r.value as string | null) ?? null,
    width: Number(r.width),
    height: Number(r.height),
    options: (typeof r.options === 'string'
      ? JSON.parse(r.options)
      : r.options) as ReusableVariable['options'],
  }));
}
