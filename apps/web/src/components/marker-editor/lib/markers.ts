import {
  CHECKBOX_MARKER_SIZE,
  DEFAULT_MARKER_SIZE,
  DEFAULT_MIN_SIZE,
  MIN_FONT_SIZE,
  PARAPH_MARKER_SIZE,
  generatedValue,
  parseGeneratedValue,
  type Field,
  type FieldType,
  type GeneratedKind,
  type MarkerConfig,
  type MarkerOptions,
  type Variable,
} from '@paraaf/contract';
import { texts } from '../texts';

/**
 * The editor's rules as pure functions (seed 000 §2, §9): default and minimum sizes per kind,
 * clamping to the page, resizing with a minimum and keep-ratio, the font-size floor. Everything
 * is in PDF points from the page's top-left corner.
 */

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** A marker or input field as the editor holds it: one list, each with a client-side id. */
export type EditorMarker =
  (Variable & { id: string; kind: 'variable' }) | (Field & { id: string; kind: 'field' });

/** What the palette adds: a marker type, optionally for a signer. */
export type MarkerTemplate =
  | { kind: 'variable'; type: 'text' | 'date' | 'checkbox_checked'; value?: string | null }
  | { kind: 'variable'; type: 'generated'; signer: number; what: GeneratedKind }
  | { kind: 'field'; type: FieldType; signer: number; required: boolean };

export interface SizeRule {
  defaultSize: Size;
  minSize: Size;
  keepRatio: boolean;
}

/** Smaller minimums than 150x30 where the default itself is smaller or the mark is a drawing. */
const PARAPH_MIN = { width: 25, height: 25 } as const;
const SIGNATURE_MIN = { width: 60, height: 20 } as const;
const CHECKBOX_MIN = { width: 10, height: 10 } as const;
const LIST_FIELD_SIZE = { width: 150, height: 50 } as const;
const LIST_FIELD_MIN = { width: 60, height: 20 } as const;

/** The size rules of a marker kind before its own options are applied. */
export function baseSizeRule(
  marker: Pick<EditorMarker, 'kind' | 'type'> & { value?: string | null },
): SizeRule {
  if (marker.type === 'checkbox' || marker.type === 'checkbox_checked') {
    return { defaultSize: CHECKBOX_MARKER_SIZE, minSize: CHECKBOX_MIN, keepRatio: true };
  }
  // Options stacked in one box: taller by default, and they may be made small.
  if (marker.type === 'radio' || marker.type === 'checkbox_group') {
    return { defaultSize: LIST_FIELD_SIZE, minSize: LIST_FIELD_MIN, keepRatio: false };
  }
  if (marker.kind === 'variable' && marker.type === 'generated') {
    const kind = parseGeneratedValue(marker.value)?.kind;
    if (kind === 'paraph') {
      return { defaultSize: PARAPH_MARKER_SIZE, minSize: PARAPH_MIN, keepRatio: true };
    }
    if (kind === 'signature') {
      return { defaultSize: DEFAULT_MARKER_SIZE, minSize: SIGNATURE_MIN, keepRatio: false };
    }
  }
  return { defaultSize: DEFAULT_MARKER_SIZE, minSize: DEFAULT_MIN_SIZE, keepRatio: false };
}

/** The rules that apply to this marker: its options (minWidth, minHeight, keepRatio) win. */
export function sizeRule(marker: EditorMarker): SizeRule {
  const base = baseSizeRule(marker);
  const o = marker.options;
  return {
    defaultSize: {
      width: positive(o.defaultWidth) ?? base.defaultSize.width,
      height: positive(o.defaultHeight) ?? base.defaultSize.height,
    },
    minSize: {
      width: positive(o.minWidth) ?? base.minSize.width,
      height: positive(o.minHeight) ?? base.minSize.height,
    },
    keepRatio: o.keepRatio ?? base.keepRatio,
  };
}

const positive = (n: number | undefined) => (typeof n === 'number' && n > 0 ? n : undefined);

export function clampNumber(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The box moved inside the page: a box larger than the page is first shrunk to it (keeping the
 * ratio when asked), then its corner is clamped so the whole box lies on the page.
 */
export function clampToPage<T extends { x: number; y: number; width: number; height: number }>(
  box: T,
  page: Size,
  keepRatio = false,
): T {
  let { width, height } = box;
  if (width > page.width || height > page.height) {
    if (keepRatio) {
      const f = Math.min(page.width / width, page.height / height);
      width *= f;
      height *= f;
    } else {
      width = Math.min(width, page.width);
      height = Math.min(height, page.height);
    }
  }
  return {
    ...box,
    width: round2(width),
    height: round2(height),
    x: round2(clampNumber(box.x, 0, page.width - width)),
    y: round2(clampNumber(box.y, 0, page.height - height)),
  };
}

/** Moving by (dx, dy) points, kept on the page. */
export function moveBy<T extends { x: number; y: number; width: number; height: number }>(
  box: T,
  dx: number,
  dy: number,
  page: Size,
): T {
  return clampToPage({ ...box, x: box.x + dx, y: box.y + dy }, page);
}

/**
 * Resizing from the bottom-right corner to `want`: never below the minimum, never past the
 * page's edge; keep-ratio boxes follow the larger relative change and stay proportional.
 */
export function resizeTo(
  box: { x: number; y: number; width: number; height: number },
  want: Size,
  rule: Pick<SizeRule, 'minSize' | 'keepRatio'>,
  page: Size,
): Size {
  const maxW = Math.max(page.width - box.x, 0);
  const maxH = Math.max(page.height - box.y, 0);
  if (rule.keepRatio && box.width > 0 && box.height > 0) {
    const ratio = box.width / box.height;
    let f = Math.max(want.width / box.width, want.height / box.height);
    const minF = Math.max(rule.minSize.width / box.width, rule.minSize.height / box.height);
    const maxF = Math.min(maxW / box.width, maxH / box.height);
    f = Math.max(f, minF);
    f = Math.min(f, Math.max(maxF, minF));
    const width = box.width * f;
    return { width: round2(width), height: round2(width / ratio) };
  }
  return {
    width: round2(clampNumber(want.width, rule.minSize.width, Math.max(maxW, rule.minSize.width))),
    height: round2(
      clampNumber(want.height, rule.minSize.height, Math.max(maxH, rule.minSize.height)),
    ),
  };
}

/** A font size the server accepts: a number, never below 8 (seed 000 §9). */
export function normaliseFontSize(n: number | string | undefined | null): number {
  const v = typeof n === 'string' ? Number(n.replace(',', '.')) : n;
  if (typeof v !== 'number' || !Number.isFinite(v)) return MIN_FONT_SIZE;
  return Math.max(MIN_FONT_SIZE, Math.round(v * 10) / 10);
}

let seq = 0;
export const markerId = () => `m${++seq}`;

/** A new marker of this template, centred on `center`, clamped to the page. */
export function createMarker(template: MarkerTemplate, page: number, center: Point, size: Size) {
  const probe =
    template.kind === 'field'
      ? { kind: 'field' as const, type: template.type }
      : {
          kind: 'variable' as const,
          type: template.type,
          value:
            template.type === 'generated' ? generatedValue(template.signer, template.what) : null,
        };
  const rule = baseSizeRule(probe);
  const options: MarkerOptions = {
    minWidth: rule.minSize.width,
    minHeight: rule.minSize.height,
    defaultWidth: rule.defaultSize.width,
    defaultHeight: rule.defaultSize.height,
    keepRatio: rule.keepRatio,
  };
  const box = clampToPage(
    {
      x: center.x - rule.defaultSize.width / 2,
      y: center.y - rule.defaultSize.height / 2,
      width: rule.defaultSize.width,
      height: rule.defaultSize.height,
    },
    size,
    rule.keepRatio,
  );
  const id = markerId();
  if (template.kind === 'field') {
    return {
      ...box,
      id,
      kind: 'field',
      page,
      type: template.type,
      options: {
        ...options,
        ...fieldDefaults(template.type),
        signer: template.signer,
        // A label or a formula is never filled in by the signer.
        rules:
          template.required && !['label', 'formula'].includes(template.type) ? ['required'] : [],
      },
    } satisfies EditorMarker as EditorMarker;
  }
  const value =
    template.type === 'generated'
      ? generatedValue(template.signer, template.what)
      : template.type === 'text'
        ? (template.value ?? 'Tekst')
        : null;
  const textual = template.type === 'text' || template.type === 'date';
  return {
    ...box,
    id,
    kind: 'variable',
    page,
    type: template.type,
    value,
    options: {
      ...options,
      ...(template.type === 'date' ? { format: 'DD-MM-YYYY' } : {}),
      ...(textual ? { fontSize: 11 } : {}),
    },
  } satisfies EditorMarker as EditorMarker;
}

/** What a new field of a type starts with: options to choose from, a text, a formula. */
function fieldDefaults(type: FieldType): Partial<Field['options']> {
  if (type === 'dropdown' || type === 'radio' || type === 'checkbox_group')
    return { choices: [...texts.fieldDefaults.choices] };
  if (type === 'label') return { text: texts.fieldDefaults.label };
  if (type === 'formula') return { formula: texts.fieldDefaults.formula, decimals: 2 };
  if (type === 'number') return { decimals: 2 };
  return {};
}

/** The editor's list from a config (ids added). */
export function fromConfig(config: MarkerConfig): EditorMarker[] {
  return [
    ...config.variables.map((v) => ({
      ...v,
      options: { ...v.options },
      id: markerId(),
      kind: 'variable' as const,
    })),
    ...config.fields.map((f) => ({
      ...f,
      options: { ...f.options, rules: [...(f.options.rules ?? [])] },
      id: markerId(),
      kind: 'field' as const,
    })),
  ];
}

/** The config to save (ids dropped), variables and fields each in page order. */
export function toConfig(markers: EditorMarker[]): MarkerConfig {
  const sorted = [...markers].sort((a, b) => a.page - b.page || a.y - b.y || a.x - b.x);
  const variables: Variable[] = [];
  const fields: Field[] = [];
  for (const m of sorted) {
    if (m.kind === 'variable') {
      const { id: _id, kind: _kind, ...v } = m;
      variables.push(v);
    } else {
      const { id: _id, kind: _kind, ...f } = m;
      fields.push(f);
    }
  }
  return { variables, fields };
}

/** The signer a marker belongs to (1-based), or null for a plain marker. */
export function markerSigner(marker: EditorMarker): number | null {
  if (marker.kind === 'field') return marker.options.signer ?? 1;
  return parseGeneratedValue(marker.value)?.signer ?? null;
}
