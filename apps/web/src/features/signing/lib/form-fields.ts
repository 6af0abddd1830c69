import type { SigningDocument, SigningFormField } from '@paraaf/contract';
import { markerPercent, type CssBox } from './geometry';

/** The key of a PDF form value on the page (never equal to an input field's `${id}:${index}`). */
export const formKey = (signableId: number, name: string) => `form:${signableId}:${name}`;

/** Form fields the signer fills in: read-only ones show in the PDF itself. */
export const editableFormFields = (doc: SigningDocument): SigningFormField[] =>
  doc.form_fields.filter((f) => !f.read_only);

export interface PlacedWidget {
  field: SigningFormField;
  /** Which of the field's widgets (a radio group has one per option). */
  n: number;
  option?: string;
  /** Position over the page in percent of its width and height. */
  box: CssBox;
}

/** The widgets of the signer's form fields on one page (1-based), placed like the markers. */
export function formWidgetsOnPage(doc: SigningDocument, page: number): PlacedWidget[] {
  const size = doc.pages[page - 1];
  if (!size) return [];
  const out: PlacedWidget[] = [];
  for (const field of editableFormFields(doc)) {
    field.widgets.forEach((w, n) => {
      if (w.page !== page) return;
      out.push({ field, n, option: w.option, box: markerPercent(w, size) });
    });
  }
  return out;
}

/** The values the page starts with: what the signer saved, else the PDF's own. */
export function initialFormValues(documents: SigningDocument[]): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const d of documents) {
    for (const f of editableFormFields(d)) out[formKey(d.id, f.name)] = f.value;
  }
  return out;
}

export function isFormFilled(field: SigningFormField, value: string | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  return field.kind === 'checkbox' ? value === 'true' : value.trim() !== '';
}

/** Required form fields without a value. */
export function missingFormFields(
  documents: SigningDocument[],
  values: Record<string, string | null>,
): { doc: SigningDocument; field: SigningFormField }[] {
  return documents.flatMap((doc) =>
    editableFormFields(doc)
      .filter(
        (field) => field.required && !isFormFilled(field, values[formKey(doc.id, field.name)]),
      )
      .map((field) => ({ doc, field })),
  );
}

/** The body of PUT /api/signing/{token}/form-fields for every editable field. */
export function formPayload(
  documents: SigningDocument[],
  values: Record<string, string | null>,
): { signable_id: number; name: string; value: string | null }[] {
  return documents.flatMap((doc) =>
    editableFormFields(doc).map((f) => ({
      signable_id: doc.id,
      name: f.name,
      value: values[formKey(doc.id, f.name)] ?? null,
    })),
  );
}

/** The DOM id of a form field's first input (to scroll to and focus). */
export const formInputId = (signableId: number, name: string, n = 0) =>
  `form-${signableId}-${name.replace(/[^\w-]/g, '_')}-${n}`;
