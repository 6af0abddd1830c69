import { z } from 'zod';
import { evaluateFormula, FIELD_NAME, parseFormula, type FormulaNode } from './formula.ts';
import { messages } from './messages.ts';

/**
 * The types of a signer's input field and their rules, shared by the marker editor, the signer's
 * page and the server: one normaliser per type (what a value may be and how it is stored), the
 * conditions that show or require a field, the formulas of computed fields, and the Dutch text
 * a value is stamped and shown as. Values are strings (or null) everywhere:
 *
 * - text, e-mail, phone, initials: the text (e-mail lowercased, phone without spaces);
 * - checkbox: 'true' / 'false'; dropdown, radio: the chosen option;
 * - checkbox_group: a JSON array of the chosen options, in the options' order;
 * - date: ISO 'YYYY-MM-DD' (stamped DD-MM-YYYY); number and formula: '1234.5' (stamped
 *   '1.234,50'); a number is also read in the Dutch way ('1.234,5') when it holds a comma;
 * - attachment: set by its upload (a JSON description of the file), never by the fields call;
 * - label: no value (read-only text the sender wrote).
 */
export const signerFieldTypes = [
  'text',
  'checkbox',
  'date',
  'number',
  'dropdown',
  'radio',
  'checkbox_group',
  'email',
  'phone',
  'initials',
  'label',
  'attachment',
  'formula',
] as const;
export type SignerFieldType = (typeof signerFieldTypes)[number];

/** Types whose value the signer does not type or choose through the fields call. */
export const fieldTypesWithoutInput: readonly SignerFieldType[] = [
  'label',
  'formula',
  'attachment',
];
/** Types that need a list of options. */
export const fieldTypesWithChoices: readonly SignerFieldType[] = [
  'dropdown',
  'radio',
  'checkbox_group',
];

/** Patterns a text field may require (no free regular expressions: they could hang the server). */
export const textPatterns = ['iban', 'postcode', 'kvk'] as const;
export type TextPattern = (typeof textPatterns)[number];

export const conditionOps = ['checked', 'equals', 'above', 'filled'] as const;
export type ConditionOp = (typeof conditionOps)[number];
export const conditionEffects = ['show', 'require'] as const;

export const fieldConditionSchema = z.object({
  /** The `name` of another field on the same document. */
  field: z.string(),
  /** checked: a checkbox ticked (or that option chosen in a group); equals: that option/text; above: a number above `value`; filled: anything filled in. */
  op: z.enum(conditionOps),
  value: z.string().optional(),
  /** show: the field exists only while the condition holds; require: it is required then. */
  effect: z.enum(conditionEffects),
});
export type FieldCondition = z.infer<typeof fieldConditionSchema>;

/** The options a signer's field may carry besides geometry, signer and rules. */
export const signerFieldOptionsSchema = z.object({
  /** A short name other fields' conditions and formulas use (letters, digits, _). */
  name: z.string().optional(),
  placeholder: z.string().optional(),
  /** The Dutch message shown when the value does not fit the field's rules. */
  message: z.string().optional(),
  /** text: one of the patterns. */
  pattern: z.enum(textPatterns).optional(),
  /** text, initials: at most this many characters. */
  maxLength: z.int().min(1).max(1000).optional(),
  /** number: bounds and the number of decimals (0 = whole numbers). */
  min: z.number().optional(),
  max: z.number().optional(),
  decimals: z.int().min(0).max(6).optional(),
  /** dropdown, radio, checkbox_group: the options. */
  choices: z.array(z.string()).optional(),
  /** checkbox_group: how many options at least / at most. */
  minChoices: z.int().min(0).optional(),
  maxChoices: z.int().min(1).optional(),
  /** label: the text shown and stamped. */
  text: z.string().optional(),
  /** formula: e.g. `prijs * aantal` or `sum(a, b, c)`. */
  formula: z.string().optional(),
  condition: fieldConditionSchema.optional(),
});
export type SignerFieldOptions = z.infer<typeof signerFieldOptionsSchema>;

/** What the rules of a field read: its type and options (extra keys are ignored). */
export interface FieldRuleInput {
  type: string;
  options?: Partial<SignerFieldOptions> & { rules?: string[] } & Record<string, unknown>;
}

/**
 * Why a value does not fit its field, as a key with its numbers: the server says it in Dutch
 * (`fieldIssueText`), the signer's page in the signer's language (its text table holds
 * `fieldError.<key>` for every key). `custom` is the sender's own message for the field.
 */
export const fieldIssueTexts = {
  text: 'Vul een geldige tekst in',
  tooLong: 'Gebruik hoogstens {n} tekens',
  iban: 'Vul een geldig IBAN in, bijvoorbeeld NL91 ABNA 0417 1643 00',
  postcode: 'Vul een geldige postcode in, bijvoorbeeld 1234 AB',
  kvk: 'Een KvK-nummer bestaat uit 8 cijfers',
  checkbox: 'Een vinkje is true of false',
  date: 'Vul een geldige datum in (DD-MM-JJJJ)',
  number: 'Vul een getal in, bijvoorbeeld 12,50',
  wholeNumber: 'Vul een heel getal in',
  decimals: 'Gebruik hoogstens {n} cijfers achter de komma',
  below: 'Het getal moet minimaal {min} zijn',
  above: 'Het getal mag hoogstens {max} zijn',
  choice: 'Kies een van de mogelijke waarden',
  minChoice: 'Kies minimaal 1 optie',
  minChoices: 'Kies minimaal {n} opties',
  maxChoice: 'Kies hoogstens 1 optie',
  maxChoices: 'Kies hoogstens {n} opties',
  email: 'Vul een geldig e-mailadres in',
  phone: 'Vul een geldig telefoonnummer in, bijvoorbeeld 06 12345678',
  initials: 'Vul je initialen in, bijvoorbeeld J.P.',
  attachment: 'Voeg een bestand toe (PDF, JPEG of PNG)',
  attachmentTooLarge: 'Het bestand is te groot (maximaal {mb} MB)',
  readOnly: 'Dit veld vul je niet zelf in',
  required: messages.required,
} as const;
export type FieldIssueKey = keyof typeof fieldIssueTexts;
export const fieldIssueKeys = Object.keys(fieldIssueTexts) as FieldIssueKey[];

export interface FieldIssue {
  key: FieldIssueKey;
  vars?: Record<string, string | number>;
  /** The sender's own message for this field, said instead of the key's text. */
  custom?: string;
}

/** `{name}` placeholders of a message filled in. */
export const fillMessage = (text: string, vars?: Record<string, string | number>) =>
  vars ? text.replace(/\{(\w+)\}/g, (whole, name: string) => String(vars[name] ?? whole)) : text;

/** An issue in Dutch, as the server answers it. */
export const fieldIssueText = (issue: FieldIssue) =>
  issue.custom ?? fillMessage(fieldIssueTexts[issue.key], issue.vars);

const issue = (key: FieldIssueKey, vars?: Record<string, string | number>): FieldIssue =>
  vars ? { key, vars } : { key };

/** The issue of a number with too many decimals, a checkbox group with too few or many options. */
const decimalsIssue = (n: number) => (n === 0 ? issue('wholeNumber') : issue('decimals', { n }));
const minChoicesIssue = (n: number) => (n === 1 ? issue('minChoice') : issue('minChoices', { n }));
const maxChoicesIssue = (n: number) => (n === 1 ? issue('maxChoice') : issue('maxChoices', { n }));

/** The Dutch messages, as the server and its tests say them. */
export const signerFieldMessages = {
  text: fieldIssueTexts.text,
  tooLong: (n: number) => fieldIssueText(issue('tooLong', { n })),
  iban: fieldIssueTexts.iban,
  postcode: fieldIssueTexts.postcode,
  kvk: fieldIssueTexts.kvk,
  checkbox: fieldIssueTexts.checkbox,
  date: fieldIssueTexts.date,
  number: fieldIssueTexts.number,
  decimals: (n: number) => fieldIssueText(decimalsIssue(n)),
  below: (min: string) => fieldIssueText(issue('below', { min })),
  above: (max: string) => fieldIssueText(issue('above', { max })),
  choice: fieldIssueTexts.choice,
  minChoices: (n: number) => fieldIssueText(minChoicesIssue(n)),
  maxChoices: (n: number) => fieldIssueText(maxChoicesIssue(n)),
  email: fieldIssueTexts.email,
  phone: fieldIssueTexts.phone,
  initials: fieldIssueTexts.initials,
  attachment: fieldIssueTexts.attachment,
  readOnly: fieldIssueTexts.readOnly,
  required: fieldIssueTexts.required,
} as const;

type Normalised = { value: string | null } | { error: string; issue: FieldIssue };

const MAX_TEXT = 1000;
const MAX_INITIALS = 20;

function ibanValid(compact: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return false;
  const moved = compact.slice(4) + compact.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const code = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of code) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

/** A number as the signer or an API client writes it: '1234.5', '1234,5' or '1.234,50'. */
export function parseFieldNumber(raw: string): number | null {
  const s = raw.trim().replace(/\s/g, '');
  let canonical: string;
  if (s.includes(',')) {
    if (!/^-?\d{1,3}(\.\d{3})*(,\d+)?$|^-?\d+(,\d+)?$/.test(s)) return null;
    canonical = s.replace(/\./g, '').replace(',', '.');
  } else {
    if (!/^-?\d+(\.\d+)?$/.test(s)) return null;
    canonical = s;
  }
  const n = Number(canonical);
  return Number.isFinite(n) && Math.abs(n) < 1e15 ? n : null;
}

const decimalsOf = (n: number) => {
  const s = String(n);
  if (s.includes('e')) return 20;
  return s.includes('.') ? s.split('.')[1]!.length : 0;
};

/** A number in Dutch: '1.234,50' with the field's decimals (else as many as it has, up to 6). */
export function formatFieldNumber(n: number, decimals?: number): string {
  const digits = decimals ?? Math.min(6, decimalsOf(n));
  return new Intl.NumberFormat('nl-NL', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(n);
}

/** 'YYYY-MM-DD' (or 'DD-MM-YYYY', as typed) as ISO when it is a real calendar date. */
export function parseFieldDate(raw: string): string | null {
  const s = raw.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  const nl = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(s);
  const [y, m, d] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : nl
      ? [Number(nl[3]), Number(nl[2]), Number(nl[1])]
      : [0, 0, 0];
  if (y < 1000 || m < 1 || m > 12 || d < 1) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCDate() !== d || date.getUTCMonth() !== m - 1) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The options chosen in a checkbox group's stored value. */
export function parseChoiceList(value: string | null | undefined): string[] {
  if (!value) return [];
  try {
    const list: unknown = JSON.parse(value);
    return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * One value checked against its field's type and rules and put in its stored form; an empty
 * value is null (whether that is allowed is the required rule's business). Types without input
 * (label, formula, attachment) are the caller's: they answer `readOnly`.
 */
export function normaliseFieldValue(field: FieldRuleInput, raw: string | null): Normalised {
  const o = field.options ?? {};
  const bad = (found: FieldIssue): Normalised => {
    const custom = o.message?.trim();
    const said = custom ? { ...found, custom } : found;
    return { error: fieldIssueText(said), issue: said };
  };
  if (raw === null) return { value: null };
  if (field.type === 'checkbox') {
    return raw === 'true' || raw === 'false' ? { value: raw } : bad(issue('checkbox'));
  }
  if ((fieldTypesWithoutInput as readonly string[]).includes(field.type)) {
    return { error: signerFieldMessages.readOnly, issue: issue('readOnly') };
  }
  const s = raw.trim();
  if (s === '' || (field.type === 'checkbox_group' && s === '[]')) return { value: null };
  const choices = Array.isArray(o.choices) ? o.choices : [];
  switch (field.type) {
    case 'text': {
      const max = o.maxLength ?? MAX_TEXT;
      if (s.length > max) return bad(issue('tooLong', { n: max }));
      if (o.pattern === 'iban') {
        const compact = s.replace(/\s/g, '').toUpperCase();
        return ibanValid(compact)
          ? { value: compact.replace(/(.{4})(?=.)/g, '$1 ') }
          : bad(issue('iban'));
      }
      if (o.pattern === 'postcode') {
        const m = /^([1-9]\d{3})\s?([A-Za-z]{2})$/.exec(s);
        const letters = m?.[2]?.toUpperCase();
        return m && !['SA', 'SD', 'SS'].includes(letters!)
          ? { value: `${m[1]} ${letters}` }
          : bad(issue('postcode'));
      }
      if (o.pattern === 'kvk') return /^\d{8}$/.test(s) ? { value: s } : bad(issue('kvk'));
      return { value: s };
    }
    case 'initials': {
      const max = Math.min(o.maxLength ?? MAX_INITIALS, MAX_INITIALS);
      if (s.length > max) return bad(issue('tooLong', { n: max }));
      return /^\p{L}[\p{L}.\s-]*$/u.test(s) ? { value: s } : bad(issue('initials'));
    }
    case 'email':
      return s.length <= 255 && EMAIL.test(s) ? { value: s.toLowerCase() } : bad(issue('email'));
    case 'phone': {
      const compact = s.replace(/[\s\-().]/g, '');
      return /^\+?\d{9,15}$/.test(compact) ? { value: compact } : bad(issue('phone'));
    }
    case 'date': {
      const iso = parseFieldDate(s);
      return iso ? { value: iso } : bad(issue('date'));
    }
    case 'number': {
      const n = parseFieldNumber(s);
      if (n === null) return bad(issue('number'));
      const decimals = o.decimals ?? 6;
      if (decimalsOf(n) > decimals) return bad(decimalsIssue(decimals));
      if (typeof o.min === 'number' && n < o.min)
        return bad(issue('below', { min: formatFieldNumber(o.min, o.decimals) }));
      if (typeof o.max === 'number' && n > o.max)
        return bad(issue('above', { max: formatFieldNumber(o.max, o.decimals) }));
      return { value: String(n) };
    }
    case 'dropdown':
    case 'radio':
      return choices.includes(s) ? { value: s } : bad(issue('choice'));
    case 'checkbox_group': {
      let list: unknown;
      try {
        list = JSON.parse(s);
      } catch {
        return bad(issue('choice'));
      }
      if (!Array.isArray(list) || list.some((v) => typeof v !== 'string' || !choices.includes(v)))
        return bad(issue('choice'));
      const chosen = choices.filter((c) => list.includes(c));
      if (typeof o.maxChoices === 'number' && chosen.length > o.maxChoices)
        return bad(maxChoicesIssue(o.maxChoices));
      if (typeof o.minChoices === 'number' && chosen.length > 0 && chosen.length < o.minChoices)
        return bad(minChoicesIssue(o.minChoices));
      return chosen.length ? { value: JSON.stringify(chosen) } : { value: null };
    }
    default:
      return bad(issue('text'));
  }
}

/** A value counts as given: not empty, a checkbox ticked, at least one option chosen. */
export function isFieldValueGiven(type: string, value: string | null | undefined): boolean {
  if (value === null || value === undefined || value.trim() === '') return false;
  if (type === 'checkbox') return value === 'true';
  if (type === 'checkbox_group') return parseChoiceList(value).length > 0;
  return true;
}

/** A field of one document with its index in the document's fields. */
export interface IndexedField extends FieldRuleInput {
  index: number;
}

export interface ResolvedFields {
  /** The values that count: hidden fields' values dropped, formulas computed. */
  values: Map<number, string | null>;
  visible: Set<number>;
  required: Set<number>;
}

function conditionHolds(
  c: FieldCondition,
  other: IndexedField | undefined,
  value: string | null | undefined,
): boolean {
  if (!other) return false;
  switch (c.op) {
    case 'checked':
      if (other.type === 'checkbox_group') {
        const list = parseChoiceList(value);
        return c.value ? list.includes(c.value) : list.length > 0;
      }
      return value === 'true';
    case 'equals':
      if (other.type === 'checkbox_group') return parseChoiceList(value).includes(c.value ?? '');
      return (value ?? '') === (c.value ?? '');
    case 'above': {
      const n = value ? parseFieldNumber(value) : null;
      const bound = parseFieldNumber(c.value ?? '');
      return n !== null && bound !== null && n > bound;
    }
    case 'filled':
      return isFieldValueGiven(other.type, value);
  }
}

/**
 * Which fields of one document show and are required, and the values that count: a field whose
 * 'show' condition does not hold is hidden and its value ignored; a 'require' condition makes it
 * required while it holds; a formula field gets its computed value. Conditions and formulas look
 * at other fields by name; a chain of them is followed, a loop counts as not holding.
 */
export function resolveFields(
  fields: readonly IndexedField[],
  raw: ReadonlyMap<number, string | null | undefined>,
): ResolvedFields {
  const byName = new Map<string, IndexedField>();
  for (const f of fields) {
    const name = f.options?.name;
    if (typeof name === 'string' && name && !byName.has(name)) byName.set(name, f);
  }
  const visibleMemo = new Map<number, boolean>();
  const valueMemo = new Map<number, string | null>();
  // Loops (a condition on itself through others, a formula reaching itself) are cut here.
  const checking = new Set<number>();
  const computing = new Set<number>();
  const formulas = new Map<number, FormulaNode | null>();

  const visible = (f: IndexedField): boolean => {
    const known = visibleMemo.get(f.index);
    if (known !== undefined) return known;
    const c = f.options?.condition;
    let result = true;
    if (c && c.effect === 'show') {
      if (checking.has(f.index)) return false;
      checking.add(f.index);
      const other = byName.get(c.field);
      result = Boolean(other && other !== f && conditionHolds(c, other, value(other)));
      checking.delete(f.index);
    }
    visibleMemo.set(f.index, result);
    return result;
  };

  const value = (f: IndexedField): string | null => {
    if (valueMemo.has(f.index)) return valueMemo.get(f.index)!;
    if (computing.has(f.index)) return null;
    computing.add(f.index);
    let result: string | null = null;
    if (visible(f)) {
      if (f.type === 'formula') {
        if (!formulas.has(f.index)) formulas.set(f.index, parseFormula(f.options?.formula ?? ''));
        const tree = formulas.get(f.index);
        const n = tree
          ? evaluateFormula(tree, (name) => {
              const other = byName.get(name);
              const v = other ? value(other) : null;
              return v === null ? null : parseFieldNumber(v);
            })
          : null;
        const decimals = f.options?.decimals ?? 2;
        result = n === null ? null : String(Number(n.toFixed(decimals)));
      } else if (f.type !== 'label') {
        const v = raw.get(f.index);
        result = v === undefined ? null : v;
      }
    }
    computing.delete(f.index);
    valueMemo.set(f.index, result);
    return result;
  };

  const out: ResolvedFields = { values: new Map(), visible: new Set(), required: new Set() };
  for (const f of fields) {
    const v = value(f);
    const shown = visible(f);
    out.values.set(f.index, v);
    if (!shown) continue;
    out.visible.add(f.index);
    const c = f.options?.condition;
    const rules = Array.isArray(f.options?.rules) ? f.options.rules : [];
    const requiredByRule = rules.includes('required');
    const requiredByCondition =
      c?.effect === 'require' &&
      (() => {
        const other = byName.get(c.field);
        return Boolean(other && other !== f && conditionHolds(c, other, other && value(other)));
      })();
    if ((requiredByRule || requiredByCondition) && !['label', 'formula'].includes(f.type)) {
      out.required.add(f.index);
    }
  }
  return out;
}

/**
 * Every problem of a document's values, by field index: a value that does not fit its field,
 * or a required (visible) field left empty. Hidden fields have none.
 */
export function fieldValueIssues(
  fields: readonly IndexedField[],
  raw: ReadonlyMap<number, string | null | undefined>,
): Map<number, FieldIssue> {
  const resolved = resolveFields(fields, raw);
  const problems = new Map<number, FieldIssue>();
  for (const f of fields) {
    if (!resolved.visible.has(f.index)) continue;
    const v = resolved.values.get(f.index) ?? null;
    if (!(fieldTypesWithoutInput as readonly string[]).includes(f.type)) {
      const checked = normaliseFieldValue(f, v);
      if ('error' in checked) {
        problems.set(f.index, checked.issue);
        continue;
      }
    }
    if (resolved.required.has(f.index) && !isFieldValueGiven(f.type, v)) {
      problems.set(f.index, issue('required'));
    }
  }
  return problems;
}

/** `fieldValueIssues` in Dutch, as the server answers them. */
export function fieldValueProblems(
  fields: readonly IndexedField[],
  raw: ReadonlyMap<number, string | null | undefined>,
): Map<number, string> {
  const issues = fieldValueIssues(fields, raw);
  return new Map([...issues].map(([index, found]) => [index, fieldIssueText(found)]));
}

/** What an attachment field's value describes (the upload sets it; the key stays on the server). */
export const attachmentValueSchema = z
  .object({
    name: z.string(),
    type: z.enum(['application/pdf', 'image/jpeg', 'image/png']),
    size: z.int().min(0),
    sha256: z.string(),
  })
  .meta({
    examples: [
      {
        name: 'paspoort.jpg',
        type: 'image/jpeg',
        size: 184_320,
        sha256: '9f2c1d7e5b3a4c6d8e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d',
      },
    ],
  });
export type AttachmentValue = z.infer<typeof attachmentValueSchema>;

export function parseAttachmentValue(value: string | null | undefined): AttachmentValue | null {
  if (!value) return null;
  try {
    const parsed = attachmentValueSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A value as a person reads it (stamped on the PDF, shown on the detail screen), in Dutch. */
export function displayFieldValue(field: FieldRuleInput, value: string | null): string | null {
  if (field.type === 'label') return field.options?.text ?? null;
  if (value === null || value === '') return null;
  switch (field.type) {
    case 'checkbox':
      return value === 'true' ? 'Ja' : 'Nee';
    case 'date': {
      const iso = parseFieldDate(value);
      return iso ? `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}` : value;
    }
    case 'number':
    case 'formula': {
      const n = parseFieldNumber(value);
      return n === null ? value : formatFieldNumber(n, field.options?.decimals);
    }
    case 'checkbox_group':
      return parseChoiceList(value).join(', ');
    case 'attachment':
      return parseAttachmentValue(value)?.name ?? null;
    default:
      return value;
  }
}

/** A field's name is usable in conditions and formulas. */
export const isFieldName = (name: string) => FIELD_NAME.test(name);
