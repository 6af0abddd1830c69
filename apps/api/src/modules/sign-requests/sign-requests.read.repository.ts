import { and, asc, eq, inArray } from 'drizzle-orm';
import type { SignRequestFilter } from '@paraaf/contract';
import type { DbOrTx } from '../../db/client.ts';
import { departments, signables, signers, signRequests, users } from '../../db/schema/index.ts';

/** Whose requests a caller may list: the whole company, or a viewer's linked signed ones. */
export interface ListScope {
  companyId: number;
  /** Set for the viewer role: only state 5 requests with this viewer_user_id. */
  viewerUserId: number | null;
}

export interface ListParams {
  page: number;
  limit: number;
  order: string;
  filters: SignRequestFilter[];
}

/** The filters reduced to one condition of each kind (several of a kind are AND-ed). */
interface Conditions {
  /** null: no state filter; an empty list matches nothing. */
  states: number[] | null;
  days: string[];
  signerPatterns: string[];
  signablePatterns: string[];
}

const MAX_INT = 2147483647;

/** `%text%` for LIKE on a lower-cased column, with LIKE's own wildcards taken literally. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function conditionsOf(filters: SignRequestFilter[]): Conditions {
  const c: Conditions = { states: null, days: [], signerPatterns: [], signablePatterns: [] };
  for (const f of filters) {
    if (f.field === 'state_id') {
      if (f.value.length === 0) continue; // the filter panel with nothing ticked
      const ids = f.value.filter((v) => Number.isInteger(v) && v >= 0 && v <= MAX_INT);
      c.states = c.states === null ? ids : c.states.filter((s) => ids.includes(s));
    } else if (f.field === 'created_at') {
      c.days.push(f.value);
    } else {
      const text = f.value.trim();
      if (!text) continue;
      (f.field === 'signers' ? c.signerPatterns : c.signablePatterns).push(likePattern(text));
    }
  }
  return c;
}

/** Is `total` just a sum of the per-state counters (no text or date filter, not a viewer)? */
function countedByCounters(scope: ListScope, c: Conditions): boolean {
  return (
    scope.viewerUserId === null &&
    c.days.length === 0 &&
    !c.signerPatterns.length &&
    !c.signablePatterns.length
  );
}

/**
 * Builds one statement's text and its parameter values together: `param(v)` appends a value and
 * returns its `$n`. The text depends only on the query's shape (which filters, how many of each,
 * the order), never on the values, so it names a prepared statement (see `run`).
 */
class Statement {
  text = '';
  readonly values: unknown[] = [];
  param(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function integer(value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not a row count: ${value}`);
  return value;
}

/**
 * The separator between names in `sign_requests.signer_search` / `signable_search` (migration
 * 0011). A pattern without it can only match inside one name, so LIKE on the joined text is
 * exactly LIKE on each name; a pattern with it falls back to the per-name subquery.
 */
const NAME_SEPARATOR = '\x1f';

/** Name particles so common that their trigrams would make the index read most of its lists. */
const PARTICLES = new Set(['de', 'van', 'der', 'den', 'het', 'ter', 'ten', "'t", 'la', 'le', 'du']);

/**
 * A search on a trigram-indexed column. A text with name particles asks the index only for the
 * parts between them ('sanne de vries' → 'sanne', 'vries': the trigrams of ' de ' are in most
 * rows and cost more to read than they filter), and checks the whole text on the rows found
 * (`col || ''` is not indexed, so the planner does not hand the whole pattern to the index).
 * Same rows as `col LIKE pattern`.
 */
function searchCondition(st: Statement, column: string, pattern: string): string {
  const words = pattern.slice(1, -1).split(' ');
  const parts: string[] = [];
  let current: string[] = [];
  for (const word of [...words, '']) {
    if (word && !PARTICLES.has(word)) {
      current.push(word);
      continue;
    }
    if (current.join(' ').length >= 3) parts.push(current.join(' '));
    current = [];
  }
  const hasParticle = words.some((w) => PARTICLES.has(w));
  // Every parameter must appear in the text (PostgreSQL cannot type an unused one).
  if (!hasParticle || parts.length === 0) return `${column} LIKE ${st.param(pattern)}`;
  return [
    ...parts.map((w) => `${column} LIKE ${st.param(`%${w}%`)}`),
    `(${column} || '') LIKE ${st.param(pattern)}`,
  ].join(' AND ');
}

function whereOf(st: Statement, company: string, scope: ListScope, c: Conditions): string {
  const parts = [`sr.company_id = ${company}`];
  if (scope.viewerUserId !== null) {
    parts.push(`sr.viewer_user_id = ${st.param(scope.viewerUserId)}`, 'sr.state_id = 5');
  }
  if (c.states !== null) parts.push(stateCondition('sr.state_id', c.states));
  for (const day of c.days) {
    // The calendar day in Amsterdam, DST included: [local midnight, next local midnight).
    const d = st.param(day);
    parts.push(
      `sr.created_at >= (${d}::date)::timestamp AT TIME ZONE 'Europe/Amsterdam'`,
      `sr.created_at < (${d}::date + 1)::timestamp AT TIME ZONE 'Europe/Amsterdam'`,
    );
  }
  // The search columns of migration 0011, each with its (company_id, col gin_trgm_ops) index.
  for (const p of c.signerPatterns) {
    parts.push(
      p.includes(NAME_SEPARATOR)
        ? `sr.id IN (SELECT s.sign_request_id FROM signers s
      WHERE s.company_id = ${company}
        AND lower(s.firstname || ' ' || s.lastname) LIKE ${st.param(p)})`
        : searchCondition(st, 'sr.signer_search', p),
    );
  }
  for (const p of c.signablePatterns) {
    parts.push(
      p.includes(NAME_SEPARATOR)
        ? `sr.id IN (SELECT d.sign_request_id FROM signables d
      WHERE d.company_id = ${company} AND lower(d.name) LIKE ${st.param(p)})`
        : searchCondition(st, 'sr.signable_search', p),
    );
  }
  return parts.join(' AND ');
}

/**
 * The states filter, its (validated) integers written into the text: a cached plan then knows
 * which states it serves (a rare state wants the (company_id, state_id, id) index, a common one
 * the newest rows), and a single state is an equality the index returns in id order.
 */
function stateCondition(column: string, states: number[]): string {
  const ids = [...new Set(states.map(integer))].sort((a, b) => a - b);
  if (ids.length === 0) return 'false';
  return ids.length === 1 ? `${column} = ${ids[0]}` : `${column} IN (${ids.join(', ')})`;
}

/** The ORDER BY column (a fixed list: never the caller's text) and direction. */
function orderOf(order: string): { col: 'id' | 'created_at' | 'state_id'; dir: 'ASC' | 'DESC' } {
  const [column, direction] = order.split(',');
  const col = column === 'created_at' || column === 'state_id' ? column : 'id';
  return { col, dir: direction === 'asc' ? 'ASC' : 'DESC' };
}

function orderBy(order: string, alias: string): string {
  const { col, dir } = orderOf(order);
  return col === 'id' ? `${alias}.id ${dir}` : `${alias}.${col} ${dir}, ${alias}.id ${dir}`;
}

/** The counter rows' sum: the exact total without text/date filters (migration 0004). */
function counterTotal(company: string, c: Conditions): string {
  const states = c.states === null ? '' : ` AND ${stateCondition('state_id', c.states)}`;
  return `(SELECT coalesce(sum(n), 0)::int FROM sign_request_counts
      WHERE company_id = ${company}${states})`;
}

/**
 * One statement, one round trip: the ids of the page first (the part the indexes serve; with
 * the default order an index-only scan of (company_id, id), so deep pages skip rows cheaply),
 * then those rows with their signers, documents and viewer as JSON, and beside them the total:
 * - `counters`: the sum of the per-state counters (no text/date filter, not a viewer);
 * - `count`: counted exactly in the same statement (same snapshot as the page).
 * Always at least one row: an empty page is one row of NULLs carrying the total.
 */
type TotalMode = 'counters' | 'count';

function pageStatement(
  scope: ListScope,
  c: Conditions,
  params: ListParams,
  total: TotalMode,
): Statement {
  const st = new Statement();
  const company = st.param(scope.companyId);
  const { col } = orderOf(params.order);
  const where = whereOf(st, company, scope, c);
  const limit = integer(params.limit);
  const offset = integer((params.page - 1) * params.limit);
  const cols = `sr.id${col === 'id' ? '' : `, sr.${col}`}`;
  // With the counters the page is read straight from the indexes. Counted, the filters are
  // evaluated once: the matching ids are the total and, sorted, the page (a search's bitmap
  // scan is the expensive part, and it would otherwise run for both).
  // LIMIT and OFFSET are written into the text (validated integers): as parameters the planner
  // would guess that 10% of the rows are wanted, and never settle on a cached plan.
  const ctes =
    total === 'counters'
      ? `page AS (
    SELECT ${cols} FROM sign_requests sr
    WHERE ${where}
    ORDER BY ${orderBy(params.order, 'sr')}
    LIMIT ${limit} OFFSET ${offset})`
      : `matches AS MATERIALIZED (
    SELECT ${cols} FROM sign_requests sr WHERE ${where}),
  page AS (
    SELECT ${cols} FROM matches sr
    ORDER BY ${orderBy(params.order, 'sr')}
    LIMIT ${limit} OFFSET ${offset})`;
  const head =
    total === 'counters'
      ? `${counterTotal(company, c)} AS total`
      : `(SELECT count(*)::int FROM matches) AS total`;
  st.text = `WITH ${ctes}
  SELECT h.total, sr.id,
    to_char(sr.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
    sr.state_id, sr.custom_fields, sr.viewer_user_id, u.name AS viewer_name,
    (SELECT coalesce(json_agg(json_build_object('id', s.id, 'firstname', s.firstname,
        'lastname', s.lastname) ORDER BY s.position, s.id), '[]')
      FROM signers s WHERE s.sign_request_id = sr.id) AS signers,
    (SELECT coalesce(json_agg(json_build_object('id', d.id, 'name', d.name)
        ORDER BY d.position, d.id), '[]')
      FROM signables d WHERE d.sign_request_id = sr.id) AS signables
  FROM (SELECT ${head}) h
  LEFT JOIN (page p JOIN sign_requests sr ON sr.id = p.id
    LEFT JOIN users u ON u.id = sr.viewer_user_id) ON true
  ORDER BY ${orderBy(params.order, 'p')}`;
  return st;
}

/**
 * Statement names by text. A named statement is parsed and planned once per pooled connection
 * (PostgreSQL then reuses the plan), which on this list costs more than running it. The shapes
 * are few (filter kinds and counts × order); past the cap a new shape runs unnamed.
 * Text searches run unnamed: their best plan depends on the pattern (a common name walks the
 * newest requests, a rare one reads the trigram index), and a cached generic plan cannot know it.
 */
const statementNames = new Map<string, string>();
// A cached statement holds ~170 kB in each pooled backend (measured): keep the set small.
const MAX_NAMED_STATEMENTS = 60;
const NAMED_PAGES = 5;

function nameOf(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `sign_request_list_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Runs a statement through drizzle's session as a named prepared query: the same code path on
 * node-postgres (named statements, plans cached per connection) and PGlite (which ignores the
 * name). Rows come back as objects, json columns parsed by the driver.
 */
async function run(db: DbOrTx, st: Statement, named: boolean): Promise<Record<string, unknown>[]> {
  const name = named ? nameOf(st.text) : undefined;
  const result = await db._.session
    .prepareQuery({ sql: st.text, params: st.values }, undefined, name, false)
    .execute();
  return (result as { rows: Record<string, unknown>[] }).rows;
}

/** The SQL the list runs, rendered (for EXPLAIN in scripts/bench-sign-requests.mjs). */
export function buildListStatements(
  scope: ListScope,
  params: ListParams,
): { name: string; sql: string; params: unknown[] }[] {
  const c = conditionsOf(params.filters);
  if (countedByCounters(scope, c)) {
    const page = pageStatement(scope, c, params, 'counters');
    return [{ name: 'page + total (counters)', sql: page.text, params: page.values }];
  }
  const page = pageStatement(scope, c, params, 'count');
  return [{ name: 'page + total (counted)', sql: page.text, params: page.values }];
}

export interface ListRow {
  id: number;
  created_at: string;
  state_id: number;
  custom_fields: { name: string; value: string | null }[];
  viewer_user_id: number | null;
  viewer_name: string | null;
  signers: { id: number; firstname: string; lastname: string }[];
  signables: { id: number; name: string }[];
}

/** Both drivers parse json columns; a string means a driver that did not. */
function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

function mapRow(r: Record<string, unknown>): ListRow {
  return {
    id: Number(r.id),
    created_at: String(r.created_at),
    state_id: Number(r.state_id),
    custom_fields: json<ListRow['custom_fields']>(r.custom_fields),
    viewer_user_id: r.viewer_user_id === null ? null : Number(r.viewer_user_id),
    viewer_name: (r.viewer_name as string | null) ?? null,
    signers: json<ListRow['signers']>(r.signers),
    signables: json<ListRow['signables']>(r.signables),
  };
}

/** One statement: the page with its children and the total (from the counters, or counted). */
export async function findSignRequestPage(
  db: DbOrTx,
  scope: ListScope,
  params: ListParams,
): Promise<{ rows: ListRow[]; total: number }> {
  const c = conditionsOf(params.filters);
  // The first pages are the ones browsed; deeper ones run unnamed rather than fill the cache.
  const named =
    !c.signerPatterns.length && !c.signablePatterns.length && params.page <= NAMED_PAGES;
  const mode: TotalMode = countedByCounters(scope, c) ? 'counters' : 'count';
  const result = await run(db, pageStatement(scope, c, params, mode), named);
  // An empty page is a single row without id.
  const rows = result.filter((r) => r.id !== null && r.id !== undefined).map(mapRow);
  return { rows, total: Number(result[0]?.total ?? 0) };
}

// ---------------------------------------------------------------- detail

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
  const [signerRows, signableRows, department, people] = await Promise.all([
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
  ]);
  return {
    signers: signerRows,
    signables: signableRows,
    department: department[0] ?? null,
    viewerUser: people.find((p) => p.id === request.viewerUserId) ?? null,
    initiator: people.find((p) => p.id === request.userId) ?? null,
  };
}
