import type { CSSProperties } from 'react';
import type { SigningDocument, SigningField, SigningMarker } from '@paraaf/contract';
import { markerPercent } from '../lib/geometry';
import { fieldInputId, markerId, readingOrder } from '../lib/walk';
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
  /** A signature or paraaf box was activated: the page shows where to draw it. */
  onMarker: (kind: 'signature' | 'paraph') => void;
  disabled: boolean;
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
  const kind = t(field.type === 'checkbox' ? 'fields.checkbox' : 'fields.text');
  return (
    t('fields.fieldOf', { kind, n, page: field.page, name: signerName }) +
    (field.required ? ` (${t('fields.required')})` : '')
  );
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
  const fields = doc.fields.filter((f) => f.page === page).sort(readingOrder);
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
          <FieldInput
            key={`field-${item.field.index}`}
            {...props}
            field={item.field}
            n={item.n}
            scale={scale}
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

function FieldInput({
  doc,
  field,
  n,
  t,
  signerName,
  scale,
  values,
  errors,
  onValue,
  disabled,
}: PageOverlayProps & { field: SigningField; n: number; scale: number }) {
  const key = fieldKey(doc.id, field.index);
  const value = values[key] ?? null;
  const error = errors[key];
  const label = fieldLabel(t, field, n, signerName);
  const common = {
    id: fieldInputId(doc.id, field.index),
    'aria-label': label,
    'aria-required': field.required,
    'aria-invalid': Boolean(error),
    disabled,
  };
  const frame: CSSProperties = {
    ...place(field, doc),
    outline: error
      ? '2px solid var(--mantine-color-red-6)'
      : '2px solid var(--mantine-color-blue-5)',
    background: 'rgba(231, 245, 255, 0.85)',
    borderRadius: 3,
  };
  if (field.type === 'checkbox') {
    return (
      <div style={{ ...frame, display: 'grid', placeItems: 'center' }} title={error ?? label}>
        <input
          {...common}
          type="checkbox"
          checked={value === 'true'}
          onChange={(e) => onValue(key, e.currentTarget.checked ? 'true' : 'false')}
          style={{ width: '80%', height: '80%', minWidth: 14, minHeight: 14, margin: 0 }}
        />
      </div>
    );
  }
  return (
    <input
      {...common}
      type="text"
      title={error ?? label}
      placeholder={field.required ? '*' : ''}
      value={value ?? ''}
      maxLength={1000}
      onChange={(e) => onValue(key, e.currentTarget.value)}
      style={{
        ...frame,
        border: 'none',
        padding: '0 4px',
        boxSizing: 'border-box',
        fontSize: Math.max(12, Math.min(18, field.height * scale * 0.6)),
        color: '#111',
      }}
    />
  );
}
