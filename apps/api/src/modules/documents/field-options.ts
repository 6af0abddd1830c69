import {
  conditionEffects,
  conditionOps,
  fieldTypesWithChoices,
  formulaMessages,
  formulaNames,
  isFieldName,
  messages,
  parseFormula,
  textPatterns,
  unstorableTextMessage,
  type SignerFieldOptions,
} from '@paraaf/contract';

/**
 * The typed options of a signer's input field (see the contract's `signer-fields.ts`): checked
 * one by one here, then against the document's other fields (`checkFieldReferences`). Every
 * problem is a Dutch message on its key, e.g. `fields.2.options.choices`.
 */
export const FIELD_OPTION_KEYS = [
  'name',
  'placeholder',
  'message',
  'pattern',
  'maxLength',
  'min',
  'max',
  'decimals',
  'choices',
  'minChoices',
  'maxChoices',
  'text',
  'formula',
  'condition',
] as const;

export const fieldOptionMessages = {
  name: 'Een naam bestaat uit letters, cijfers en _ en begint met een letter (hoogstens 40 tekens)',
  nameTaken: 'Een ander veld op dit document heeft deze naam al',
  pattern: 'Dit patroon bestaat niet',
  choices: 'Geef minimaal 2 verschillende opties',
  choicesTooMany: 'Geef hoogstens 50 opties',
  minMax: 'Het minimum is groter dan het maximum',
  formulaMissing: 'Geef de formule van dit veld',
  labelText: 'Geef de tekst van dit veld',
  conditionField: 'Kies een ander veld op dit document',
  conditionOp: 'Deze voorwaarde bestaat niet',
  conditionValue: 'Geef de waarde van deze voorwaarde',
} as const;

/** A finite number from JSON (12.5) or a form string ('12.5'); null otherwise. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !/^-?\d+(\.\d+)?$/.test(value.trim())) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

type Errors = Record<string, string[]>;
type Obj = Record<string, unknown>;
const add = (errors: Errors, key: string, message: string) => (errors[key] ??= []).push(message);

const MAX_CHOICES = 50;
const MAX_OPTION_TEXT = 255;

function shortText(value: unknown, at: string, errors: Errors, max = MAX_OPTION_TEXT) {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') return void add(errors, at, messages.invalidInput);
  const unstorable = unstorableTextMessage(value);
  if (unstorable) return void add(errors, at, unstorable);
  if (value.length > max) return void add(errors, at, messages.maxLength);
  return value;
}

function wholeNumber(value: unknown, at: string, errors: Errors, min: number, max: number) {
  if (value === undefined || value === null || value === '') return undefined;
  const n = toNumber(value);
  if (n === null || !Number.isInteger(n) || n < min || n > max) {
    return void add(errors, at, messages.invalidInput);
  }
  return n;
}

function anyNumber(value: unknown, at: string, errors: Errors) {
  if (value === undefined || value === null || value === '') return undefined;
  const n = toNumber(value);
  if (n === null || Math.abs(n) >= 1e15) return void add(errors, at, messages.invalidInput);
  return n;
}

/** The typed options of one field of `type` from its raw options (JSON or decoded form). */
export function parseFieldOptions(
  type: string,
  raw: Obj,
  path: string,
  errors: Errors,
): Partial<SignerFieldOptions> {
  const at = (key: string) => `${path}.options.${key}`;
  const out: Partial<SignerFieldOptions> = {};
  const name = shortText(raw.name, at('name'), errors, 40);
  if (name !== undefined) {
    if (isFieldName(name)) out.name = name;
    else add(errors, at('name'), fieldOptionMessages.name);
  }
  const placeholder = shortText(raw.placeholder, at('placeholder'), errors);
  if (placeholder !== undefined) out.placeholder = placeholder;
  const message = shortText(raw.message, at('message'), errors);
  if (message !== undefined) out.message = message;

  if (type === 'text' || type === 'initials') {
    const maxLength = wholeNumber(raw.maxLength, at('maxLength'), errors, 1, 1000);
    if (maxLength !== undefined) out.maxLength = maxLength;
  }
  if (type === 'text' && raw.pattern !== undefined && raw.pattern !== '') {
    if ((textPatterns as readonly unknown[]).includes(raw.pattern)) {
      out.pattern = raw.pattern as SignerFieldOptions['pattern'];
    } else add(errors, at('pattern'), fieldOptionMessages.pattern);
  }
  if (type === 'number' || type === 'formula') {
    const decimals = wholeNumber(raw.decimals, at('decimals'), errors, 0, 6);
    if (decimals !== undefined) out.decimals = decimals;
  }
  if (type === 'number') {
    const min = anyNumber(raw.min, at('min'), errors);
    const max = anyNumber(raw.max, at('max'), errors);
    if (min !== undefined) out.min = min;
    if (max !== undefined) out.max = max;
    if (min !== undefined && max !== undefined && min > max)
      add(errors, at('min'), fieldOptionMessages.minMax);
  }
  if ((fieldTypesWithChoices as readonly string[]).includes(type)) {
    const list = Array.isArray(raw.choices) ? raw.choices : null;
    const choices: string[] = [];
    if (!list) add(errors, at('choices'), fieldOptionMessages.choices);
    else if (list.length > MAX_CHOICES)
      add(errors, at('choices'), fieldOptionMessages.choicesTooMany);
    else {
      list.forEach((c, j) => {
        const text = shortText(c, `${at('choices')}.${j}`, errors);
        if (text !== undefined && text.trim() && !choices.includes(text.trim()))
          choices.push(text.trim());
      });
      if (choices.length < 2) add(errors, at('choices'), fieldOptionMessages.choices);
    }
    out.choices = choices;
  }
  if (type === 'checkbox_group') {
    const min = wholeNumber(raw.minChoices, at('minChoices'), errors, 0, MAX_CHOICES);
    const max = wholeNumber(raw.maxChoices, at('maxChoices'), errors, 1, MAX_CHOICES);
    if (min !== undefined) out.minChoices = min;
    if (max !== undefined) out.maxChoices = max;
    if (min !== undefined && max !== undefined && min > max)
      add(errors, at('minChoices'), fieldOptionMessages.minMax);
  }
  if (type === 'label') {
    const text = shortText(raw.text, at('text'), errors, 1000);
    if (text === undefined || !text.trim()) add(errors, at('text'), fieldOptionMessages.labelText);
    else out.text = text;
  }
  if (type === 'formula') {
    const formula = shortText(raw.formula, at('formula'), errors, 500);
    if (formula === undefined) add(errors, at('formula'), fieldOptionMessages.formulaMissing);
    else if (!parseFormula(formula)) add(errors, at('formula'), formulaMessages.invalid);
    else out.formula = formula;
  }
  if (raw.condition !== undefined && raw.condition !== null && raw.condition !== '') {
    const c = raw.condition;
    if (typeof c !== 'object' || Array.isArray(c)) {
      add(errors, at('condition'), messages.invalidInput);
    } else {
      const cond = c as Obj;
      const field = shortText(cond.field, `${at('condition')}.field`, errors, 40);
      const op = cond.op;
      const effect = cond.effect ?? 'show';
      const value = shortText(cond.value, `${at('condition')}.value`, errors);
      if (field === undefined)
        add(errors, `${at('condition')}.field`, fieldOptionMessages.conditionField);
      if (!(conditionOps as readonly unknown[]).includes(op))
        add(errors, `${at('condition')}.op`, fieldOptionMessages.conditionOp);
      if (!(conditionEffects as readonly unknown[]).includes(effect))
        add(errors, `${at('condition')}.effect`, fieldOptionMessages.conditionOp);
      if ((op === 'equals' || op === 'above') && value === undefined)
        add(errors, `${at('condition')}.value`, fieldOptionMessages.conditionValue);
      if (op === 'above' && value !== undefined && toNumber(value.replace(',', '.')) === null)
        add(errors, `${at('condition')}.value`, messages.invalidInput);
      if (field !== undefined) {
        out.condition = {
          field,
          op: op as NonNullable<SignerFieldOptions['condition']>['op'],
          effect: effect as 'show' | 'require',
          ...(value !== undefined ? { value } : {}),
        };
      }
    }
  }
  return out;
}

/**
 * The document's fields together: names unique, a condition names another field of the
 * document, a formula only names number or formula fields and never leads back to itself.
 */
export function checkFieldReferences(
  fields: { type: string; options: Partial<SignerFieldOptions> }[],
  errors: Errors,
): void {
  const byName = new Map<string, number>();
  fields.forEach((f, i) => {
    const name = f.options.name;
    if (!name) return;
    if (byName.has(name)) add(errors, `fields.${i}.options.name`, fieldOptionMessages.nameTaken);
    else byName.set(name, i);
  });
  const refs = new Map<number, number[]>();
  fields.forEach((f, i) => {
    const c = f.options.condition;
    if (c) {
      const target = byName.get(c.field);
      if (target === undefined || target === i)
        add(errors, `fields.${i}.options.condition.field`, fieldOptionMessages.conditionField);
    }
    const tree = f.type === 'formula' && f.options.formula ? parseFormula(f.options.formula) : null;
    if (!tree) return;
    const targets: number[] = [];
    for (const name of formulaNames(tree)) {
      const target = byName.get(name);
      if (target === undefined) {
        add(errors, `fields.${i}.options.formula`, formulaMessages.unknownName(name));
      } else if (!['number', 'formula'].includes(fields[target]!.type)) {
        add(errors, `fields.${i}.options.formula`, formulaMessages.notNumber(name));
      } else targets.push(target);
    }
    refs.set(i, targets);
  });
  // A formula that reaches itself through other formulas has no value.
  for (const start of refs.keys()) {
    const seen = new Set<number>();
    const stack = [...(refs.get(start) ?? [])];
    while (stack.length) {
      const next = stack.pop()!;
      if (next === start) {
        add(errors, `fields.${start}.options.formula`, formulaMessages.cycle);
        break;
      }
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(refs.get(next) ?? []));
    }
  }
}
