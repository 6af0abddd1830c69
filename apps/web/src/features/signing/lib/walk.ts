import { isFieldValueGiven, resolveFields, type SigningDocument } from '@paraaf/contract';
import { editableFormFields, formInputId, formKey, isFormFilled } from './form-fields';

/** DOM ids of what lies over the pages, so the walk, the labels and the approve button agree. */
export const fieldInputId = (signableId: number, index: number) => `field-${signableId}-${index}`;
/** A page's frame, in the page view or the reading view (for 'Ga naar pagina', the zoom's anchor). */
export const pageFrameId = (docId: number, page: number) => `doc-${docId}-page-${page}`;
export const markerId = (signableId: number, kind: 'signature' | 'paraph', index: number) =>
  `marker-${signableId}-${kind}-${index}`;

export type WalkKind = 'field' | 'signature' | 'paraph' | 'form';

/** One stop of 'Volgende veld': an input field, a signature or paraaf box, or a form field. */
export interface WalkItem {
  /** The DOM id of the control to focus. */
  id: string;
  kind: WalkKind;
  docId: number;
  page: number;
  x: number;
  y: number;
  /** Must be done before approving (signature and paraaf boxes always are). */
  required: boolean;
  done: boolean;
  /** The key into the field or form values, for fields. */
  key?: string;
  /** 1-based number of the input field on its page (as its label says). */
  n?: number;
  name?: string;
}

export interface WalkState {
  /** Field values by `${signableId}:${index}`. */
  values: Record<string, string | null | undefined>;
  formValues: Record<string, string | null | undefined>;
  hasSignature: boolean;
  hasParaph: boolean;
}

/**
 * Everything of this signer over the documents, in reading order: document by document, page by
 * page, top to bottom, then left to right (boxes whose tops are within a few points count as one
 * line).
 */
export function walkItems(documents: SigningDocument[], state: WalkState): WalkItem[] {
  const out: WalkItem[] = [];
  for (const d of documents) {
    const items: WalkItem[] = [];
    const perPage = new Map<number, number>();
    // Hidden fields (a condition) and read-only ones (a label, a formula) are no stops.
    const resolved = resolveFields(
      d.fields,
      new Map(d.fields.map((f) => [f.index, state.values[`${d.id}:${f.index}`] ?? null])),
    );
    const stops = d.fields.filter(
      (f) => resolved.visible.has(f.index) && f.type !== 'label' && f.type !== 'formula',
    );
    for (const f of stops.sort(readingOrder)) {
      const n = (perPage.get(f.page) ?? 0) + 1;
      perPage.set(f.page, n);
      const key = `${d.id}:${f.index}`;
      const v = state.values[key];
      items.push({
        id: fieldInputId(d.id, f.index),
        kind: 'field',
        docId: d.id,
        page: f.page,
        x: f.x,
        y: f.y,
        required: resolved.required.has(f.index),
        done: isFieldValueGiven(f.type, v),
        key,
        n,
      });
    }
    for (const m of d.signature_markers) {
      items.push({
        id: markerId(d.id, 'signature', m.index),
        kind: 'signature',
        docId: d.id,
        page: m.page,
        x: m.x,
        y: m.y,
        required: true,
        done: state.hasSignature,
      });
    }
    for (const m of d.paraph_markers) {
      items.push({
        id: markerId(d.id, 'paraph', m.index),
        kind: 'paraph',
        docId: d.id,
        page: m.page,
        x: m.x,
        y: m.y,
        required: true,
        done: state.hasParaph,
      });
    }
    for (const f of editableFormFields(d)) {
      const w = f.widgets[0];
      if (!w) continue;
      const key = formKey(d.id, f.name);
      items.push({
        id: formInputId(d.id, f.name),
        kind: 'form',
        docId: d.id,
        page: w.page,
        x: w.x,
        y: w.y,
        required: f.required,
        done: isFormFilled(f, state.formValues[key]),
        key,
        name: f.name,
      });
    }
    out.push(...items.sort(readingOrder));
  }
  return out;
}

/** Boxes whose tops are this many points apart or less stand on one line. */
const LINE = 4;
export function readingOrder(a: { page: number; x: number; y: number }, b: typeof a): number {
  if (a.page !== b.page) return a.page - b.page;
  if (Math.abs(a.y - b.y) > LINE) return a.y - b.y;
  return a.x - b.x;
}

/** What is still to do before approving, in reading order. */
export const remaining = (items: WalkItem[]) => items.filter((i) => i.required && !i.done);

/**
 * The stop after the one whose id is `currentId` (the focused control), or the first when the
 * focus is elsewhere; after the last it starts again at the first. Null when there is none.
 */
export function nextItem(items: WalkItem[], currentId: string | null): WalkItem | null {
  if (items.length === 0) return null;
  const at = currentId ? items.findIndex((i) => i.id === currentId) : -1;
  return items[(at + 1) % items.length] ?? null;
}
