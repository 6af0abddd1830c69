import type { CSSProperties } from 'react';
import type { SigningDocument, SigningField, SigningMarker } from '@paraaf/contract';
import { markerPercent } from '../lib/geometry';
import type { Translate } from '../texts';

export const fieldKey = (signableId: number, index: number) => `${signableId}:${index}`;

interface PageOverlayProps {
  doc: SigningDocument;
  page: number;
  t: Translate;
  /** Rendered page width in CSS pixels (for the size of the text in inputs). */
  width: number;
  signatureImage: string | null;
  paraphImage: string | null;
  values: Record<string, string | null>;
  errors: Record<string, string>;
  onValue: (key: string, value: string | null) => void;
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

/** This signer's markers and input fields over one page. */
export function PageOverlay(props: PageOverlayProps) {
  const { doc, page, t } = props;
  const pageSize = doc.pages[page - 1] ?? { width: 595, height: 842 };
  const scale = props.width > 0 ? props.width / pageSize.width : 1;
  const markers = [
    ...doc.signature_markers
      .filter((m) => m.page === page)
      .map((m) => ({ m, kind: 'signature' as const, image: props.signatureImage })),
    ...doc.paraph_markers
      .filter((m) => m.page === page)
      .map((m) => ({ m, kind: 'paraph' as const, image: props.paraphImage })),
  ];
  const fields = doc.fields.filter((f) => f.page === page);
  return (
    <>
      {markers.map(({ m, kind, image }) => (
        <div
          key={`${kind}-${m.index}`}
          data-testid={`marker-${kind}`}
          style={{
            ...place(m, doc),
            border: image ? '1px dashed var(--mantine-color-teal-5)' : '2px solid #e8a400',
            background: image ? 'transparent' : 'rgba(255, 212, 59, 0.35)',
            borderRadius: 4,
            display: 'grid',
            placeItems: 'center',
            pointerEvents: 'none',
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
              style={{
                fontSize: Math.max(9, Math.min(14, 11 * scale)),
                fontWeight: 600,
                color: '#7a5600',
              }}
            >
              {t(kind === 'signature' ? 'marker.signature' : 'marker.paraph')}
            </span>
          )}
        </div>
      ))}
      {fields.map((f, n) => (
        <FieldInput key={`field-${f.index}`} {...props} field={f} n={n + 1} scale={scale} />
      ))}
    </>
  );
}

function FieldInput({
  doc,
  field,
  n,
  t,
  scale,
  values,
  errors,
  onValue,
  disabled,
}: PageOverlayProps & { field: SigningField; n: number; scale: number }) {
  const key = fieldKey(doc.id, field.index);
  const value = values[key] ?? null;
  const error = errors[key];
  const label =
    t('fields.field', { n, page: field.page }) +
    (field.required ? ` (${t('fields.required')})` : '');
  const common = {
    id: `field-${doc.id}-${field.index}`,
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
