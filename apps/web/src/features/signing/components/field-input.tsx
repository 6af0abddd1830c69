import { useRef, useState, type CSSProperties } from 'react';
import {
  displayFieldValue,
  parseAttachmentValue,
  parseChoiceList,
  type SigningField,
} from '@paraaf/contract';
import { choiceLayout } from '../lib/choice-layout';
import { fieldInputId } from '../lib/walk';
import type { Translate } from '../texts';

export interface FieldInputProps {
  docId: number;
  field: SigningField;
  /** The field's box over the page (absolute, in % of the page). */
  frame: CSSProperties;
  label: string;
  t: Translate;
  /** Rendered page width / page width in points. */
  scale: number;
  /** The value to show (a formula: computed on the page as the server will). */
  value: string | null;
  error: string | undefined;
  disabled: boolean;
  onValue: (value: string | null) => void;
  /** Uploads an attachment's file; resolves with the stored value to show. */
  onAttach: (file: File) => Promise<void>;
  /** Points free from the field's top down to the next field or the page's foot. */
  roomBelow?: number;
}

const INPUT_TYPES: Partial<Record<SigningField['type'], { type: string; inputMode?: string }>> = {
  email: { type: 'email', inputMode: 'email' },
  phone: { type: 'tel', inputMode: 'tel' },
  number: { type: 'text', inputMode: 'decimal' },
  date: { type: 'date' },
};

/**
 * One input field of the signer over the page, by its type: a text-like input (text, e-mail,
 * phone, initials, a number with a Dutch comma, a date picker), a select, radio buttons, a group
 * of checkboxes, a file button, or read-only text (a label, a computed number).
 */
export function FieldInput(props: FieldInputProps) {
  const { field, frame, label, t, value, error, disabled, onValue, scale } = props;
  const id = fieldInputId(props.docId, field.index);
  const o = field.options;
  const fontSize = Math.max(11, Math.min(18, Math.min(field.height, 30) * scale * 0.6));
  const common = {
    id,
    'aria-label': label,
    'aria-required': field.required,
    'aria-invalid': Boolean(error),
    disabled,
  };
  const box: CSSProperties = {
    ...frame,
    outline: error
      ? '2px solid var(--mantine-color-red-6)'
      : '2px solid var(--mantine-color-blue-5)',
    background: 'rgba(231, 245, 255, 0.85)',
    borderRadius: 3,
    boxSizing: 'border-box',
    fontSize,
    color: '#111',
  };
  const placeholder = o.placeholder ?? (field.required ? '*' : '');

  if (field.type === 'checkbox') {
    return (
      <div style={{ ...box, display: 'grid', placeItems: 'center' }} title={error ?? label}>
        <input
          {...common}
          type="checkbox"
          checked={value === 'true'}
          onChange={(e) => onValue(e.currentTarget.checked ? 'true' : 'false')}
          style={{ width: '80%', height: '80%', minWidth: 14, minHeight: 14, margin: 0 }}
        />
      </div>
    );
  }
  if (field.type === 'label' || field.type === 'formula') {
    const shown = displayFieldValue(field, value) ?? '';
    return (
      <output
        id={id}
        aria-label={label}
        data-testid={`field-${field.type}`}
        style={{
          ...box,
          outline: '1px dashed var(--mantine-color-gray-5)',
          background: 'rgba(248, 249, 250, 0.9)',
          display: 'flex',
          alignItems: 'center',
          padding: '0 4px',
          overflow: 'hidden',
          lineHeight: 1.15,
        }}
      >
        {shown}
      </output>
    );
  }
  if (field.type === 'dropdown') {
    return (
      <select
        {...common}
        title={error ?? label}
        value={value ?? ''}
        onChange={(e) => onValue(e.currentTarget.value || null)}
        style={{ ...box, border: 'none', padding: '0 2px' }}
      >
        <option value="">{o.placeholder ?? t('fields.choose')}</option>
        {(o.choices ?? []).map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    );
  }
  if (field.type === 'radio' || field.type === 'checkbox_group') {
    const chosen = field.type === 'radio' ? [value ?? ''] : parseChoiceList(value);
    const toggle = (c: string, on: boolean) => {
      if (field.type === 'radio') return onValue(c);
      const next = (o.choices ?? []).filter((x) => (x === c ? on : chosen.includes(x)));
      onValue(next.length ? JSON.stringify(next) : null);
    };
    const layout = choiceLayout(
      o.choices?.length ?? 0,
      field.width * scale,
      field.height * scale,
      (props.roomBelow ?? field.height) * scale,
    );
    return (
      <div
        id={id}
        role={field.type === 'radio' ? 'radiogroup' : 'group'}
        aria-label={label}
        aria-required={field.required}
        aria-invalid={Boolean(error)}
        title={error ?? label}
        data-testid={`choices-${field.index}`}
        style={{
          ...box,
          // Grown below the sender's box into free room when its options would be too small.
          height: layout.groupHeight,
          fontSize: layout.fontSize,
          background: 'rgba(231, 245, 255, 0.95)',
          display: 'flex',
          flexDirection: layout.row ? 'row' : 'column',
          flexWrap: 'wrap',
          padding: '0 4px',
          columnGap: 12,
        }}
      >
        {(o.choices ?? []).map((c) => (
          <label
            key={c}
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: 8,
              flex: '1 1 auto',
              minHeight: layout.rowHeight,
              lineHeight: 1.2,
              cursor: disabled ? undefined : 'pointer',
            }}
          >
            <input
              type={field.type === 'radio' ? 'radio' : 'checkbox'}
              name={id}
              value={c}
              checked={chosen.includes(c)}
              disabled={disabled}
              onChange={(e) => toggle(c, e.currentTarget.checked)}
              style={{ margin: 0, width: layout.control, height: layout.control, flex: 'none' }}
            />
            {c}
          </label>
        ))}
      </div>
    );
  }
  if (field.type === 'attachment') return <AttachmentInput {...props} box={box} id={id} />;

  const kind = INPUT_TYPES[field.type] ?? { type: 'text' };
  const maxLength = o.maxLength ?? (field.type === 'initials' ? 20 : 1000);
  return (
    <input
      {...common}
      type={kind.type}
      inputMode={kind.inputMode as 'text' | undefined}
      title={error ?? label}
      placeholder={placeholder}
      value={value ?? ''}
      maxLength={maxLength}
      autoComplete={field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : 'off'}
      onChange={(e) => onValue(e.currentTarget.value)}
      style={{ ...box, border: 'none', padding: '0 4px' }}
    />
  );
}

function AttachmentInput({
  field,
  label,
  t,
  value,
  error,
  disabled,
  onAttach,
  box,
  id,
}: FieldInputProps & { box: CSSProperties; id: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const attached = parseAttachmentValue(value);
  return (
    <div
      style={{ ...box, display: 'flex', alignItems: 'center', gap: 4, padding: '0 4px' }}
      title={error ?? label}
    >
      <button
        type="button"
        id={id}
        aria-label={`${label}: ${attached ? attached.name : t('fields.attach')}`}
        aria-required={field.required}
        aria-invalid={Boolean(error)}
        disabled={disabled || busy}
        onClick={() => input.current?.click()}
        style={{ fontSize: 'inherit', whiteSpace: 'nowrap', cursor: 'pointer' }}
      >
        {busy ? t('fields.uploading') : attached ? t('fields.replace') : t('fields.attach')}
      </button>
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {attached?.name ?? ''}
      </span>
      <input
        ref={input}
        type="file"
        hidden
        data-testid={`attachment-input-${field.index}`}
        accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (!file) return;
          setBusy(true);
          void onAttach(file).finally(() => setBusy(false));
        }}
      />
    </div>
  );
}
