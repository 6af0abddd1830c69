import { z } from 'zod';
import { signerFieldOptionsSchema, signerFieldTypes } from './signer-fields.ts';
import { MAX_ROUTING_ORDER, signerRoles } from './states.ts';

/**
 * Markers on a document (seed 000 §2, §3, §9): the shapes the marker editor writes, the server
 * validates and stores in `signables.config` / `templates.config`, and sealing stamps.
 *
 * Geometry is in PDF points relative to the page's TOP-left corner (so it does not depend on
 * zoom or screen); `page` is 1-based.
 */

export const variableTypes = ['text', 'date', 'checkbox_checked', 'generated'] as const;
export type VariableType = (typeof variableTypes)[number];

/** A signer's input field types (`signer-fields.ts` holds their rules). */
export const fieldTypes = signerFieldTypes;
export type FieldType = (typeof fieldTypes)[number];

/** What a generated marker stands for: `signer.{n}.{what}`. */
export const generatedKinds = ['name', 'date', 'signature', 'paraph'] as const;
export type GeneratedKind = (typeof generatedKinds)[number];
export const GENERATED_VALUE = /^signer\.([1-9]\d?)\.(name|date|signature|paraph)$/;
export const generatedValue = (signer: number, kind: GeneratedKind) => `signer.${signer}.${kind}`;

/**
 * A signature marker is filled only by a signer who signs (verification 5, Handtekening) and a
 * paraph marker only by one who paraphs (6, Paraaf); name and date are filled for everyone.
 */
const kindNeeds: Partial<Record<GeneratedKind, number>> = { signature: 5, paraph: 6 };

/** The kind of marker a signer with these verifications will never fill, else null. */
export function unfilledMarkerKind(
  kind: GeneratedKind,
  verifications: readonly number[],
): 'signature' | 'paraph' | null {
  const needed = kindNeeds[kind];
  return needed !== undefined && !verifications.includes(needed)
    ? (kind as 'signature' | 'paraph')
    : null;
}

/** Parses `signer.{n}.{kind}`; null when the value is not of that form. */
export function parseGeneratedValue(
  value: string | null | undefined,
): { signer: number; kind: GeneratedKind } | null {
  const m = value ? GENERATED_VALUE.exec(value) : null;
  return m ? { signer: Number(m[1]), kind: m[2] as GeneratedKind } : null;
}

export const markerBoxSchema = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  page: z.int().min(1),
});
export type MarkerBox = z.infer<typeof markerBoxSchema>;

export const markerOptionsSchema = z.object({
  /** Date format of a date marker, e.g. 'DD-MM-YYYY'. */
  format: z.string().optional(),
  minWidth: z.number().optional(),
  minHeight: z.number().optional(),
  defaultWidth: z.number().optional(),
  defaultHeight: z.number().optional(),
  keepRatio: z.boolean().optional(),
  /** Points; never below MIN_FONT_SIZE. */
  fontSize: z.number().optional(),
  /** A label the editor shows (e.g. the reusable marker's name). */
  label: z.string().optional(),
});
export type MarkerOptions = z.infer<typeof markerOptionsSchema>;

/** A marker (variable). Generated markers carry `signer.{n}.{kind}` in `value`. */
export const variableSchema = markerBoxSchema
  .extend({
    type: z.enum(variableTypes),
    value: z.string().nullable(),
    options: markerOptionsSchema,
  })
  .meta({
    examples: [
      {
        x: 72,
        y: 640,
        width: 150,
        height: 30,
        page: 1,
        type: 'text',
        value: 'Prinsengracht 12, Amsterdam',
        options: { fontSize: 11, label: 'Adres' },
      },
    ],
  });
export type Variable = z.infer<typeof variableSchema>;

/** A signer input field; `options.signer` is the 1-based signer it belongs to. */
export const fieldSchema = markerBoxSchema.extend({
  type: z.enum(fieldTypes),
  options: markerOptionsSchema.extend(signerFieldOptionsSchema.shape).extend({
    signer: z.int().min(1).optional(),
    rules: z.array(z.string()),
  }),
});
export type Field = z.infer<typeof fieldSchema>;

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
/** A template's step and role for its placeholder signer (bulk rows and the wizard take them). */
export const templateSignerRoutingSchema = z.object({
  signer: z.int().min(1).max(TEMPLATE_SIGNERS),
  routing_order: z.int().min(1).max(MAX_ROUTING_ORDER),
  role: z.enum(signerRoles),
  verifications: z.array(z.int()).optional(),
  wallet_attributes: z.array(z.string()).optional(),
  /** A cc mailed when a request made from the template is sent (old templates: left out). */
  notify_on_send: z.boolean().optional(),
});

export const templateSchema = z
  .object({
    id: z.int().positive(),
    name: z.string(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    variables: z.array(variableSchema),
    fields: z.array(fieldSchema),
    page_count: z.int().min(1),
    /** Page sizes in PDF points. */
    pages: z.array(z.object({ width: z.number(), height: z.number() })),
    has_acroforms: z.boolean(),
    size: z.int().min(0),
    signer_routing: z.array(templateSignerRoutingSchema),
  })
  .meta({
    examples: [
      {
        id: 31,
        name: 'Huurovereenkomst woonruimte',
        created_at: '2026-04-01T10:12:00.000Z',
        updated_at: '2026-04-03T14:40:00.000Z',
        variables: [
          {
            x: 72,
            y: 640,
            width: 150,
            height: 30,
            page: 1,
            type: 'generated',
            value: 'signer.1.signature',
            options: {},
          },
        ],
        fields: [],
        page_count: 3,
        pages: [{ width: 595.28, height: 841.89 }],
        has_acroforms: false,
        size: 184_320,
        signer_routing: [],
      },
    ],
  });
export type TemplateDto = z.infer<typeof templateSchema>;

/** A reusable marker found by GET /api/templates/variables or /api/signrequests/variables. */
export const reusableVariableSchema = z.object({
  type: z.enum(variableTypes),
  value: z.string().nullable(),
  width: z.number(),
  height: z.number(),
  options: markerOptionsSchema,
});
export type ReusableVariable = z.infer<typeof reusableVariableSchema>;

/** The answer of both reusable-marker searches. */
export const reusableVariablesSchema = z.object({ data: z.array(reusableVariableSchema) }).meta({
  examples: [
    {
      data: [
        {
          type: 'text',
          value: 'Prinsengracht 12, Amsterdam',
          width: 150,
          height: 30,
          options: { label: 'Adres' },
        },
      ],
    },
  ],
});

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
  /** A marker its signer will never fill (see unfilledMarkerKind). */
  neverFilled: {
    signature:
      'Deze ondertekenaar zet geen handtekening: kies Handtekening bij de ondertekenaar of een andere ondertekenaar',
    paraph:
      'Deze ondertekenaar zet geen paraaf: kies Paraaf bij de ondertekenaar of een andere ondertekenaar',
  },
  /** A draft's signer losing the method a marker of theirs needs. */
  neededByMarker: {
    signature:
      'Een document heeft een handtekeningmarker voor deze ondertekenaar: Handtekening is nodig',
    paraph: 'Een document heeft een paraafmarker voor deze ondertekenaar: Paraaf is nodig',
  },
} as const;

/** Sort orders of GET /api/templates. */
export const TEMPLATE_ORDER = /^(id|name|created_at),(asc|desc)$/;
/** Signer input field rules the server accepts. */
export const fieldRules = ['required'] as const;
/** GET /api/templates/variables and /api/signrequests/variables answer at most this many. */
export const REUSABLE_VARIABLES_LIMIT = 20;
