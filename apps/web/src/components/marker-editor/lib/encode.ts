import {
  parseGeneratedValue,
  type DetectedMarker,
  type MarkerConfig,
  type MarkerOptions,
} from '@paraaf/contract';

/**
 * The marker payload as the form keys of seed 000 §7:
 * `variables[i][x|y|width|height|page|type|value]`, `variables[i][options][key]`,
 * `fields[i][x|y|width|height|page|type]`, `fields[i][options][key]` and
 * `fields[i][options][rules][j]`. Booleans go as 'true'/'false'; absent options are left out.
 */
export function encodeMarkerForm(form: FormData, config: MarkerConfig): void {
  config.variables.forEach((v, i) => {
    const p = `variables[${i}]`;
    appendBox(form, p, v);
    form.append(`${p}[type]`, v.type);
    form.append(`${p}[value]`, v.value ?? '');
    appendOptions(form, p, v.options);
  });
  config.fields.forEach((f, i) => {
    const p = `fields[${i}]`;
    appendBox(form, p, f);
    form.append(`${p}[type]`, f.type);
    const { rules, ...options } = f.options;
    appendOptions(form, p, options);
    (rules ?? []).forEach((rule, j) => form.append(`${p}[options][rules][${j}]`, rule));
  });
}

/** The suggestions the sender turned down, as `rejected_suggestions[i][page|x|y|value]`. */
export function encodeRejectedSuggestions(
  form: FormData,
  suggestions: readonly DetectedMarker[] | undefined,
): void {
  (suggestions ?? [])
    .filter((s) => s.rejected)
    .forEach((s, i) => {
      const p = `rejected_suggestions[${i}]`;
      form.append(`${p}[page]`, String(s.page));
      form.append(`${p}[x]`, num(s.x));
      form.append(`${p}[y]`, num(s.y));
      form.append(`${p}[value]`, s.value ?? '');
    });
}

function appendBox(
  form: FormData,
  prefix: string,
  box: { x: number; y: number; width: number; height: number; page: number },
) {
  form.append(`${prefix}[x]`, num(box.x));
  form.append(`${prefix}[y]`, num(box.y));
  form.append(`${prefix}[width]`, num(box.width));
  form.append(`${prefix}[height]`, num(box.height));
  form.append(`${prefix}[page]`, String(box.page));
}

function appendOptions(
  form: FormData,
  prefix: string,
  options: MarkerOptions & { signer?: number },
) {
  appendValues(form, `${prefix}[options]`, options);
}

/** Nested values as bracketed keys: a list's items renumbered 0..n-1 without empty ones. */
function appendValues(form: FormData, prefix: string, values: object) {
  for (const [key, value] of Object.entries(values) as [string, unknown][]) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      value
        .filter((v) => v !== undefined && v !== null && v !== '')
        .forEach((v, j) => appendValue(form, `${prefix}[${key}][${j}]`, v));
    } else appendValue(form, `${prefix}[${key}]`, value);
  }
}

function appendValue(form: FormData, key: string, value: unknown) {
  if (typeof value === 'object' && value !== null) return appendValues(form, key, value);
  const text =
    typeof value === 'boolean' ? String(value) : typeof value === 'number' ? num(value) : value;
  if (typeof text === 'string') form.append(key, text);
}

/** Points with at most two decimals, never in exponent form (the server reads `12.5`). */
function num(n: number): string {
  const r = Math.round(n * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
}

/** How many markers and fields a config holds (the badge on 'Markers instellen'). */
export function countMarkers(config: MarkerConfig | undefined): number {
  return config ? config.variables.length + config.fields.length : 0;
}

/** The highest signer number the config refers to (0 when none). */
export function highestSigner(config: MarkerConfig | undefined): number {
  if (!config) return 0;
  let max = 0;
  for (const v of config.variables) max = Math.max(max, parseGeneratedValue(v.value)?.signer ?? 0);
  for (const f of config.fields) max = Math.max(max, f.options.signer ?? 1);
  return max;
}

export const emptyMarkerConfig = (): MarkerConfig => ({ variables: [], fields: [] });
