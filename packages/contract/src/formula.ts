/**
 * The formula of a computed field, read by a small recursive-descent parser (never `eval`), so
 * the signer's page shows live what the server computes again: numbers, names of other fields,
 * + − × ÷ (also written - * /), brackets and `sum(a, b, …)` (or `som`). A field without a value
 * makes the result empty, except inside `sum`, where it counts as 0; dividing by 0 is empty too.
 */

export type FormulaNode =
  | { kind: 'number'; value: number }
  | { kind: 'ref'; name: string }
  | { kind: 'neg'; operand: FormulaNode }
  | { kind: 'binary'; op: '+' | '-' | '*' | '/'; left: FormulaNode; right: FormulaNode }
  | { kind: 'sum'; args: FormulaNode[] };

export const MAX_FORMULA_LENGTH = 500;
const MAX_DEPTH = 40;
export const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

export const formulaMessages = {
  invalid: 'Deze formule klopt niet',
  tooLong: 'Deze formule is te lang',
  unknownName: (name: string) => `De formule noemt een onbekend veld: ${name}`,
  notNumber: (name: string) => `De formule kan alleen met getallen rekenen: ${name} is geen getal`,
  cycle: 'De formule verwijst naar zichzelf',
} as const;

type Token =
  | { t: 'num'; v: number }
  | { t: 'name'; v: string }
  | { t: 'op'; v: '+' | '-' | '*' | '/' | '(' | ')' | ',' };

const OPS: Record<string, '+' | '-' | '*' | '/' | '(' | ')' | ','> = {
  '+': '+',
  '-': '-',
  '−': '-',
  '*': '*',
  '×': '*',
  '/': '/',
  '÷': '/',
  '(': '(',
  ')': ')',
  ',': ',',
  ';': ',',
};

function tokenize(src: string): Token[] | null {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const num = /^\d+(\.\d+)?/.exec(src.slice(i));
    if (num) {
      out.push({ t: 'num', v: Number(num[0]) });
      i += num[0].length;
      continue;
    }
    const name = /^[A-Za-z][A-Za-z0-9_]*/.exec(src.slice(i));
    if (name) {
      out.push({ t: 'name', v: name[0] });
      i += name[0].length;
      continue;
    }
    const op = OPS[ch];
    if (!op) return null;
    out.push({ t: 'op', v: op });
    i++;
  }
  return out;
}

/** The formula as a tree, or null when it is not a formula of this small language. */
export function parseFormula(src: string): FormulaNode | null {
  if (src.length > MAX_FORMULA_LENGTH) return null;
  const tokens = tokenize(src);
  if (!tokens || tokens.length === 0) return null;
  let pos = 0;
  const peek = () => tokens[pos];
  const isOp = (v: string) => {
    const tok = peek();
    return tok?.t === 'op' && tok.v === v;
  };
  const fail = (): never => {
    throw new SyntaxError('formula');
  };

  const expr = (depth: number): FormulaNode => {
    if (depth > MAX_DEPTH) fail();
    let left = term(depth);
    while (isOp('+') || isOp('-')) {
      const op = (tokens[pos++] as { v: '+' | '-' }).v;
      left = { kind: 'binary', op, left, right: term(depth) };
    }
    return left;
  };
  const term = (depth: number): FormulaNode => {
    let left = factor(depth);
    while (isOp('*') || isOp('/')) {
      const op = (tokens[pos++] as { v: '*' | '/' }).v;
      left = { kind: 'binary', op, left, right: factor(depth) };
    }
    return left;
  };
  const factor = (depth: number): FormulaNode => {
    if (depth > MAX_DEPTH) fail();
    const tok = tokens[pos++];
    if (!tok) return fail();
    if (tok.t === 'num') return { kind: 'number', value: tok.v };
    if (tok.t === 'op' && tok.v === '-') return { kind: 'neg', operand: factor(depth + 1) };
    if (tok.t === 'op' && tok.v === '+') return factor(depth + 1);
    if (tok.t === 'op' && tok.v === '(') {
      const inner = expr(depth + 1);
      if (!isOp(')')) fail();
      pos++;
      return inner;
    }
    if (tok.t === 'name') {
      const lower = tok.v.toLowerCase();
      if ((lower === 'sum' || lower === 'som') && isOp('(')) {
        pos++;
        const args: FormulaNode[] = [];
        if (!isOp(')')) {
          args.push(expr(depth + 1));
          while (isOp(',')) {
            pos++;
            args.push(expr(depth + 1));
          }
        }
        if (!isOp(')')) fail();
        pos++;
        return { kind: 'sum', args };
      }
      return { kind: 'ref', name: tok.v };
    }
    return fail();
  };

  try {
    const tree = expr(0);
    return pos === tokens.length ? tree : null;
  } catch (error) {
    if (error instanceof SyntaxError) return null;
    throw error;
  }
}

/** The names a formula reads, in order of first use. */
export function formulaNames(node: FormulaNode): string[] {
  const out: string[] = [];
  const walk = (n: FormulaNode) => {
    if (n.kind === 'ref') {
      if (!out.includes(n.name)) out.push(n.name);
    } else if (n.kind === 'neg') walk(n.operand);
    else if (n.kind === 'binary') {
      walk(n.left);
      walk(n.right);
    } else if (n.kind === 'sum') n.args.forEach(walk);
  };
  walk(node);
  return out;
}

/** The value of a formula; `lookup` gives a field's number or null when it has none. */
export function evaluateFormula(
  node: FormulaNode,
  lookup: (name: string) => number | null,
): number | null {
  const ev = (n: FormulaNode, inSum: boolean): number | null => {
    switch (n.kind) {
      case 'number':
        return n.value;
      case 'ref': {
        const v = lookup(n.name);
        return v === null && inSum ? 0 : v;
      }
      case 'neg': {
        const v = ev(n.operand, inSum);
        return v === null ? null : -v;
      }
      case 'sum':
        return n.args.reduce<number>((acc, a) => acc + (ev(a, true) ?? 0), 0);
      case 'binary': {
        const a = ev(n.left, inSum);
        const b = ev(n.right, inSum);
        if (a === null || b === null) return null;
        if (n.op === '+') return a + b;
        if (n.op === '-') return a - b;
        if (n.op === '*') return a * b;
        return b === 0 ? null : a / b;
      }
    }
  };
  const result = ev(node, false);
  return result !== null && Number.isFinite(result) ? result : null;
}
