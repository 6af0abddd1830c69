import type { SigningField, SigningMarker, SigningStepType } from '@paraaf/contract';
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
};
const stepOrder: SigningStepType[] = ['email', 'sms', 'idin', 'signature', 'paraph', 'fields'];
export const verificationSteps: SigningStepType[] = ['email', 'sms', 'idin'];

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

export function toSigningField(f: OwnField, values: Record<string, string | null>): SigningField {
  return {
    index: f.index,
    ...geometry(f.field),
    type: f.field.type,
    required: f.required,
    value: values[fieldKey(f.signableId, f.index)] ?? null,
  };
}

/** A value counts as filled in: text not blank, a checkbox ticked. */
export function isFilled(f: OwnField, value: string | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  return f.field.type === 'checkbox' ? value === 'true' : value.trim() !== '';
}

export function missingRequired(
  fields: OwnField[],
  values: Record<string, string | null>,
): OwnField[] {
  return fields.filter((f) => f.required && !isFilled(f, values[fieldKey(f.signableId, f.index)]));
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
    signature: Boolean(evidence?.signatureKey),
    paraph: Boolean(evidence?.paraphKey),
    fields: missingRequired(fields, values).length === 0,
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
