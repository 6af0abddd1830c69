import type { CSSProperties } from 'react';
import type { SigningDocument } from '@paraaf/contract';
import { formInputId, formKey, formWidgetsOnPage, type PlacedWidget } from '../lib/form-fields';
import type { Translate } from '../texts';

interface FormOverlayProps {
  doc: SigningDocument;
  page: number;
  t: Translate;
  /** Rendered page width in CSS pixels (for the size of the text in inputs). */
  width: number;
  values: Record<string, string | null>;
  errors: Record<string, string>;
  onValue: (key: string, value: string | null) => void;
  /** A value is final (a choice made, a text field left): the page saves it. */
  onCommit: (key: string, value: string | null) => void;
  disabled: boolean;
}

/** The PDF's own form fields on one page, as inputs over their widgets. */
export function FormOverlay(props: FormOverlayProps) {
  const { doc, page } = props;
  const pageSize = doc.pages[page - 1] ?? { width: 595, height: 842 };
  const scale = props.width > 0 ? props.width / pageSize.width : 1;
  const placed = formWidgetsOnPage(doc, page);
  const radios = new Map<string, PlacedWidget[]>();
  const others: PlacedWidget[] = [];
  for (const w of placed) {
    if (w.field.kind === 'radio')
      radios.set(w.field.name, [...(radios.get(w.field.name) ?? []), w]);
    else others.push(w);
  }
  return (
    <>
      {others.map((w) => (
        <FormInput key={`${w.field.name}-${w.n}`} {...props} widget={w} scale={scale} />
      ))}
      {[...radios.entries()].map(([name, widgets]) => (
        <div key={name} role="radiogroup" aria-label={label(props.t, widgets[0]!)}>
          {widgets.map((w) => (
            <FormInput key={`${name}-${w.n}`} {...props} widget={w} scale={scale} />
          ))}
        </div>
      ))}
    </>
  );
}

function label(t: Translate, w: PlacedWidget): string {
  return (
    t('form.field', { name: w.field.name }) + (w.field.required ? ` (${t('fields.required')})` : '')
  );
}

function FormInput({
  doc,
  widget,
  t,
  scale,
  values,
  errors,
  onValue,
  onCommit,
  disabled,
}: FormOverlayProps & { widget: PlacedWidget; scale: number }) {
  const { field, box } = widget;
  const key = formKey(doc.id, field.name);
  const value = values[key] ?? null;
  const error = errors[key];
  const fieldLabel = label(t, widget);
  const common = {
    id: formInputId(doc.id, field.name, widget.n),
    'aria-invalid': Boolean(error),
    disabled,
  };
  const frame: CSSProperties = {
    position: 'absolute',
    left: `${box.left}%`,
    top: `${box.top}%`,
    width: `${box.width}%`,
    height: `${box.height}%`,
    outline: error
      ? '2px solid var(--mantine-color-red-6)'
      : '2px solid var(--mantine-color-violet-5)',
    background: 'rgba(243, 240, 255, 0.92)',
    borderRadius: 2,
    boxSizing: 'border-box',
  };
  const heightPx = (field.widgets[widget.n]?.height ?? 20) * scale;
  const fontSize = Math.max(11, Math.min(16, (field.multiline ? 14 : heightPx * 0.6) || 12));
  const textStyle: CSSProperties = {
    ...frame,
    border: 'none',
    padding: '0 3px',
    fontSize,
    color: '#111',
    fontFamily: 'inherit',
  };

  if (field.kind === 'checkbox' || field.kind === 'radio') {
    const isRadio = field.kind === 'radio';
    const checked = isRadio ? value === widget.option : value === 'true';
    return (
      <div style={{ ...frame, display: 'grid', placeItems: 'center' }} title={error ?? fieldLabel}>
        <input
          {...common}
          type={isRadio ? 'radio' : 'checkbox'}
          name={isRadio ? `form-${doc.id}-${field.name}` : undefined}
          aria-label={isRadio ? (widget.option ?? '') : fieldLabel}
          aria-required={field.required}
          checked={checked}
          onChange={(e) => {
            const next = isRadio
              ? (widget.option ?? null)
              : e.currentTarget.checked
                ? 'true'
                : 'false';
            onValue(key, next);
            onCommit(key, next);
          }}
          style={{ width: '85%', height: '85%', minWidth: 12, minHeight: 12, margin: 0 }}
        />
      </div>
    );
  }
  if (field.kind === 'dropdown' || field.kind === 'optionlist') {
    return (
      <select
        {...common}
        aria-label={fieldLabel}
        aria-required={field.required}
        title={error ?? fieldLabel}
        value={value ?? ''}
        onChange={(e) => {
          const next = e.currentTarget.value || null;
          onValue(key, next);
          onCommit(key, next);
        }}
        style={{ ...textStyle, padding: 0 }}
      >
        <option value="">{t('form.choose')}</option>
        {field.options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  }
  const text = {
    ...common,
    'aria-label': fieldLabel,
    'aria-required': field.required,
    title: error ?? fieldLabel,
    placeholder: field.required ? '*' : '',
    value: value ?? '',
    maxLength: field.max_length ?? 10_000,
    onBlur: () => onCommit(key, value),
  };
  return field.multiline ? (
    <textarea
      {...text}
      onChange={(e) => onValue(key, e.currentTarget.value)}
      style={{ ...textStyle, resize: 'none', padding: 3 }}
    />
  ) : (
    <input
      {...text}
      type="text"
      onChange={(e) => onValue(key, e.currentTarget.value)}
      style={textStyle}
    />
  );
}
