import {
  concatTransformationMatrix,
  PDFArray,
  PDFCheckBox,
  PDFDict,
  PDFDocument,
  PDFDropdown,
  PDFName,
  PDFOptionList,
  PDFRadioGroup,
  PDFNumber,
  PDFRef,
  PDFStream,
  PDFTextField,
  StandardFonts,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
  type PDFField,
  type PDFFont,
  type PDFPage,
  type PDFWidgetAnnotation,
} from 'pdf-lib';
import { drawableText, pageRectToShown, pageRotation } from './stamp.ts';

/**
 * The interactive form (AcroForm) of a PDF: reading its fields for the signer's page, and at
 * sealing filling in the values and flattening them into page content. Rectangles follow the
 * markers' convention: PDF points from the TOP-left corner of the page as shown (turned by
 * /Rotate), relative to the crop box, so the signer's inputs lie over the widgets as a PDF viewer
 * shows them.
 */

export type FormFieldKind = 'text' | 'checkbox' | 'radio' | 'dropdown' | 'optionlist';

export interface FormWidget {
  /** 1-based. */
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** For a radio button: the option this widget selects. */
  option?: string;
}

export interface FormField {
  /** Fully qualified name (`parent.child`). */
  name: string;
  kind: FormFieldKind;
  widgets: FormWidget[];
  /** Choices of a dropdown, option list or radio group; empty for others. */
  options: string[];
  /** Text, 'true'/'false' for a checkbox, the selected option, or null. */
  value: string | null;
  read_only: boolean;
  required: boolean;
  multiline: boolean;
  max_length: number | null;
}

const round = (n: number) => Math.round(n * 100) / 100;

function kindOf(field: PDFField): FormFieldKind | null {
  if (field instanceof PDFTextField) return 'text';
  if (field instanceof PDFCheckBox) return 'checkbox';
  if (field instanceof PDFRadioGroup) return 'radio';
  if (field instanceof PDFDropdown) return 'dropdown';
  if (field instanceof PDFOptionList) return 'optionlist';
  return null; // push buttons and signature fields are not filled in
}

/** The page of a widget: its /P entry, else the page whose /Annots holds it. */
function widgetPageIndex(
  doc: PDFDocument,
  pages: PDFPage[],
  widget: PDFWidgetAnnotation,
): number | null {
  const pageRef = widget.P();
  if (pageRef) {
    const i = pages.findIndex((p) => p.ref === pageRef);
    if (i >= 0) return i;
  }
  const ref = doc.context.getObjectRef(widget.dict);
  for (let i = 0; i < pages.length; i++) {
    const annots = pages[i]!.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    if (!annots) continue;
    for (let j = 0; j < annots.size(); j++) {
      const entry = annots.get(j);
      if ((ref && entry === ref) || annots.lookup(j) === widget.dict) return i;
    }
  }
  return null;
}

/** A widget's /Rect, normalised (some writers give the corners in another order). */
function widgetRect(widget: PDFWidgetAnnotation) {
  const r = widget.getRectangle();
  return {
    x: Math.min(r.x, r.x + r.width),
    y: Math.min(r.y, r.y + r.height),
    width: Math.abs(r.width),
    height: Math.abs(r.height),
  };
}

/** A widget's rectangle in our convention (top-left of the page as shown, crop box relative). */
export function widgetBox(page: PDFPage, widget: PDFWidgetAnnotation) {
  const box = pageRectToShown(page.getCropBox(), pageRotation(page), widgetRect(widget));
  return {
    x: round(box.x),
    y: round(box.y),
    width: round(box.width),
    height: round(box.height),
  };
}

type Matrix = [number, number, number, number, number, number];

function numbers(value: unknown, count: number): number[] | null {
  if (!(value instanceof PDFArray) || value.size() !== count) return null;
  const out = value.asArray().map((n) => (n instanceof PDFNumber ? n.asNumber() : NaN));
  return out.every(Number.isFinite) ? out : null;
}

/**
 * Where an appearance is drawn to show as a viewer shows it (PDF 32000 §12.5.5): its /BBox,
 * carried by its own /Matrix, is fitted onto the widget's /Rect. The matrix returned goes before
 * the `Do`, which applies the appearance's /Matrix itself. An appearance turned by its /Matrix
 * (as editors write them for widgets on turned pages) lands on the rectangle, not beside it.
 */
function appearancePlacement(
  appearance: PDFStream | undefined,
  rect: { x: number; y: number; width: number; height: number },
): Matrix {
  const bbox = numbers(appearance?.dict.lookup(PDFName.of('BBox')), 4) ?? [
    0,
    0,
    rect.width,
    rect.height,
  ];
  const [a, b, c, d, e, f] = (numbers(appearance?.dict.lookup(PDFName.of('Matrix')), 6) ?? [
    1, 0, 0, 1, 0, 0,
  ]) as Matrix;
  const [x0, y0, x1, y1] = bbox as [number, number, number, number];
  const corners = [
    [x0, y0],
    [x1, y0],
    [x0, y1],
    [x1, y1],
  ].map(([x, y]) => [a * x! + c * y! + e, b * x! + d * y! + f] as const);
  const minX = Math.min(...corners.map((p) => p[0]));
  const maxX = Math.max(...corners.map((p) => p[0]));
  const minY = Math.min(...corners.map((p) => p[1]));
  const maxY = Math.max(...corners.map((p) => p[1]));
  const sx = maxX > minX ? rect.width / (maxX - minX) : 1;
  const sy = maxY > minY ? rect.height / (maxY - minY) : 1;
  return [sx, 0, 0, sy, rect.x - minX * sx, rect.y - minY * sy];
}

function valueOf(field: PDFField): string | null {
  if (field instanceof PDFTextField) return field.getText() ?? null;
  if (field instanceof PDFCheckBox) return field.isChecked() ? 'true' : 'false';
  if (field instanceof PDFRadioGroup) return field.getSelected() ?? null;
  if (field instanceof PDFDropdown || field instanceof PDFOptionList) {
    return field.getSelected()[0] ?? null;
  }
  return null;
}

function optionsOf(field: PDFField): string[] {
  if (
    field instanceof PDFRadioGroup ||
    field instanceof PDFDropdown ||
    field instanceof PDFOptionList
  ) {
    return [...new Set(field.getOptions())];
  }
  return [];
}

function describe(doc: PDFDocument, pages: PDFPage[], field: PDFField): FormField | null {
  const kind = kindOf(field);
  if (!kind) return null;
  const radioOptions = field instanceof PDFRadioGroup ? field.getOptions() : [];
  const widgets: FormWidget[] = [];
  field.acroField.getWidgets().forEach((widget, i) => {
    const index = widgetPageIndex(doc, pages, widget);
    if (index === null) return;
    const box = widgetBox(pages[index]!, widget);
    if (!Number.isFinite(box.x + box.y + box.width + box.height)) return;
    const option = kind === 'radio' ? radioOptions[i] : undefined;
    widgets.push({ page: index + 1, ...box, ...(option !== undefined ? { option } : {}) });
  });
  if (widgets.length === 0) return null;
  const text = field instanceof PDFTextField ? field : null;
  return {
    name: field.getName(),
    kind,
    widgets,
    options: optionsOf(field),
    value: valueOf(field),
    read_only: field.isReadOnly(),
    required: field.isRequired(),
    multiline: text ? text.isMultiline() : false,
    max_length: text ? (text.getMaxLength() ?? null) : null,
  };
}

/** The fillable fields of a loaded document, in the form's order. Never throws. */
export function listFormFieldsOf(doc: PDFDocument): FormField[] {
  if (!doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict)) return [];
  let fields: PDFField[];
  try {
    fields = doc.getForm().getFields();
  } catch {
    return [];
  }
  const pages = doc.getPages();
  const out: FormField[] = [];
  const seen = new Set<string>();
  for (const field of fields) {
    try {
      const described = describe(doc, pages, field);
      if (described && !seen.has(described.name)) {
        seen.add(described.name);
        out.push(described);
      }
    } catch {
      // A damaged field is left out; the others are still listed.
    }
  }
  return out;
}

/** The fillable fields of a PDF file; [] for a file pdf-lib cannot parse. */
export async function listFormFields(bytes: Uint8Array): Promise<FormField[]> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
  } catch {
    return [];
  }
  return listFormFieldsOf(doc);
}

/**
 * Why a value cannot go into a field, or null when it can. `null` and '' clear a field.
 * Messages are keys for the caller to translate.
 */
export function checkFormValue(
  field: FormField,
  value: string | null,
): 'readOnly' | 'checkbox' | 'option' | 'tooLong' | null {
  if (field.read_only) return 'readOnly';
  if (value === null || value === '') return null;
  if (field.kind === 'checkbox') return value === 'true' || value === 'false' ? null : 'checkbox';
  if (field.kind === 'text') {
    if (field.max_length !== null && [...value].length > field.max_length) return 'tooLong';
    return null;
  }
  return field.options.includes(value) ? null : 'option';
}

/** Whether a required field counts as filled in. */
export function isFormValueFilled(field: FormField, value: string | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (field.kind === 'checkbox') return value === 'true';
  return value.trim() !== '';
}

/** Puts one value into a field; returns whether the field changed. */
function setValue(field: PDFField, value: string | null, font: PDFFont): boolean {
  if (field instanceof PDFTextField) {
    const lines = (value ?? '').split(/\r\n|\r|\n/).map((line) => drawableText(font, line));
    let text = field.isMultiline() ? lines.join('\n') : lines.join(' ');
    const max = field.getMaxLength();
    if (max !== undefined) text = text.slice(0, max);
    field.setText(text || undefined);
    if (field.isMultiline()) fitMultiline(field, text);
    return true;
  }
  if (field instanceof PDFCheckBox) {
    if (value === 'true') field.check();
    else field.uncheck();
    return true;
  }
  if (field instanceof PDFRadioGroup) {
    if (value && field.getOptions().includes(value)) field.select(value);
    else if (!value) field.clear();
    else return false;
    return true;
  }
  if (field instanceof PDFDropdown || field instanceof PDFOptionList) {
    if (value && field.getOptions().includes(value)) field.select(value);
    else if (!value) field.clear();
    else return false;
    return true;
  }
  return false;
}

/**
 * pdf-lib draws multiline text at the appearance's font size (or badly auto-sized for `0 Tf`),
 * clipping lines that do not fit: shrink each widget's size so that every line fits.
 */
function fitMultiline(field: PDFTextField, text: string): void {
  const lines = Math.max(1, text.split('\n').length);
  const fieldDa = field.acroField.getDefaultAppearance() ?? '';
  for (const widget of field.acroField.getWidgets()) {
    const da = widget.getDefaultAppearance() ?? fieldDa;
    const match = /([\d.]+)(\s+Tf)/.exec(da);
    const current = match ? Number(match[1]) : 0;
    const height = Math.abs(widget.getRectangle().height);
    const fit = Math.max(6, Math.min(12, Math.floor((height / (lines * 1.25)) * 2) / 2));
    if (current > 0 && current <= fit) continue;
    const next = match ? da.replace(match[0], `${fit}${match[2]}`) : `${da} /Helv ${fit} Tf`;
    widget.setDefaultAppearance(next);
  }
}

function hasAppearance(widget: PDFWidgetAnnotation): boolean {
  try {
    widget.getNormalAppearance();
    return true;
  } catch {
    return false;
  }
}

/** The appearance stream a widget shows now (a checkbox's or radio's state picks the stream). */
function appearanceRef(field: PDFField, widget: PDFWidgetAnnotation): PDFRef | null {
  let ap: PDFRef | PDFDict;
  try {
    ap = widget.getNormalAppearance();
  } catch {
    return null;
  }
  if (ap instanceof PDFDict) {
    const state = widget.getAppearanceState();
    const pick =
      (state && ap.get(state)) ??
      (field instanceof PDFCheckBox || field instanceof PDFRadioGroup
        ? ap.get(PDFName.of('Off'))
        : undefined);
    return pick instanceof PDFRef ? pick : null;
  }
  return ap;
}

/**
 * Fills in the values (`name` → value; names not in the form are ignored) and flattens the whole
 * form: every widget's appearance becomes page content and the fields, their widgets and the
 * AcroForm itself are removed, so nothing in the document can be edited any more. Characters
 * Helvetica cannot draw are replaced like the stamps do. Never throws for a loaded document.
 */
export async function fillAndFlatten(
  doc: PDFDocument,
  values: Map<string, string | null>,
): Promise<void> {
  if (!doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict)) return;
  let fields: PDFField[];
  try {
    fields = doc.getForm().getFields();
  } catch {
    fields = [];
  }
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pages = doc.getPages();
  for (const field of fields) {
    try {
      const name = field.getName();
      const widgets = field.acroField.getWidgets();
      let changed = false;
      if (values.has(name) && !field.isReadOnly()) {
        changed = setValue(field, values.get(name) ?? null, font);
      }
      if (changed || widgets.some((w) => !hasAppearance(w))) {
        if (
          field instanceof PDFTextField ||
          field instanceof PDFDropdown ||
          field instanceof PDFOptionList
        ) {
          field.updateAppearances(font);
        } else if (field instanceof PDFCheckBox || field instanceof PDFRadioGroup) {
          field.updateAppearances();
        }
      }
    } catch {
      // A field that cannot be filled keeps what it shows.
    }
    for (const widget of safeWidgets(field)) {
      try {
        const index = widgetPageIndex(doc, pages, widget);
        const ref = appearanceRef(field, widget);
        if (index === null || !ref || isHidden(widget)) continue;
        const page = pages[index]!;
        const appearance = doc.context.lookupMaybe(ref, PDFStream);
        const key = page.node.newXObject('FlatWidget', ref);
        page.pushOperators(
          pushGraphicsState(),
          concatTransformationMatrix(...appearancePlacement(appearance, widgetRect(widget))),
          drawObject(key),
          popGraphicsState(),
        );
      } catch {
        // Drawn as far as possible; the widget is removed below either way.
      }
    }
  }
  removeAllWidgets(doc);
  doc.catalog.delete(PDFName.of('AcroForm'));
}

function safeWidgets(field: PDFField): PDFWidgetAnnotation[] {
  try {
    return field.acroField.getWidgets();
  } catch {
    return [];
  }
}

/** Annotation flag 2 (Hidden): the widget is not shown, so it is not drawn either. */
function isHidden(widget: PDFWidgetAnnotation): boolean {
  return (widget.getFlags() & 2) !== 0;
}

/** Removes every widget annotation from every page: no field can be edited afterwards. */
function removeAllWidgets(doc: PDFDocument): void {
  for (const page of doc.getPages()) {
    const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    if (!annots) continue;
    for (let j = annots.size() - 1; j >= 0; j--) {
      const annot = annots.lookup(j);
      const subtype = annot instanceof PDFDict ? annot.get(PDFName.of('Subtype')) : undefined;
      if (subtype === PDFName.of('Widget')) annots.remove(j);
    }
  }
}
