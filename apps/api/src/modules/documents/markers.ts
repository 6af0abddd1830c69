import { messages, signingMessages } from '@paraaf/contract';
import { ValidationError } from '../../lib/errors.ts';
import type { FormValue } from './form-keys.ts';

/** Marker kinds (seed 000 §3). */
export const variableTypes = ['text', 'date', 'checkbox_checked', 'generated'] as const;
export const fieldTypes = ['text', 'checkbox'] as const;

export interface Variable {
  x: number;
  y: number;
  width: number;
  height: number;
  page: number;
  type: (typeof variableTypes)[number];
  value: string | null;
  options: Record<string, string | number | boolean>;
}

export interface Field {
  x: number;
  y: number;
  width: number;
  height: number;
  page: number;
  type: (typeof fieldTypes)[number];
  options: { rules: string[] } & Record<string, string | number | boolean | string[]>;
}

const MAX_MARKERS = 500;
const NUMERIC_OPTIONS = new Set(['minWidth', 'minHeight', 'defaultWidth', 'defaultHeight']);
const BOOLEAN_OPTIONS = new Set(['keepRatio']);

type Errors = Record<string, string[]>;
const add = (errors: Errors, key: string, message: string) => (errors[key] ??= []).push(message);

function asList(value: FormValue | undefined): FormValue[] | null {
  if (value === undefined || value === '') return [];
  return Array.isArray(value) ? value : null;
}

function asRecord(value: FormValue | undefined): Record<string, FormValue> | null {
  if (value === undefined || value === '') return {};
  return typeof value === 'object' && !Array.isArray(value) ? value : null;
}

/** A finite number from a form string ('12', '12.5'); null otherwise. */
export function formNumber(value: FormValue | undefined): number | null {
  if (typeof value !== 'string' || !/^-?\d+(\.\d+)?$/.test(value.trim())) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

function geometry(
  item: Record<string, FormValue>,
  path: string,
  pageCount: number,
  errors: Errors,
): Pick<Variable, 'x' | 'y' | 'width' | 'height' | 'page'> {
  const out = { x: 0, y: 0, width: 0, height: 0, page: 0 };
  for (const key of ['x', 'y', 'width', 'height'] as const) {
    const n = formNumber(item[key]);
    if (n === null || n < 0 || n > 100_000 || ((key === 'width' || key === 'height') && n === 0)) {
      add(errors, `${path}.${key}`, messages.invalidInput);
    } else out[key] = n;
  }
  const page = formNumber(item.page);
  if (page === null || !Number.isInteger(page) || page < 1 || page > pageCount) {
    add(errors, `${path}.page`, signingMessages.markerPage);
  } else out.page = page;
  return out;
}

function options(
  raw: FormValue | undefined,
  path: string,
  errors: Errors,
): Record<string, string | number | boolean> {
  const record = asRecord(raw);
  const out: Record<string, string | number | boolean> = {};
  if (!record) {
    add(errors, `${path}.options`, messages.invalidInput);
    return out;
  }
  for (const [key, value] of Object.entries(record)) {
    if (key === 'rules') continue;
    if (typeof value !== 'string' || value.length > 255) {
      add(errors, `${path}.options.${key}`, messages.invalidInput);
    } else if (NUMERIC_OPTIONS.has(key)) {
      const n = formNumber(value);
      if (n === null || n < 0) add(errors, `${path}.options.${key}`, messages.invalidInput);
      else out[key] = n;
    } else if (BOOLEAN_OPTIONS.has(key)) {
      if (!['true', 'false', '1', '0'].includes(value)) {
        add(errors, `${path}.options.${key}`, messages.invalidInput);
      } else out[key] = value === 'true' || value === '1';
    } else {
      out[key] = value;
    }
  }
  return out;
}

/**
 * Markers (config.variables) and signer input fields (config.fields) from the decoded form,
 * with numbers parsed. Obviously bad ones (a page outside the document, non-numeric geometry,
 * an unknown type) are a 422 on e.g. `variables.0.page`. Full placement rules (clamping,
 * minimum sizes) belong to the marker editor.
 */
export function parseMarkers(
  form: Record<string, FormValue>,
  pageCount: number,
): { variables: Variable[]; fields: Field[] } {
  const errors: Errors = {};
  const variables: Variable[] = [];
  const fields: Field[] = [];

  const rawVariables = asList(form.variables);
  const rawFields = asList(form.fields);
  if (!rawVariables) add(errors, 'variables', messages.invalidInput);
  if (!rawFields) add(errors, 'fields', messages.invalidInput);
  if ((rawVariables?.length ?? 0) > MAX_MARKERS) add(errors, 'variables', messages.max);
  if ((rawFields?.length ?? 0) > MAX_MARKERS) add(errors, 'fields', messages.max);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);

  rawVariables!.forEach((raw, i) => {
    const path = `variables.${i}`;
    const item = asRecord(raw);
    if (!item) return add(errors, path, messages.invalidInput);
    const type = item.type;
    if (typeof type !== 'string' || !(variableTypes as readonly string[]).includes(type)) {
      add(errors, `${path}.type`, messages.invalidInput);
    }
    const value = item.value;
    if (value !== undefined && (typeof value !== 'string' || value.length > 1000)) {
      add(errors, `${path}.value`, messages.invalidInput);
    }
    variables.push({
      ...geometry(item, path, pageCount, errors),
      type: type as Variable['type'],
      value: typeof value === 'string' && value !== '' ? value : null,
      options: options(item.options, path, errors),
    });
  });

  rawFields!.forEach((raw, i) => {
    const path = `fields.${i}`;
    const item = asRecord(raw);
    if (!item) return add(errors, path, messages.invalidInput);
    const type = item.type;
    if (typeof type !== 'string' || !(fieldTypes as readonly string[]).includes(type)) {
      add(errors, `${path}.type`, messages.invalidInput);
    }
    const opts = options(item.options, path, errors);
    const rawRules = asList(asRecord(item.options)?.rules);
    const rules: string[] = [];
    if (!rawRules || rawRules.length > 10)
      add(errors, `${path}.options.rules`, messages.invalidInput);
    else {
      rawRules.forEach((rule, j) => {
        if (typeof rule !== 'string' || !/^[a-z_:0-9]{1,50}$/i.test(rule)) {
          add(errors, `${path}.options.rules.${j}`, messages.invalidInput);
        } else rules.push(rule);
      });
    }
    fields.push({
      ...geometry(item, path, pageCount, errors),
      type: type as Field['type'],
      options: { ...opts, rules },
    });
  });

  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { variables, fields };
}
