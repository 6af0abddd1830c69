import type { CSSProperties } from 'react';
import {
  resolveFields,
  type SigningDocument,
  type SigningField,
  type SigningMarker,
} from '@paraaf/contract';
import { FieldInput } from './field-input';
import { markerPercent } from '../lib/geometry';
import { markerId, readingOrder } from '../lib/walk';
import type { Translate } from '../texts';

export const fieldKey = (signableId: number, index: number) => `${signableId}:${index}`;

interface PageOverlayProps {
  doc: SigningDocument;
  page: number;
  t: Translate;
  /** The signer's name, for labels that say whose a field is. */
  signerName: string;
  /** Rendered page width in CSS pixels (for the size of the text in inputs). */
  width: number;
  signatureImage: string | null;
  paraphImage: string | null;
  values: Record<string, string | null>;
  errors: Record<string, string>;
  onValue: (key: string, value: string | null) => void;
  /** An attachment field's file was chosen: upload it. */
  onAttach: (key: string, index: number, file: File) => Promise<void>;
  /** A signature or paraaf box was activated: the page shows where to draw it. */
  onMarker: (kind: 'signature' | 'paraph') => void;
  disabled: boolean;
}

/** Which of the document's fields show, which are required, and the formulas' values. */
export function resolveDocumentFields(
  doc: Pick<SigningDocument, 'id' | 'fields'>,
  values: Record<string, string | null>,
) {
  return resolveFields(
    doc.fields,
    new Map(doc.fields.map((f) => [f.index, values[fieldKey(doc.id, f.index)] ?? null])),
  );
}

function place(marker: SigningMarker, doc: SigningDocument): CSSProperties {
  const size = doc.pages[marker.page - 1] ?? { width: 595, height: 842 };
  const box = markerPercent(marker, size);
  return {
    position: 'absolute',
    left: `${box.left}%`,
    top: `${box.top}%`,
    width: `${box.width}%`,
    height: `${box.height}%`,
  };
}

/** The label of an input field: what it is, where, and whose. */
export function fieldLabel(
  t: Translate,
  field: Pick<SigningField, 'type' | 'page' | 'required'>,
  n: number,
  signerName: string,
): string {
  const kind = t(`fields.${field.type}`);
  return (
    t('fields.fieldOf', { kind, n, page: field.page, name: signerName }) +
    (field.required ? ` (${t('fields.required')})` : '')
  );
}

/** Points free below a box's top: down to the nearest box under it (overlapping in x) or the foot. */
function roomBelow(
  box: { x: number; y: number; width: number; height: number },
  items: { m: { x: number; y: number; width: number } }[],
  pageHeight: number,
): number {
  let room = pageHeight - box.y;
  for (const { m } of items) {
    if (m === box || m.y <= box.y || m.x >= box.x + box.width || m.x + m.width <= box.x) continue;
    room = Math.min(room, m.y - box.y);
  }
  return Math.max(box.height, room - 2);
}

/**
 * This signer's markers and input fields over one page, in the page's reading order (so Tab and
 * a screen reader meet them as the eye does). Signature and paraaf boxes are buttons that say
 * whose they are and whether they are set.
 */
export function PageOverlay(props: PageOverlayProps) {
  const { doc, page } = props;
  const pageSize = doc.pages[page - 1] ?? { width: 595, height: 842 };
  const scale = props.width > 0 ? props.width / pageSize.width : 1;
  // Conditions and formulas over the whole document, as the server applies them.
  const resolved = resolveDocumentFields(doc, props.values);
  const fields = doc.fields
    .filter((f) => f.page === page && resolved.visible.has(f.index))
    .sort(readingOrder);
  const items = [
    ...doc.signature_markers
      .filter((m) => m.page === page)
      .map((m) => ({ m, kind: 'signature' as const, image: props.signatureImage })),
    ...doc.paraph_markers
      .filter((m) => m.page === page)
      .map((m) => ({ m, kind: 'paraph' as const, image: props.paraphImage })),
    ...fields.map((f, n) => ({ m: f, kind: 'field' as const, field: f, n: n + 1 })),
  ].sort((a, b) => readingOrder(a.m, b.m));
  return (
    <>
      {items.map((item) =>
        item.kind === 'field' ? (
          <OverlayField
            key={`field-${item.field.index}`}
            {...props}
            field={item.field}
            n={item.n}
            scale={scale}
            resolved={resolved}
            roomBelow={roomBelow(item.field, items, pageSize.height)}
          />
        ) : (
          <MarkerBox
            key={`${item.kind}-${item.m.index}`}
            {...props}
            marker={item.m}
            kind={item.kind}
            image={item.image}
            scale={scale}
          />
        ),
      )}
    </>
  );
}

function MarkerBox({
  doc,
  t,
  signerName,
  marker,
  kind,
  image,
  scale,
  onMarker,
}: PageOverlayProps & {
  marker: SigningMarker;
  kind: 'signature' | 'paraph';
  image: string | null;
  scale: number;
}) {
  const label = `${t(kind === 'signature' ? 'marker.signatureOf' : 'marker.paraphOf', {
    name: signerName,
  })}, ${t(image ? 'marker.placed' : 'marker.todo')}`;
  return (
    <div
      data-testid={`marker-${kind}`}
      style={{
        ...place(marker, doc),
        border: image ? '1px dashed var(--mantine-color-teal-5)' : '2px solid #e8a400',
        background: image ? 'transparent' : 'rgba(255, 212, 59, 0.35)',
        borderRadius: 4,
        display: 'grid',
        placeItems: 'center',
      }}
    >
      {image ? (
        <img
          src={image}
          alt={t(kind === 'signature' ? 'pad.yourSignature' : 'pad.yourParaph')}
          style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
        />
      ) : (
        <span
          aria-hidden
          style={{
            fontSize: Math.max(9, Math.min(14, 11 * scale)),
            fontWeight: 600,
            color: '#7a5600',
          }}
        >
          {t(kind === 'signature' ? 'marker.signature' : 'marker.paraph')}
        </span>
      )}
      <button
        type="button"
        id={markerId(doc.id, kind, marker.index)}
        aria-label={label}
        title={label}
        onClick={() => onMarker(kind)}
        style={{
          position: 'absolute',
          inset: 0,
          background: 'transparent',
          border: 'none',
          padding: 0,
          cursor: 'pointer',
        }}
      />
    </div>
  );
}

function OverlayField({
  doc,
  field,
  n,
  t,
  signerName,
  scale,
  values,
  errors,
  onValue,
  onAttach,
  disabled,
  resolved,
  roomBelow,
}: PageOverlayProps & {
  field: SigningField;
  n: number;
  scale: number;
  resolved: ReturnType<typeof resolveDocumentFields>;
  roomBelow: number;
}) {
  const key = fieldKey(doc.id, field.index);
  const shown = field.type === 'formula' ? resolved.values.get(field.index) : values[key];
  const required = resolved.required.has(field.index);
  return (
    <FieldInput
      docId={doc.id}
      field={{ ...field, required }}
      frame={place(field, doc)}
      label={fieldLabel(t, { ...field, required }, n, signerName)}
      t={t}
      scale={scale}
      value={shown ?? null}
      error={errors[key]}
      disabled={disabled}
      onValue={(value) => onValue(key, value)}
      onAttach={(file) => onAttach(key, field.index, file)}
      roomBelow={roomBelow}
    />
  );
}
