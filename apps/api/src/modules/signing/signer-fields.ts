import {
  fieldValueProblems,
  parseAttachmentValue,
  resolveFields,
  signerFieldOptionsSchema,
  type IndexedField,
  type SigningField,
  type SigningMarker,
  type SigningStepType,
} from '@paraaf/contract';
import type { signables } from '../../db/schema/index.ts';
import type { Field, Variable } from '../documents/markers.ts';
import type { SignerRow } from '../sign-requests/signer-dto.ts';
import type { EvidenceRow } from './resolve-signer.ts';

type SignableRow = typeof signables.$inferSelect;

/** Verification type ids (seed 000 §3) → the step they ask of the signer. */
const stepOfVerification: Record<number, SigningStepType> = {
  1: 'email',
  2: 'sms',
  4: 'idin',
  5: 'signature',
  6: 'paraph',
  7: 'wallet',
};
const stepOrder: SigningStepType[] = [
  'email',
  'sms',
  'idin',
  'wallet',
  'signature',
  'paraph',
  'fields',
];
export const verificationSteps: SigningStepType[] = ['email', 'sms', 'idin', 'wallet'];

/** The key of a field value in signer_evidence.field_values. */
export const fieldKey = (signableId: number, index: number) => `${signableId}:${index}`;

function geometry(m: { page: number; x: number; y: number; width: number; height: number }) {
  return { page: m.page, x: m.x, y: m.y, width: m.width, height: m.height };
}

/**
 * The signer's markers on one document: generated markers whose value is
 * `signer.{position}.signature` or `signer.{position}.paraph`.
 */
export function markersOf(
  signable: Pick<SignableRow, 'config'>,
  position: number,
): { signature: SigningMarker[]; paraph: SigningMarker[] } {
  const out = { signature: [] as SigningMarker[], paraph: [] as SigningMarker[] };
  (signable.config.variables as Variable[]).forEach((v, index) => {
    if (v?.type !== 'generated') return;
    const value = v.value ?? (typeof v.options?.value === 'string' ? v.options.value : null);
    if (value === `signer.${position}.signature`) out.signature.push({ index, ...geometry(v) });
    else if (value === `signer.${position}.paraph`) out.paraph.push({ index, ...geometry(v) });
  });
  return out;
}

/**
 * Whose input field it is: `options.signer` (a position) when the marker editor assigned it,
 * else the first signer (seed 000: input fields go only to the first signer).
 */
function ownerOf(field: Field): number {
  const n = Number(field.options?.signer);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

export interface OwnField {
  signableId: number;
  index: number;
  field: Field;
  required: boolean;
}

/** The signer's input fields over the given documents, in document and field order. */
export function ownFields(
  list: Pick<SignableRow, 'id' | 'config'>[],
  position: number,
): OwnField[] {
  const out: OwnField[] = [];
  for (const signable of list) {
    (signable.config.fields as Field[]).forEach((field, index) => {
      if (!field || ownerOf(field) !== position) return;
      const rules = Array.isArray(field.options?.rules) ? field.options.rules : [];
      out.push({ signableId: signable.id, index, field, required: rules.includes('required') });
    });
  }
  return out;
}

/** The field options the signer's page may see (no internal keys). */
const PUBLIC_OPTION_KEYS = Object.keys(signerFieldOptionsSchema.shape);

/** An attachment's stored value without its storage key. */
export function publicFieldValue(type: string, value: string | null): string | null {
  if (type !== 'attachment') return value;
  const attachment = parseAttachmentValue(value);
  return attachment ? JSON.stringify(attachment) : null;
}

export function toSigningField(f: OwnField, values: Record<string, string | null>): SigningField {
  const options = Object.fromEntries(
    PUBLIC_OPTION_KEYS.filter((k) => f.field.options?.[k] !== undefined).map((k) => [
      k,
      f.field.options[k],
    ]),
  );
  return {
    index: f.index,
    ...geometry(f.field),
    type: f.field.type,
    required: f.required,
    value: publicFieldValue(f.field.type, values[fieldKey(f.signableId, f.index)] ?? null),
    options: { ...options, rules: f.field.options?.rules ?? [] },
  };
}

/** The signer's fields grouped per document, as the contract's rules read them. */
function perDocument(
  fields: OwnField[],
  values: Record<string, string | null>,
): { signableId: number; list: IndexedField[]; raw: Map<number, string | null> }[] {
  const groups = new Map<number, { list: IndexedField[]; raw: Map<number, string | null> }>();
  for (const f of fields) {
    let g = groups.get(f.signableId);
    if (!g) groups.set(f.signableId, (g = { list: [], raw: new Map() }));
    g.list.push({ index: f.index, type: f.field.type, options: f.field.options });
    g.raw.set(f.index, values[fieldKey(f.signableId, f.index)] ?? null);
  }
  return [...groups].map(([signableId, g]) => ({ signableId, ...g }));
}

/**
 * Every problem of the signer's values, by field key: a value that does not fit its field's
 * type and rules, or a required field (by its rule or a condition) left empty. Fields hidden by
 * a condition have none.
 */
export function fieldProblems(
  fields: OwnField[],
  values: Record<string, string | null>,
): Map<string, string> {
  const out = new Map<string, string>();
  for (const doc of perDocument(fields, values)) {
    for (const [index, message] of fieldValueProblems(doc.list, doc.raw)) {
      out.set(fieldKey(doc.signableId, index), message);
    }
  }
  return out;
}

/** Which of the signer's fields show, given these values (keys of the visible ones). */
export function visibleFieldKeys(
  fields: OwnField[],
  values: Record<string, string | null>,
): Set<string> {
  const out = new Set<string>();
  for (const doc of perDocument(fields, values)) {
    for (const index of resolveFields(doc.list, doc.raw).visible) {
      out.add(fieldKey(doc.signableId, index));
    }
  }
  return out;
}

/**
 * The values that count for the signer's fields, as sealing stamps them: a hidden field's value
 * dropped (null), a formula computed on the server.
 */
export function resolvedFieldValues(
  fields: OwnField[],
  values: Record<string, string | null>,
): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const doc of perDocument(fields, values)) {
    for (const [index, value] of resolveFields(doc.list, doc.raw).values) {
      out[fieldKey(doc.signableId, index)] = value;
    }
  }
  return out;
}

/** The steps chosen for this signer, in the order the page walks them, with whether each is done. */
export function stepsOf(
  signer: Pick<SignerRow, 'verifications'>,
  evidence: EvidenceRow | null,
  fields: OwnField[],
): { type: SigningStepType; done: boolean }[] {
  const chosen = new Set(signer.verifications.map((v) => stepOfVerification[v]).filter(Boolean));
  if (fields.length > 0) chosen.add('fields');
  const values = evidence?.fieldValues ?? {};
  const done: Record<SigningStepType, boolean> = {
    email: Boolean(evidence?.emailVerifiedAt),
    sms: Boolean(evidence?.smsVerifiedAt),
    idin: Boolean(evidence?.idinVerifiedAt),
    wallet: Boolean(evidence?.walletVerifiedAt),
    signature: Boolean(evidence?.signatureKey),
    paraph: Boolean(evidence?.paraphKey),
    fields: fieldProblems(fields, values).size === 0,
  };
  return stepOrder.filter((s) => chosen.has(s)).map((type) => ({ type, done: done[type] }));
}

/** '06••••••78': the first two and last two digits. */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return null;
  const compact = phone.replace(/\s+/g, '');
  if (compact.length <= 4) return '•'.repeat(compact.length);
  return `${compact.slice(0, 2)}${'•'.repeat(compact.length - 4)}${compact.slice(-2)}`;
}
