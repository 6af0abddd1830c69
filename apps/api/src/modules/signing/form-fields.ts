import { eq, sql } from 'drizzle-orm';
import { formFieldMessages, type SigningFormField } from '@paraaf/contract';
import type { DbOrTx } from '../../db/client.ts';
import { signableForms, signerEvidence, type signables } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { ForbiddenError, ValidationError } from '../../lib/errors.ts';
import {
  checkFormValue,
  isFormValueFilled,
  listFormFields,
  type FormField,
} from '../../lib/pdf/acroform.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import type { SignerRow } from '../sign-requests/signer-dto.ts';
import { listRequestSignables } from '../documents/documents.repository.ts';
import { assertSignerMayAct, ensureEvidence, resolveSigner } from './resolve-signer.ts';

type SignableRow = typeof signables.$inferSelect;

/** The key of a form value in signer_evidence.form_values. */
export const formKey = (signableId: number, name: string) => `${signableId}:${name}`;

/** Whether this signer fills in this document's PDF form (seed 000: allow_form_edit + forms_enabled). */
export function formsOpenFor(
  signer: Pick<SignerRow, 'allowFormEdit'>,
  signable: Pick<SignableRow, 'hasAcroforms' | 'settings' | 'fileDeletedAt'>,
): boolean {
  return (
    signer.allowFormEdit &&
    signable.hasAcroforms &&
    Boolean(signable.settings?.forms_enabled) &&
    !signable.fileDeletedAt
  );
}

/**
 * The fillable fields of a document's original PDF, read once and kept in signable_forms (the
 * original never changes; parallel first reads both insert, the second is ignored).
 */
export async function formFieldsOf(
  db: DbOrTx,
  storage: Storage,
  signable: Pick<SignableRow, 'id' | 'storageKey'>,
): Promise<FormField[]> {
  const [cached] = await db
    .select({ fields: signableForms.fields })
    .from(signableForms)
    .where(eq(signableForms.signableId, signable.id));
  if (cached) return cached.fields as FormField[];
  const fields = await listFormFields(await storage.get(signable.storageKey));
  await db.insert(signableForms).values({ signableId: signable.id, fields }).onConflictDoNothing();
  return fields;
}

/** What the signer's page shows: the PDF's fields with this signer's saved values. */
export function toSigningFormFields(
  signableId: number,
  fields: FormField[],
  values: Record<string, string | null>,
): SigningFormField[] {
  return fields.map((f) => {
    const key = formKey(signableId, f.name);
    return { ...f, value: key in values && !f.read_only ? (values[key] ?? null) : f.value };
  });
}

/** The form fields of the documents this signer fills in, per document id. */
export async function openForms(
  ctx: Pick<Ctx, 'db' | 'storage'>,
  signer: Pick<SignerRow, 'allowFormEdit'>,
  documents: Pick<
    SignableRow,
    'id' | 'storageKey' | 'hasAcroforms' | 'settings' | 'fileDeletedAt'
  >[],
): Promise<Map<number, FormField[]>> {
  const out = new Map<number, FormField[]>();
  for (const d of documents) {
    if (formsOpenFor(signer, d)) out.set(d.id, await formFieldsOf(ctx.db, ctx.storage, d));
  }
  return out;
}

/** Required form fields without a value (the saved one, else the PDF's), as error keys. */
export function missingFormFields(
  forms: Map<number, FormField[]>,
  values: Record<string, string | null>,
): string[] {
  const missing: string[] = [];
  for (const [signableId, fields] of forms) {
    for (const f of toSigningFormFields(signableId, fields, values)) {
      if (f.required && !f.read_only && !isFormValueFilled(f, f.value)) {
        missing.push(formKey(signableId, f.name));
      }
    }
  }
  return missing;
}

/**
 * PUT /api/signing/{token}/form-fields: saves values of the PDF's form fields. Only the signer
 * with allow_form_edit may (403 for another signer: the link is fine, the right is missing),
 * and only while the link is open (409 otherwise). Each refused item is a 422 on
 * `fields.{i}.value`: a field not in an open form of this request, a read-only field, a value
 * that is not one of the options, not 'true'/'false' for a checkbox, or over the max length.
 */
export async function saveFormFields(
  ctx: Ctx,
  token: string,
  input: { fields: { signable_id: number; name: string; value: string | null }[] },
): Promise<{ saved: number }> {
  const r = await resolveSigner(ctx, token, ctx.now());
  if (!r.signer.allowFormEdit) throw new ForbiddenError(formFieldMessages.notAllowed);
  assertSignerMayAct(r);
  const documents = await listRequestSignables(ctx.db, r.request.id);
  const forms = await openForms(ctx, r.signer, documents);
  const errors: Record<string, string[]> = {};
  const values: Record<string, string | null> = {};
  input.fields.forEach((item, i) => {
    const field = forms.get(item.signable_id)?.find((f) => f.name === item.name);
    const problem = field ? checkFormValue(field, item.value) : 'unknown';
    if (problem) errors[`fields.${i}.value`] = [formFieldMessages[problem]];
    else values[formKey(item.signable_id, item.name)] = item.value;
  });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  await ensureEvidence(ctx.db, r.signer.id);
  // Merged in one statement: parallel saves of different fields both stay.
  await ctx.db
    .update(signerEvidence)
    .set({
      formValues: sql`${signerEvidence.formValues} || ${JSON.stringify(values)}::jsonb`,
      updatedAt: ctx.now(),
    })
    .where(eq(signerEvidence.signerId, r.signer.id));
  return { saved: Object.keys(values).length };
}
