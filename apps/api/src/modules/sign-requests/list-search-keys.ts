import { createHash } from 'node:crypto';

/**
 * The keys a list search asks `sign_requests.search_tokens` for (GIN-indexed, migrations 0014,
 * 0047, 0050). They are computed here, as the database computes the keys it stores: a 32-bit hash
 * of (company, kind, part), so a company's search reads only its own postings. The database
 * holds, per search text, the trigram tokens of `sign_request_trigram_tokens` and the junction
 * keys of `sign_request_word_tokens`; `list-search-keys.test.ts` checks on PostgreSQL that the
 * keys of any piece of a name are among the keys stored for that name.
 */

/**
 * The separator between names in `sign_requests.signer_search` / `signable_search` (migration
 * 0011; since 0036 `signable_search` starts with the request's subject). A text without it can
 * only match inside one name, so LIKE on the joined text is exactly LIKE on each name; a text
 * with it falls back to the per-name subquery.
 */
export const NAME_SEPARATOR = '\x1f';

/** Name particles in so many names that their keys filter less than they cost to read. */
const PARTICLES = new Set(['de', 'van', 'der', 'den', 'het', 'ter', 'ten', "'t", 'la', 'le', 'du']);

/** Which search column a key is of: the signers' names or the documents' (with the subject). */
export type SearchKind = 's' | 'd';

/** `('x' || left(md5(company || kind || part), 8))::bit(32)::integer`, as the database has it. */
function key(companyId: number, kind: SearchKind, part: string): number {
  return createHash('md5').update(`${companyId}${kind}${part}`).digest().readInt32BE(0);
}

/**
 * The runs of a search text whose trigrams are asked for: the text between name particles, where
 * three characters or longer ('sanne de vries' → 'sanne', 'vries'). Any name containing the text
 * contains each run.
 */
function tokenRuns(text: string): string[] {
  const runs: string[] = [];
  let current: string[] = [];
  for (const word of [...text.split(' '), '']) {
    if (word && !PARTICLES.has(word)) {
      current.push(word);
      continue;
    }
    if (current.join(' ').length >= 3) runs.push(current.join(' '));
    current = [];
  }
  return runs;
}

/**
 * The junctions of a search of several words ('femke kuiper' → 'mke kui'): per two adjacent
 * words, the first's last three characters, a space and the second's first three. In any name
 * that contains the text, adjacent words are adjacent, so the name has each junction key
 * (migration 0047). None where only part of a word may be in the name and it is shorter than
 * three characters (the first word may be the end of a longer one, the last the start of one),
 * and none between two name particles ('van der' is in tens of thousands of names). Null when
 * none is left: the text's trigrams then find it.
 *
 * One junction reads one small posting list: measured on 1M rows (100,000 of the company),
 * asking only the junctions halved the search's database time against also asking the first
 * word's ending and the later words' beginnings, whose lists are large ('^jong': 5,661 requests
 * against 16 for 'nne bak').
 */
export function junctionsOf(text: string): string[] | null {
  // By character, as the database's left() and right() count (an emoji is one, not two).
  const words = text.split(' ').map((w) => [...w]);
  if (words.length < 2 || words.some((w) => w.length === 0)) return null;
  const last = words.length - 1;
  const junctions = new Set<string>();
  for (let i = 0; i < last; i++) {
    const [a, b] = [words[i]!, words[i + 1]!];
    if ((i === 0 && a.length < 3) || (i + 1 === last && b.length < 3)) continue;
    if (PARTICLES.has(a.join('')) && PARTICLES.has(b.join(''))) continue;
    junctions.add(`${a.slice(-3).join('')} ${b.slice(0, 3).join('')}`);
  }
  return junctions.size ? [...junctions] : null;
}

/** The distinct trigrams of a run, by character as the database's substr counts them. */
function trigrams(run: string): string[] {
  const chars = [...run];
  const found = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) found.add(chars.slice(i, i + 3).join(''));
  return [...found];
}

/**
 * The keys to ask for a lower-cased search text without NAME_SEPARATOR: its junctions', else its
 * runs' trigrams. Null when it has neither (e.g. 'an'): then LIKE alone decides.
 */
export function searchKeys(companyId: number, kind: SearchKind, text: string): number[] | null {
  const junctions = junctionsOf(text);
  const parts = junctions
    ? junctions.map((j) => `|${j}`)
    : [...new Set(tokenRuns(text).flatMap(trigrams))];
  if (parts.length === 0) return null;
  return [...new Set(parts.map((p) => key(companyId, kind, p)))];
}
