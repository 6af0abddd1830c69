import {
  fieldRules,
  fieldTypes,
  MAX_MARKERS,
  markerMessages,
  dateMarkerFormats,
  messages,
  MIN_FONT_SIZE,
  parseGeneratedValue,
  signingMessages,
  unfilledMarkerKind,
  unstorableTextMessage,
  variableTypes,
  type Field as ContractField,
  type MarkerOptions,
  type Variable as ContractVariable,
} from '@paraaf/contract';
import { ValidationError } from '../../lib/errors.ts';
import {
  checkFieldReferences,
  FIELD_OPTION_KEYS,
  parseFieldOptions,
  toNumber,
} from './field-options.ts';

export { toNumber };

/**
 * The contract's shapes as stored: options may also carry keys the editor does not know yet
 * (kept as short strings), which readers of the stored config look at.
 */
export type StoredOptions = MarkerOptions & Record<string, unknown>;
export type Variable = Omit<ContractVariable, 'options'> & { options: StoredOptions };
export type Field = Omit<ContractField, 'options'> & {
  options: StoredOptions & { signer?: number; rules: string[] };
};
export interface MarkerConfig {
  variables: Variable[];
  fields: Field[];
}

/** How far (points) a marker may stick out of its page: rounding in the editor. */
const PAGE_TOLERANCE = 0.5;
const MAX_COORDINATE = 100_000;
const MAX_FONT_SIZE = 200;
const MAX_TEXT = 1000;
const MAX_OPTION_TEXT = 255;
const MAX_RULES = 10;

const NUMERIC_OPTIONS = new Set([
  'minWidth',
  'minHeight',
  'defaultWidth',
  'defaultHeight',
  'fontSize',
]);
const BOOLEAN_OPTIONS = new Set(['keepRatio']);
const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

export interface MarkerLimits {
  /** Page sizes (points) of the document the markers are on. */
  pages: readonly { width: number; height: number }[];
  /** How many signers `signer.{n}` and `options.signer` may name (request's, or 10 placeholders). */
  signers: number;
  /** Sign requests: input fields go only to the first signer (seed 000 §2). */
  fieldsFirstSignerOnly?: boolean;
  /**
   * Sign requests: each signer's verification types by position, so a signature or paraph
   * marker for a signer who will never sign or paraph is refused (templates have no signers yet).
   */
  signerVerifications?: ReadonlyMap<number, readonly number[]>;
}

type Errors = Record<string, string[]>;
const add = (errors: Errors, key: string, message: string) => (errors[key] ??= []).push(message);

type Obj = Record<string, unknown>;

/** A list from a JSON array, or from a decoded form (absent or '' is empty); null otherwise. */
function asList(value: unknown): unknown[] | null {
  if (value === undefined || value === null || value === '') return [];
  return Array.isArray(value) ? value : null;
}

function asRecord(value: unknown): Obj | null {
  if (value === undefined || value === null || value === '') return {};
  return typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : null;
}

function toBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === '1' || value === 1) return true;
  if (value === 'false' || value === '0' || value === 0) return false;
  return null;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  page: number;
}

/** Geometry with numbers; on its page (x, y ≥ 0 and inside width/height with 0.5 tolerance). */
function geometry(item: Obj, path: string, limits: MarkerLimits, errors: Errors): Box {
  const out: Box = { x: 0, y: 0, width: 0, height: 0, page: 0 };
  const bad = new Set<string>();
  for (const key of ['x', 'y', 'width', 'height'] as const) {
    const n = toNumber(item[key]);
    if (n === null || Math.abs(n) > MAX_COORDINATE) {
      add(errors, `${path}.${key}`, messages.invalidInput);
      bad.add(key);
    } else if ((key === 'width' || key === 'height') && n <= 0) {
      add(errors, `${path}.${key}`, messages.invalidInput);
      bad.add(key);
    } else out[key] = n;
  }
  const page = toNumber(item.page);
  const size =
    page !== null && Number.isInteger(page) && page >= 1 ? limits.pages[page - 1] : undefined;
  if (!size) {
    add(errors, `${path}.page`, signingMessages.markerPage);
    return out;
  }
  out.page = page!;
  if (!bad.has('x') && !bad.has('width')) {
    if (out.x < 0 || out.x + out.width > size.width + PAGE_TOLERANCE) {
      add(errors, `${path}.x`, markerMessages.offPage);
    }
  }
  if (!bad.has('y') && !bad.has('height')) {
    if (out.y < 0 || out.y + out.height > size.height + PAGE_TOLERANCE) {
      add(errors, `${path}.y`, markerMessages.offPage);
    }
  }
  return out;
}

/** Options with numbers and booleans; unknown keys kept as short strings. */
function options(raw: unknown, path: string, errors: Errors, skip: readonly string[]): Obj {
  const record = asRecord(raw);
  const out: Obj = {};
  if (!record) {
    add(errors, `${path}.options`, messages.invalidInput);
    return out;
  }
  for (const [key, value] of Object.entries(record)) {
    if (skip.includes(key)) continue;
    const at = `${path}.options.${key}`;
    if (FORBIDDEN_KEYS.has(key) || key.length > 50 || unstorableTextMessage(key)) {
      add(errors, at, messages.invalidInput);
    } else if (NUMERIC_OPTIONS.has(key)) {
      const n = toNumber(value);
      if (n === null || n < 0 || n > MAX_COORDINATE) add(errors, at, messages.invalidInput);
      else if (key === 'fontSize' && n < MIN_FONT_SIZE) add(errors, at, markerMessages.fontSize);
      else if (key === 'fontSize' && n > MAX_FONT_SIZE) add(errors, at, messages.max);
      else out[key] = n;
    } else if (BOOLEAN_OPTIONS.has(key)) {
      const b = toBoolean(value);
      if (b === null) add(errors, at, messages.invalidInput);
      else out[key] = b;
    } else if (key === 'format') {
      if (typeof value !== 'string' || !(dateMarkerFormats as readonly string[]).includes(value)) {
        add(errors, at, markerMessages.dateFormat);
      } else out[key] = value;
    } else if (typeof value === 'string') {
      const unstorable = unstorableTextMessage(value);
      if (value.length > MAX_OPTION_TEXT) add(errors, at, messages.maxLength);
      else if (unstorable) add(errors, at, unstorable);
      else out[key] = value;
    } else if (typeof value === 'number' && Number.isFinite(value)) {
      out[key] = value;
    } else if (typeof value === 'boolean') {
      out[key] = value;
    } else {
      add(errors, at, messages.invalidInput);
    }
  }
  return out;
}

/** The marker is at least its options' minimum size (when given). */
function minimumSize(box: Box, opts: Obj, path: string, errors: Errors): void {
  if (typeof opts.minWidth === 'number' && box.width > 0 && box.width < opts.minWidth) {
    add(errors, `${path}.width`, markerMessages.tooSmall);
  }
  if (typeof opts.minHeight === 'number' && box.height > 0 && box.height < opts.minHeight) {
    add(errors, `${path}.height`, markerMessages.tooSmall);
  }
}

function variable(raw: unknown, path: string, limits: MarkerLimits, errors: Errors) {
  const item = asRecord(raw);
  if (!item) return add(errors, path, messages.invalidInput);
  const type = item.type;
  const known = typeof type === 'string' && (variableTypes as readonly string[]).includes(type);
  if (!known) add(errors, `${path}.type`, markerMessages.type);

  const rawValue = item.value;
  let value: string | null = null;
  if (rawValue !== undefined && rawValue !== null && typeof rawValue !== 'string') {
    add(errors, `${path}.value`, messages.invalidInput);
  } else if (typeof rawValue === 'string' && rawValue.length > MAX_TEXT) {
    add(errors, `${path}.value`, messages.maxLength);
  } else if (typeof rawValue === 'string' && unstorableTextMessage(rawValue)) {
    add(errors, `${path}.value`, unstorableTextMessage(rawValue)!);
  } else {
    value = typeof rawValue === 'string' && rawValue !== '' ? rawValue : null;
    if (type === 'generated') {
      const ref = parseGeneratedValue(value);
      if (!ref) add(errors, `${path}.value`, markerMessages.generatedValue);
      else if (ref.signer > limits.signers)
        add(errors, `${path}.value`, markerMessages.signerUnknown);
      else {
        const verifications = limits.signerVerifications?.get(ref.signer);
        const unfilled = verifications ? unfilledMarkerKind(ref.kind, verifications) : null;
        if (unfilled) add(errors, `${path}.value`, markerMessages.neverFilled[unfilled]);
      }
    } else if (type === 'text' && (value === null || value.trim() === '')) {
      add(errors, `${path}.value`, markerMessages.textValue);
    }
  }
  const box = geometry(item, path, limits, errors);
  const opts = options(item.options, path, errors, []);
  minimumSize(box, opts, path, errors);
  return { ...box, type: type as Variable['type'], value, options: opts as StoredOptions };
}

function field(raw: unknown, path: string, limits: MarkerLimits, errors: Errors) {
  const item = asRecord(raw);
  if (!item) return add(errors, path, messages.invalidInput);
  const type = item.type;
  if (typeof type !== 'string' || !(fieldTypes as readonly string[]).includes(type)) {
    add(errors, `${path}.type`, markerMessages.type);
  }
  const box = geometry(item, path, limits, errors);
  const rawOptions = asRecord(item.options);
  const opts = options(item.options, path, errors, ['rules', 'signer', ...FIELD_OPTION_KEYS]);
  const typed =
    typeof type === 'string' ? parseFieldOptions(type, rawOptions ?? {}, path, errors) : {};
  minimumSize(box, opts, path, errors);

  // The signer it belongs to: 1..n; missing means the first signer.
  const rawSigner = rawOptions?.signer;
  let signer: number | undefined;
  if (rawSigner !== undefined && rawSigner !== '' && rawSigner !== null) {
    const n = toNumber(rawSigner);
    if (n === null || !Number.isInteger(n) || n < 1) {
      add(errors, `${path}.options.signer`, messages.invalidInput);
    } else signer = n;
  }
  const effective = signer ?? 1;
  if (limits.fieldsFirstSignerOnly && effective > 1) {
    add(errors, `${path}.options.signer`, markerMessages.fieldsFirstSigner);
  } else if (effective > limits.signers) {
    add(errors, `${path}.options.signer`, markerMessages.signerUnknown);
  }

  const rawRules = asList(rawOptions?.rules);
  const rules: string[] = [];
  if (!rawRules || rawRules.length > MAX_RULES) {
    add(errors, `${path}.options.rules`, messages.invalidInput);
  } else {
    rawRules.forEach((rule, j) => {
      if (typeof rule !== 'string' || !(fieldRules as readonly string[]).includes(rule)) {
        add(errors, `${path}.options.rules.${j}`, markerMessages.ruleUnknown);
      } else if (!rules.includes(rule)) rules.push(rule);
    });
  }
  return {
    ...box,
    type: type as Field['type'],
    options: { ...(opts as StoredOptions), ...typed, ...(signer ? { signer } : {}), rules },
  };
}

/**
 * The one validator of markers (config.variables) and signer input fields (config.fields), for
 * signables and templates alike. Takes the decoded multipart form (strings) or a JSON body
 * (numbers, booleans, arrays); every problem is a 422 on its key (`variables.0.x`,
 * `fields.1.options.signer`) with a Dutch message. Returns the config to store, with numbers.
 */
/** Whether the input gives any marker or field (or something that is no list): only then do the signers matter. */
export function givesMarkers(input: { variables?: unknown; fields?: unknown }): boolean {
  return asList(input.variables)?.length !== 0 || asList(input.fields)?.length !== 0;
}

export function parseMarkers(
  input: { variables?: unknown; fields?: unknown },
  limits: MarkerLimits,
): MarkerConfig {
  const errors: Errors = {};
  const rawVariables = asList(input.variables);
  const rawFields = asList(input.fields);
  if (!rawVariables) add(errors, 'variables', messages.invalidInput);
  if (!rawFields) add(errors, 'fields', messages.invalidInput);
  if ((rawVariables?.length ?? 0) > MAX_MARKERS) add(errors, 'variables', messages.max);
  if ((rawFields?.length ?? 0) > MAX_MARKERS) add(errors, 'fields', messages.max);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);

  const variables = rawVariables!.map((raw, i) => variable(raw, `variables.${i}`, limits, errors));
  const fields = rawFields!.map((raw, i) => field(raw, `fields.${i}`, limits, errors));
  checkFieldReferences(
    fields.map((f) =>
      typeof f === 'object' ? { type: f.type, options: f.options } : { type: '', options: {} },
    ),
    errors,
  );
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { variables: variables as Variable[], fields: fields as Field[] };
}
