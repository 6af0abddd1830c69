import type pg from 'pg';

/**
 * Named prepared statements for the app's (and pg-boss's) queries on PostgreSQL. An unnamed statement is parsed,
 * analysed and planned on every call; a named one once per pooled connection, after which
 * PostgreSQL reuses it (its plan cache keeps custom plans for the first five calls and a
 * generic plan only when that is estimated no dearer, so a plan that depends on the values
 * stays custom). Planning was about a third of the database's CPU on the creation path (5 of
 * 15 ms per request created through the API, pg_stat_statements with track_planning).
 *
 * Every parameterised query from drizzle gets a name by its text, the same name in every
 * connection of every pool (`q1`, `q2`, … in the order first seen). Texts are few: the query
 * builder's shapes. A text longer than MAX_NAMED_TEXT (a multi-row insert of a bulk send, whose
 * text grows with its rows) and every text past MAX_STATEMENT_NAMES run unnamed, so the plans a
 * backend holds stay bounded. A query that already has a name keeps it; one whose name is ''
 * (the list's statements past its own cap) stays unnamed on purpose.
 */
export const MAX_STATEMENT_NAMES = 400;
export const MAX_NAMED_TEXT = 4000;

/** Names by text, `${prefix}1`, `${prefix}2`, … up to `cap` names; undefined past it. */
function namesBy(prefix: string, cap: number): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (name === undefined && names.size < cap && text.length <= MAX_NAMED_TEXT) {
      name = `${prefix}${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
}

/** The name of `text`'s prepared statement, or undefined when it runs unnamed. */
export const statementName = namesBy('q', MAX_STATEMENT_NAMES);

/**
 * pg-boss's statements, in names of their own (a text pg-boss writes its values into cannot
 * use up the app's). Its job fetch is sent with its values written in (queue name, batch size)
 * and no parameters, so a text without parameters is named too, when it is certainly one
 * query: it starts with WITH, SELECT, INSERT, UPDATE or DELETE and holds no ';' (a text of
 * several statements, which a prepared statement cannot be, needs one).
 */
const bossName = namesBy('b', 100);
export function bossStatementName(text: string, values: unknown[] | undefined): string | undefined {
  return (values && values.length > 0) || isOneQuery(text) ? bossName(text) : undefined;
}

/** Whether `text` is certainly one query of DML, which can be a prepared statement. */
export const isOneQuery = (text: string): boolean =>
  /^\s*\(?\s*(with|select|insert|update|delete|values)\b/i.test(text) && !text.includes(';');

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };

/** `config` with its statement name, when it is a parameterised query without one. */
function withName(config: unknown, values: unknown): unknown {
  if (typeof config !== 'object' || config === null) return config;
  const c = config as QueryConfig;
  if (c.name !== undefined || typeof c.text !== 'string') return config;
  const params = Array.isArray(values) ? values : c.values;
  if (!Array.isArray(params) || params.length === 0) return config;
  const name = statementName(c.text);
  return name ? { ...c, name } : config;
}

/** Names the statements of every connection `pool` opens from now on. */
export function nameStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((config: unknown, ...rest: unknown[]) =>
      query(withName(config, rest[0]), ...rest)) as typeof client.query;
  });
}
