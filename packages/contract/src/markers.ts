/**
 * Markers on a document (seed 000 §2, §3, §9): the shapes the marker editor writes, the server
 * validates and stores in `signables.config` / `templates.config`, and sealing stamps.
 *
 * Geometry is in PDF points relative to the page's TOP-left corner (so it does not depend on
 * zoom or screen); `page` is 1-based.
 */

export const variableTypes = ['text', 'date', 'checkbox_checked', 'generated'] as const;
export type VariableType = (typeof variableTypes)[number];

export const fieldTypes = ['text', 'checkbox'] as const;
export type FieldType = (typeof fieldTypes)[number];

/** What a generated marker stands for: `signer.{n}.{what}`. */
export const generatedKinds = ['name', 'date', 'signature', 'paraph'] as const;
export type GeneratedKind = (typeof generatedKinds)[number];
export const GENERATED_VALUE = /^signer\.([1-9]\d?)\.(name|date|signature|paraph)$/;
export const generatedValue = (signer: number, kind: GeneratedKind) => `signer.${signer}.${kind}`;

/** Parses `signer.{n}.{kind}`; null when the value is not of that form. */
export function parseGeneratedValue(
  value: string | null | undefined,
): { signer: number; kind: GeneratedKind } | null {
  const m = value ? GENERATED_VALUE.exec(value) : null;
  return m ? { signer: Number(m[1]), kind: m[2] as GeneratedKind } : null;
}

export interface MarkerBox {
  x: number;
  y: number;
  width: number;
  height: number;
  page: number;
}

export interface MarkerOptions {
  /** Date format of a date marker, e.g. 'DD-MM-YYYY'. */
  format?: string;
  minWidth?: number;
  minHeight?: number;
  defaultWidth?: number;
  defaultHeight?: number;
  keepRatio?: boolean;
  /** Points; never below MIN_FONT_SIZE. */
  fontSize?: number;
  /** A label the editor shows (e.g. the reusable marker's name). */
  label?: string;
}

/** A marker (variable). Generated markers carry `signer.{n}.{kind}` in `value`. */
export interface Variable extends MarkerBox {
  type: VariableType;
  value: string | null;
  options: MarkerOptions;
}

/** A signer input field; `options.signer` is the 1-based signer it belongs to. */
export interface Field extends MarkerBox {
  type: FieldType;
  options: MarkerOptions & { signer?: number; rules: string[] };
}

export interface MarkerConfig {
  variables: Variable[];
  fields: Field[];
}

/** The date formats a date marker may use; stamped in Dutch (Europe/Amsterdam) time. */
export const dateMarkerFormats = [
  'DD-MM-YYYY',
  'DD-MM-YYYY HH:mm',
  'D MMMM YYYY',
  'YYYY-MM-DD',
  'DD/MM/YYYY',
] as const;
export type DateMarkerFormat = (typeof dateMarkerFormats)[number];
export const DEFAULT_DATE_FORMAT: DateMarkerFormat = 'DD-MM-YYYY';

export const MIN_FONT_SIZE = 8;
export const DEFAULT_FONT_SIZE = 11;
/** Resizing stops here unless a marker's options say otherwise. */
export const DEFAULT_MIN_SIZE = { width: 150, height: 30 } as const;
export const DEFAULT_MARKER_SIZE = { width: 150, height: 30 } as const;
export const PARAPH_MARKER_SIZE = { width: 50, height: 50 } as const;
export const CHECKBOX_MARKER_SIZE = { width: 14, height: 14 } as const;
/** At most this many markers and this many fields per document. */
export const MAX_MARKERS = 500;
/** Templates offer ten placeholder signers 'Ondertekenaar 1'…'Ondertekenaar 10' (seed 001). */
export const TEMPLATE_SIGNERS = 10;

/** A template (seed 001 §3) as the API answers it. */
export interface TemplateDto {
  id: number;
  name: string;
  created_at: string;
  updated_at: string;
  variables: Variable[];
  fields: Field[];
  page_count: number;
  /** Page sizes in PDF points. */
  pages: { width: number; height: number }[];
  has_acroforms: boolean;
  size: number;
}

/** A reusable marker found by GET /api/templates/variables or /api/signrequests/variables. */
export interface ReusableVariable {
  type: VariableType;
  value: string | null;
  width: number;
  height: number;
  options: MarkerOptions;
}

/** Dutch texts of marker validation (422 messages on `variables.i.*` / `fields.i.*`). */
export const markerMessages = {
  offPage: 'De marker valt buiten de pagina',
  type: 'Dit type marker bestaat niet',
  tooSmall: 'De marker is kleiner dan de minimale grootte',
  fontSize: 'De lettergrootte moet minimaal 8 zijn',
  dateFormat: 'Deze datumnotatie wordt niet ondersteund',
  generatedValue: 'Kies een ondertekenaar en een soort voor deze marker',
  signerUnknown: 'Deze ondertekenaar bestaat niet',
  textValue: 'Vul een tekst in voor deze marker',
  ruleUnknown: 'Deze regel bestaat niet',
  fieldsFirstSigner: 'Invoervelden zijn alleen voor de eerste ondertekenaar',
} as const;

/** Sort orders of GET /api/templates. */
export const TEMPLATE_ORDER = /^(id|name|created_at),(asc|desc)$/;
/** Signer input field rules the server accepts. */
export const fieldRules = ['required'] as const;
/** GET /api/templates/variables and /api/signrequests/variables answer at most this many. */
export const REUSABLE_VARIABLES_LIMIT = 20;
