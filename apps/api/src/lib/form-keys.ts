/**
 * Decodes bracketed multipart form keys (`variables[0][options][rules][1]=required`) into nested
 * values, as PHP-style form encoders write them (seed 000 §7). Objects whose keys are exactly
 * 0..n-1 become arrays. Pure; the marker editor reuses it.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

export class FormKeyError extends Error {
  constructor(readonly key: string) {
    super(`bad form key: ${key}`);
  }
}

const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);
const MAX_DEPTH = 6;
const MAX_INDEX = 10_000;

/** `a[b][0]` → ['a', 'b', '0']; null when the key is not of that shape. */
export function splitFormKey(key: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return null;
  const segments = [match[1]!];
  for (const m of match[2]!.matchAll(/\[([^[\]]*)\]/g)) segments.push(m[1]!);
  return segments;
}

type Node = Map<string, Node | string>;

function toValue(node: Node | string): FormValue {
  if (typeof node === 'string') return node;
  const keys = [...node.keys()];
  if (keys.length > 0 && keys.every((k) => /^(0|[1-9]\d*)$/.test(k))) {
    const indexes = keys.map(Number).sort((a, b) => a - b);
    if (indexes.every((n, i) => n === i)) return indexes.map((n) => toValue(node.get(String(n))!));
  }
  const out: Record<string, FormValue> = {};
  for (const k of keys) out[k] = toValue(node.get(k)!);
  return out;
}

/**
 * The nested form of flat fields. `[]` appends. A key used both as a value and as a parent,
 * a too deep key, an index over 10000 or a prototype key is a FormKeyError naming the key.
 */
export function decodeFormKeys(fields: Record<string, string>): Record<string, FormValue> {
  const root: Node = new Map();
  for (const [key, value] of Object.entries(fields)) {
    const segments = splitFormKey(key);
    if (!segments || segments.length > MAX_DEPTH) throw new FormKeyError(key);
    let node = root;
    for (let i = 0; i < segments.length; i++) {
      let segment = segments[i]!;
      if (FORBIDDEN.has(segment)) throw new FormKeyError(key);
      if (segment === '') segment = String(node.size);
      if (/^\d+$/.test(segment) && Number(segment) > MAX_INDEX) throw new FormKeyError(key);
      const last = i === segments.length - 1;
      const existing = node.get(segment);
      if (last) {
        if (existing instanceof Map) throw new FormKeyError(key);
        node.set(segment, value);
      } else if (existing === undefined) {
        const child: Node = new Map();
        node.set(segment, child);
        node = child;
      } else if (existing instanceof Map) {
        node = existing;
      } else {
        throw new FormKeyError(key);
      }
    }
  }
  const out: Record<string, FormValue> = {};
  for (const [k, v] of root) out[k] = toValue(v);
  return out;
}
