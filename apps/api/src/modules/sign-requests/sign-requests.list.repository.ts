import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { signRequestStates, type SignRequestFilter } from '@paraaf/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { Auth } from '../../lib/context.ts';
import { sessionGuard } from '../sessions/sessions.ts';
import { junctionsOf, NAME_SEPARATOR, searchKeys, type SearchKind } from './list-search-keys.ts';

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
  /** Search texts, lower-cased. */
  signerTexts: string[];
  signableTexts: string[];
  /** The bulk sends the requests were made for (all must match: at most one can). */
  bulkSends: number[];
}

const MAX_INT = 2147483647;

/** `%text%` for LIKE on a lower-cased column, with LIKE's own wildcards taken literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function conditionsOf(filters: SignRequestFilter[]): Conditions {
  const c: Conditions = {
    states: null,
    days: [],
    signerTexts: [],
    signableTexts: [],
    bulkSends: [],
  };
  for (const f of filters) {
    if (f.field === 'state_id') {
      if (f.value.length === 0) continue; // the filter panel with nothing ticked
      const ids = f.value.filter((v) => Number.isInteger(v) && v >= 0 && v <= MAX_INT);
      c.states = c.states === null ? ids : c.states.filter((s) => ids.includes(s));
    } else if (f.field === 'created_at') {
      c.days.push(f.value);
    } else if (f.field === 'bulk_send_id') {
      c.bulkSends.push(f.value);
    } else {
      const text = f.value.trim().toLowerCase();
      if (!text) continue;
      (f.field === 'signers' ? c.signerTexts : c.signableTexts).push(text);
    }
  }
  return c;
}

/** Is `total` just a sum of the per-state counters (no text or date filter, not a viewer)? */
function countedByCounters(scope: ListScope, c: Conditions): boolean {
  return (
    scope.viewerUserId === null &&
    c.days.length === 0 &&
    c.bulkSends.length === 0 &&
    !c.signerTexts.length &&
    !c.signableTexts.length
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
 * A text search on one of the search columns of migration 0011: candidates from the company's
 * keys in `search_tokens` (GIN-indexed, see list-search-keys.ts), then LIKE on the column, so the
 * rows are exactly those of `column LIKE '%text%'`. The search runs in `sign_request_search_ids`
 * (migrations 0040, 0050), whose plan is made once per connection: written here, every new text
 * made PostgreSQL plan the whole list statement again. A text without a key (e.g. 'an') is LIKE
 * alone, over the company's rows.
 */
function searchCondition(
  st: Statement,
  company: string,
  companyId: number,
  kind: SearchKind,
  column: string,
  text: string,
): string {
  const pattern = st.param(likePattern(text));
  const keys = searchKeys(companyId, kind, text);
  if (!keys) return `${column} LIKE ${pattern}`;
  return `sr.id IN (SELECT sign_request_search_ids(${company}, '${kind}', ${st.param(keys)}::int[], ${pattern}))`;
}

function whereOf(st: Statement, company: string, scope: ListScope, c: Conditions): string {
  const parts = [`sr.company_id = ${company}`];
  if (scope.viewerUserId !== null) {
    parts.push(`sr.viewer_user_id = ${st.param(scope.viewerUserId)}`, 'sr.state_id = 5');
  }
  if (c.states !== null) parts.push(stateCondition('sr.state_id', c.states));
  for (const id of c.bulkSends) parts.push(`sr.bulk_send_id = ${st.param(id)}`);
  for (const day of c.days) {
    // The calendar day in Amsterdam, DST included: [local midnight, next local midnight). Each
    // bound is a sub-select, so the planner cannot see the day in a custom plan either: both
    // estimate the range alike, and PostgreSQL keeps the statement's generic plan instead of
    // planning it again for every call (which cost twice what running it did).
    const d = st.param(day);
    parts.push(
      `sr.created_at >= (SELECT (${d}::date)::timestamp AT TIME ZONE 'Europe/Amsterdam')`,
      `sr.created_at < (SELECT (${d}::date + 1)::timestamp AT TIME ZONE 'Europe/Amsterdam')`,
    );
  }
  for (const text of c.signerTexts) {
    parts.push(
      text.includes(NAME_SEPARATOR)
        ? `sr.id IN (SELECT s.sign_request_id FROM signers s
      WHERE s.company_id = ${company}
        AND lower(s.firstname || ' ' || s.lastname) LIKE ${st.param(likePattern(text))})`
        : searchCondition(st, company, scope.companyId, 's', 'sr.signer_search', text),
    );
  }
  // The documents filter matches the subject as well: it is the first entry of signable_search.
  for (const text of c.signableTexts) {
    if (text.includes(NAME_SEPARATOR)) {
      const pattern = st.param(likePattern(text));
      parts.push(`(lower(sr.subject) LIKE ${pattern} OR sr.id IN (SELECT d.sign_request_id
      FROM signables d WHERE d.company_id = ${company} AND lower(d.name) LIKE ${pattern}))`);
    } else
      parts.push(searchCondition(st, company, scope.companyId, 'd', 'sr.signable_search', text));
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

/** ORDER BY of the list's order; `reversed` the opposite direction (a page read from the end). */
function orderBy(order: string, alias: string, reversed = false): string {
  const { col, dir: given } = orderOf(order);
  const dir = reversed ? (given === 'ASC' ? 'DESC' : 'ASC') : given;
  return col === 'id' ? `${alias}.id ${dir}` : `${alias}.${col} ${dir}, ${alias}.id ${dir}`;
}

/** The counter rows' sum: the exact total without text/date filters (migration 0004). */
function counterTotal(company: string, c: Conditions): string {
  const states = c.states === null ? '' : ` AND ${stateCondition('state_id', c.states)}`;
  return `(SELECT coalesce(sum(n), 0)::int FROM sign_request_counts
      WHERE company_id = ${company}${states})`;
}

/**
 * One list row as the API answers it (SignRequestListItem of the contract), built by PostgreSQL:
 * the page travels as one JSON text that the server sends as it is, instead of rows that the
 * driver parses, the service maps and Fastify serialises again. Signers and documents come from
 * the request's own `signer_list`/`signable_list` (migration 0013), and a request in progress's
 * turn (its step that acts, of how many, and who in it has yet to act) from its row in
 * `sign_request_turns` (migration 0051), all kept up by the signers' triggers. The state's label
 * is written into the text from the contract's table; the filled-in custom fields come from the
 * request's own `custom_field_list` (migration 0052, written with its custom fields).
 */
const STATE_LABEL = `CASE sr.state_id ${Object.entries(signRequestStates)
  .map(([id, label]) => `WHEN ${integer(Number(id))} THEN '${label.replaceAll("'", "''")}'`)
  .join(' ')} ELSE sr.state_id::text END`;

const ROW_JSON = `json_build_object(
      'id', sr.id,
      'subject', sr.subject,
      'created_at', to_char(sr.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'state_id', sr.state_id,
      'state', json_build_object('id', sr.state_id, 'label', ${STATE_LABEL}),
      'signers', coalesce(sr.signer_list, '[]'::json),
      'signables', coalesce(sr.signable_list, '[]'::json),
      'viewer_user', CASE WHEN u.id IS NULL THEN NULL
        ELSE json_build_object('id', u.id, 'name', u.name) END,
      'custom_field_values', coalesce(sr.custom_field_list, '[]'::json),
      'turn', CASE WHEN sr.state_id = 3
        THEN (SELECT t.turn FROM sign_request_turns t WHERE t.sign_request_id = sr.id) END)`;

/**
 * The select list of every list statement: the total, the page's rows (from `page`) as JSON, and
 * whether the caller's session still holds (`guard`, see modules/sessions/session-guard.ts).
 */
function totalAndData(
  st: Statement,
  company: string,
  total: string,
  order: string,
  guard: Auth | null,
): string {
  const sessionOk = guard ? sessionGuard(guard, (v) => st.param(v)) : 'true';
  return `SELECT ${total} AS total, ${sessionOk} AS session_ok,
    (SELECT coalesce(json_agg(${ROW_JSON} ORDER BY ${order}), '[]'::json)
      FROM page p JOIN sign_requests sr ON sr.id = p.id AND sr.company_id = ${company}
      LEFT JOIN users u ON u.id = sr.viewer_user_id)::text AS data`;
}

function bounds(params: ListParams): { limit: number; offset: number } {
  return { limit: integer(params.limit), offset: integer((params.page - 1) * params.limit) };
}

/**
 * LIMIT and OFFSET of a page. The first pages, the ones browsed, have them written into the text
 * (validated integers): as parameters the planner guesses that 10% of the rows are wanted. Deeper
 * pages share one text with the offset as a parameter, so they too run as one prepared statement
 * (the plan, an index scan that skips `offset` rows, does not depend on it).
 */
const LITERAL_PAGES = 5;

function limitOffset(st: Statement, params: ListParams): string {
  const { limit, offset } = bounds(params);
  return params.page <= LITERAL_PAGES
    ? `LIMIT ${limit} OFFSET ${offset}`
    : `LIMIT ${limit} OFFSET ${st.param(offset)}`;
}

/** A deep page's anchors: the id of every ANCHOR_STEP-th row of the list, in its order. */
export const ANCHOR_STEP = 100;

/**
 * The page continues from an anchor row `a` (a lateral reference) in the list's order: the rows
 * at or after it, as the index reads them (the sort key and then the id, ties included).
 */
function fromAnchor(order: string): string {
  const { col, dir } = orderOf(order);
  const op = dir === 'DESC' ? '<=' : '>=';
  return col === 'id' ? `sr.id ${op} a.id` : `(sr.${col}, sr.id) ${op} (a.${col}, a.id)`;
}

/**
 * A cache entry of the company for `key`, valid while its requests are as it saw them: the
 * bodies of `pg_snapshot_within` and `sign_request_list_unchanged_since` (migration 0016) written
 * out, so they are planned once with the prepared statement (PostgreSQL plans a SQL function
 * that holds a subquery again on every call, which cost more than the rest of a deep page).
 */
function cacheHit(company: string, key: string, columns: string): string {
  return `SELECT ${columns} FROM sign_request_list_cache c, pg_current_snapshot() AS now_snap
    WHERE c.company_id = ${company} AND c.key = ${key}
      AND c.created_at > now() - interval '1 day'
      AND pg_snapshot_xmax(c.snap) <= pg_snapshot_xmax(now_snap)
      AND NOT EXISTS (SELECT 1 FROM pg_snapshot_xip(now_snap) x
        WHERE pg_visible_in_snapshot(x, c.snap))
      AND NOT EXISTS (SELECT 1 FROM sign_requests r WHERE r.company_id = ${company}
        AND r.list_xid >= pg_snapshot_xmin(c.snap) AND NOT pg_visible_in_snapshot(r.list_xid, c.snap))
      AND NOT EXISTS (SELECT 1 FROM sign_request_list_removals d WHERE d.company_id = ${company}
        AND d.xid >= pg_snapshot_xmin(c.snap) AND NOT pg_visible_in_snapshot(d.xid, c.snap))`;
}

/**
 * Without text or date filters (and not a viewer): the page straight from the indexes (with the
 * default order an index-only scan of (company_id, id)) and the total from the per-state counters.
 */
function countersStatement(
  scope: ListScope,
  c: Conditions,
  params: ListParams,
  guard: Auth | null,
): Statement {
  if (params.page > LITERAL_PAGES) return deepPageStatement(scope, c, params, guard, 'seek');
  const st = new Statement();
  const company = st.param(scope.companyId);
  const { col } = orderOf(params.order);
  const cols = `sr.id${col === 'id' ? '' : `, sr.${col}`}`;
  const where = whereOf(st, company, scope, c);
  st.text = `WITH page AS (
    SELECT ${cols} FROM sign_requests sr
    WHERE ${where}
    ORDER BY ${orderBy(params.order, 'sr')}
    ${limitOffset(st, params)})
  ${totalAndData(st, company, counterTotal(company, c), orderBy(params.order, 'p'), guard)}`;
  return st;
}

/**
 * A deep page (past the fifth) without text or date filters. It seeks (`how` 'seek'): the cache
 * holds the id of every ANCHOR_STEP-th row of this list (order and states), valid while the
 * company's requests are as the snapshot it was made in saw them, and the page is read from the
 * anchor at or before its first row, skipping fewer than ANCHOR_STEP rows instead of `offset`;
 * `anchored` says whether there was a valid entry. Without one ('offset') the page is read by
 * offset from whichever end of the index is nearer (the exact total is known in the same
 * snapshot, so both give the same rows; the branch not taken is never scanned) and the anchors
 * are stored for the next deep page.
 */
function deepPageStatement(
  scope: ListScope,
  c: Conditions,
  params: ListParams,
  guard: Auth | null,
  how: 'seek' | 'offset',
): Statement {
  const st = new Statement();
  const company = st.param(scope.companyId);
  const { col } = orderOf(params.order);
  const cols = `sr.id${col === 'id' ? '' : `, sr.${col}`}`;
  const where = whereOf(st, company, scope, c);
  const { limit, offset } = bounds(params);
  const key = st.param(`anchors:${cacheKey(scope, c, params.order)}`);
  const total = `WITH t AS (SELECT ${counterTotal(company, c)} AS n)`;
  const result = totalAndData(st, company, '(SELECT n FROM t)', orderBy(params.order, 'p'), guard);
  if (how === 'seek') {
    // The rows from the anchor are read with a fixed LIMIT and the page picked by row number:
    // an OFFSET parameter would make the planner guess a tenth of the rows and plan anew for
    // every page instead of keeping one plan.
    const anchor = st.param(Math.floor(offset / ANCHOR_STEP) + 1);
    const skip = st.param(offset % ANCHOR_STEP);
    st.text = `${total},
  hit AS (${cacheHit(company, key, 'c.ids')}),
  page AS (
    SELECT p.* FROM (
      SELECT q.*, row_number() OVER (ORDER BY ${orderBy(params.order, 'q')}) AS rn
      FROM sign_requests a CROSS JOIN LATERAL (SELECT ${cols} FROM sign_requests sr
        WHERE ${where} AND ${fromAnchor(params.order)}
        ORDER BY ${orderBy(params.order, 'sr')}
        LIMIT ${ANCHOR_STEP + limit}) q
      WHERE a.company_id = ${company} AND a.id = (SELECT ids[${anchor}::int] FROM hit)) p
    WHERE p.rn > ${skip}::int AND p.rn <= ${skip}::int + ${limit})
  ${result}, EXISTS (SELECT 1 FROM hit) AS anchored`;
    return st;
  }
  const o = st.param(offset);
  st.text = `${total},
  page AS (
    (SELECT ${cols} FROM sign_requests sr
      WHERE ${where} AND (SELECT n FROM t) >= 2 * ${o}::int + ${limit}
      ORDER BY ${orderBy(params.order, 'sr')}
      LIMIT ${limit} OFFSET ${o})
    UNION ALL
    (SELECT ${cols} FROM sign_requests sr
      WHERE ${where} AND (SELECT n FROM t) < 2 * ${o}::int + ${limit}
      ORDER BY ${orderBy(params.order, 'sr', true)}
      LIMIT greatest(least(${limit}, (SELECT n FROM t) - ${o}::int), 0)
      OFFSET greatest((SELECT n FROM t) - ${o}::int - ${limit}, 0))),
  store AS (
    INSERT INTO sign_request_list_cache (company_id, key, snap, total, ids)
    SELECT ${company}, ${key}, pg_current_snapshot(), (SELECT n FROM t),
      ARRAY(SELECT x.id FROM (SELECT sr.id,
          row_number() OVER (ORDER BY ${orderBy(params.order, 'sr')}) AS rn
        FROM sign_requests sr WHERE ${where}) x
        WHERE x.rn % ${ANCHOR_STEP} = 1 ORDER BY x.rn)
    ON CONFLICT (company_id, key) DO UPDATE
      SET snap = EXCLUDED.snap, total = EXCLUDED.total, ids = EXCLUDED.ids, created_at = now()
      WHERE sign_request_list_cache.created_at <= now() - interval '1 day'
        OR NOT sign_request_list_unchanged_since(${company}, sign_request_list_cache.snap))
  ${result}`;
  return st;
}

/** How many ids of a counted result are kept: the first 100 pages of 10. */
export const CACHED_IDS = 1000;

/**
 * Up to how many matches a search of several words is counted again rather than stored (see
 * cheapToCount). Its junction keys find its candidates in about 0.25 ms however many there are; past
 * this many, reading, sorting and paging the rows again costs more than a stored entry. Measured
 * on 1M rows (scripts/bench-sign-requests.mjs, cold full names of 16 matches, alternated): storing
 * those past the page size cost the database 1.16–1.38 ms of CPU per search, not storing them
 * 1.08–1.27 ms, and throughput went from 881–990 to 860–1,106 req/s.
 */
export const CHEAP_COUNT_MAX = 100;

/**
 * A counted filter (text, date, a viewer's own list) in one statement: the cache entry
 * (`sign_request_list_cache`, migration 0013) answers when it holds the page and is valid
 * (the company's requests are as the snapshot it was counted in saw them, migration 0015);
 * otherwise the filters are evaluated once and the matching rows give the exact total and,
 * sorted, the page (a search's bitmap scan is the expensive part). Which of the two runs is
 * decided inside the statement (`fresh`, a one-time filter: the branch not taken is never
 * executed), so a cold search costs one round trip and one plan. With `store` a counted result
 * is kept with the statement's snapshot, the one its rows were read in, so the entry is exact for
 * that snapshot.
 */
function countedStatement(
  scope: ListScope,
  c: Conditions,
  params: ListParams,
  key: string,
  store: boolean,
  guard: Auth | null,
): Statement {
  const st = new Statement();
  const company = st.param(scope.companyId);
  const { col } = orderOf(params.order);
  const { limit, offset } = bounds(params);
  const k = st.param(key);
  const first = st.param(offset + 1);
  const last = st.param(offset + limit);
  const where = whereOf(st, company, scope, c);
  const cols = `sr.id${col === 'id' ? '' : `, sr.${col}`}`;
  const keep = store
    ? `,
  store AS (
    INSERT INTO sign_request_list_cache (company_id, key, snap, total, ids)
    SELECT ${company}, ${k}, pg_current_snapshot(), n.total,
      ARRAY(SELECT sr.id FROM matches sr ORDER BY ${orderBy(params.order, 'sr')} LIMIT ${CACHED_IDS})
    FROM (SELECT count(*) AS total FROM matches) n
    WHERE (SELECT yes FROM fresh)${cheapToCount(c) ? ` AND n.total > ${CHEAP_COUNT_MAX}` : ''}
    ON CONFLICT (company_id, key) DO UPDATE
      SET snap = EXCLUDED.snap, total = EXCLUDED.total, ids = EXCLUDED.ids, created_at = now()
      WHERE sign_request_list_cache.created_at <= now() - interval '1 day'
        OR NOT sign_request_list_unchanged_since(${company}, sign_request_list_cache.snap))`
    : '';
  st.text = `WITH hit AS MATERIALIZED (${cacheHit(company, k, 'c.total, c.ids')}),
  fresh AS MATERIALIZED (
    SELECT NOT EXISTS (SELECT 1 FROM hit
      WHERE ${last}::int <= cardinality(hit.ids) OR cardinality(hit.ids) >= hit.total) AS yes),
  matches AS MATERIALIZED (
    SELECT ${cols} FROM sign_requests sr WHERE (SELECT yes FROM fresh) AND ${where}),
  page AS (
    SELECT u.id, u.ord FROM hit, unnest(hit.ids[${first}:${last}]) WITH ORDINALITY AS u(id, ord)
    WHERE NOT (SELECT yes FROM fresh)
    UNION ALL
    SELECT q.id, row_number() OVER (ORDER BY ${orderBy(params.order, 'q')}) AS ord FROM (
      SELECT ${cols} FROM matches sr
      ORDER BY ${orderBy(params.order, 'sr')}
      ${limitOffset(st, params)}) q)${keep}
  ${totalAndData(
    st,
    company,
    `CASE WHEN (SELECT yes FROM fresh) THEN (SELECT count(*)::int FROM matches)
      ELSE (SELECT total FROM hit) END`,
    'p.ord',
    guard,
  )}`;
  return st;
}

/**
 * Is counting these filters again cheaper than keeping the result: only searches of several
 * words (their junction keys find about their matches, see junctionsOf in list-search-keys.ts)? Such a search is not stored
 * while it has at most CHEAP_COUNT_MAX matches: keeping it is a write (a transaction to commit
 * and flush its WAL), which cost more than finding, sorting and paging those rows again. A larger
 * result is stored, so its next pages come from the cached ids.
 */
function cheapToCount(c: Conditions): boolean {
  const texts = [...c.signerTexts, ...c.signableTexts];
  return (
    texts.length > 0 &&
    c.days.length === 0 &&
    c.bulkSends.length === 0 &&
    texts.every((text) => !text.includes(NAME_SEPARATOR) && junctionsOf(text) !== null)
  );
}

/** The cache key of a counted filter: everything that decides its rows and their order. */
function cacheKey(scope: ListScope, c: Conditions, order: string): string {
  const { col, dir } = orderOf(order);
  const shape = [
    scope.viewerUserId,
    c.states,
    c.days,
    c.signerTexts,
    c.signableTexts,
    c.bulkSends,
    col,
    dir,
  ];
  return createHash('sha256').update(JSON.stringify(shape)).digest('base64url');
}

/**
 * Statement names by text. A named statement is parsed and planned once per pooled connection
 * (PostgreSQL then reuses the plan), which on this list costs more than running it. The shapes
 * are few (filter kinds and counts × order); past the cap a new shape runs unnamed. Text searches
 * too: they count every match, which the trigram index serves whatever the pattern, so the
 * generic plan is the one a given pattern would get.
 */
const statementNames = new Map<string, string>();
// A cached statement holds ~170 kB in each pooled backend (measured): keep the set small.
const MAX_NAMED_STATEMENTS = 60;

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
 * name).
 */
async function run(db: DbOrTx, st: Statement, named: boolean): Promise<Record<string, unknown>[]> {
  // '' (not undefined): past the cap a shape stays unnamed, not named by db/statement-names.ts.
  const name = (named ? nameOf(st.text) : undefined) ?? '';
  const result = await db._.session
    .prepareQuery({ sql: st.text, params: st.values }, undefined, name, false)
    .execute();
  return (result as { rows: Record<string, unknown>[] }).rows;
}

/**
 * The SQL the list runs, rendered (for EXPLAIN in scripts/bench-sign-requests.mjs): for counted
 * filters the one statement that reads the cache or counts (without storing, so EXPLAIN ANALYZE
 * writes nothing).
 */
export function buildListStatements(
  scope: ListScope,
  params: ListParams,
): { name: string; sql: string; params: unknown[] }[] {
  const c = conditionsOf(params.filters);
  if (countedByCounters(scope, c)) {
    const page = countersStatement(scope, c, params, null);
    const statements = [{ name: 'page + total (counters)', sql: page.text, params: page.values }];
    if (params.page <= LITERAL_PAGES) return statements;
    // Without stored anchors (EXPLAIN ANALYZE stores them).
    const offset = deepPageStatement(scope, c, params, null, 'offset');
    return [
      ...statements,
      { name: 'page + total (offset)', sql: offset.text, params: offset.values },
    ];
  }
  const counted = countedStatement(scope, c, params, cacheKey(scope, c, params.order), false, null);
  return [{ name: 'page + total (cache or counted)', sql: counted.text, params: counted.values }];
}

export interface ListPage {
  /** The page's rows as a JSON array text (SignRequestListItem[]). */
  data: string;
  total: number;
}

/** The page of a statement's single row; null when the session guard failed. */
function pageOf(row: Record<string, unknown> | undefined): ListPage | null {
  if (row?.session_ok === false) return null;
  return { data: typeof row?.data === 'string' ? row.data : '[]', total: Number(row?.total ?? 0) };
}

/**
 * The page and the exact total in one statement: from the counters; or, for a counted filter,
 * from the cache when the company's requests are unchanged since it was counted, else counted
 * (and cached when the page lies within the cached ids). With `guard` every statement also checks
 * that session; null when it no longer holds.
 */
export async function findSignRequestPage(
  db: DbOrTx,
  scope: ListScope,
  params: ListParams,
  guard: Auth | null = null,
): Promise<ListPage | null> {
  const c = conditionsOf(params.filters);
  if (countedByCounters(scope, c)) {
    const [row] = await run(db, countersStatement(scope, c, params, guard), true);
    if (row?.anchored !== false || row.session_ok === false) return pageOf(row);
    const [counted] = await run(db, deepPageStatement(scope, c, params, guard, 'offset'), true);
    return pageOf(counted);
  }
  const { offset, limit } = bounds(params);
  const store = offset + limit <= CACHED_IDS;
  const counted = countedStatement(
    scope,
    c,
    params,
    cacheKey(scope, c, params.order),
    store,
    guard,
  );
  const [row] = await run(db, counted, true);
  return pageOf(row);
}

/**
 * Drops cache entries whose company's list changed since they were counted, or older than a day,
 * and the removal stamps no entry can still need (older than two days).
 */
export async function purgeListCache(db: DbOrTx): Promise<number> {
  const result = await db.execute(sql`DELETE FROM sign_request_list_cache c
    WHERE c.created_at < now() - interval '1 day'
      OR NOT sign_request_list_unchanged_since(c.company_id, c.snap)`);
  await db.execute(sql`DELETE FROM sign_request_list_removals
    WHERE created_at < now() - interval '2 days'`);
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}

/** Folds the per-state counters' delta rows (migration 0015) into one row per company and state. */
export async function foldListCounters(db: DbOrTx): Promise<void> {
  await db.execute(sql`SELECT sign_request_counts_fold()`);
}
