import { Button, Group, NumberInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import {
  dateMarkerFormats,
  generatedValue,
  MIN_FONT_SIZE,
  parseGeneratedValue,
} from '@paraaf/contract';
import { normaliseFontSize, type EditorMarker } from './lib/markers';
import { FieldProperties } from './field-properties';
import { texts } from './texts';
import type { EditorSigner } from './types';
import { neverFilledReason } from './lib/signer-rules';

const dateFormats = [...dateMarkerFormats];

interface Props {
  marker: EditorMarker | null;
  name: string;
  signers: EditorSigner[];
  fieldsOnlyFirstSigner: boolean;
  /** Names of the document's input fields (conditions and formulas refer to them). */
  fieldNames?: string[];
  onChange: (id: string, patch: (m: EditorMarker) => EditorMarker) => void;
  onResize: (id: string, size: { width: number; height: number }) => void;
  onRemove: (id: string) => void;
}

/** The selected marker's properties: value, date format, font size, 'Verplicht', signer, size. */
export function PropertiesPanel({
  marker,
  name,
  signers,
  fieldsOnlyFirstSigner,
  fieldNames = [],
  onChange,
  onResize,
  onRemove,
}: Props) {
  const t = texts.properties;
  if (!marker) {
    return (
      <Text size="sm" c="dimmed">
        {t.none}
      </Text>
    );
  }
  const id = marker.id;
  const generated = marker.kind === 'variable' ? parseGeneratedValue(marker.value) : null;
  const hasFont =
    (marker.kind === 'variable' &&
      (marker.type === 'text' ||
        marker.type === 'date' ||
        generated?.kind === 'name' ||
        generated?.kind === 'date')) ||
    (marker.kind === 'field' && !['checkbox', 'radio', 'checkbox_group'].includes(marker.type));
  const signerOptions = signers
    .filter((s) => !(marker.kind === 'field' && fieldsOnlyFirstSigner) || s.position === 1)
    .map((s) => ({
      value: String(s.position),
      label: s.label,
      // A signature or paraph goes only to a signer who will put it.
      disabled: generated ? neverFilledReason(signers, s.position, generated.kind) !== null : false,
    }));
  const currentSigner = marker.kind === 'field' ? (marker.options.signer ?? 1) : generated?.signer;

  return (
    <Stack gap="sm">
      <Text fw={600} size="sm">
        {name}
      </Text>
      <Text size="xs" c="dimmed">
        {texts.toolbar.page(marker.page)}
      </Text>
      {marker.kind === 'variable' && marker.type === 'text' && (
        <TextInput
          label={t.value}
          value={marker.value ?? ''}
          maxLength={1000}
          onChange={(e) => {
            const value = e.currentTarget.value;
            onChange(id, (m) => (m.kind === 'variable' ? { ...m, value } : m));
          }}
        />
      )}
      {marker.kind === 'variable' && marker.type === 'date' && (
        <Select
          label={t.format}
          data={dateFormats}
          value={marker.options.format ?? 'DD-MM-YYYY'}
          allowDeselect={false}
          onChange={(format) =>
            format &&
            onChange(id, (m) => ({ ...m, options: { ...m.options, format } }) as EditorMarker)
          }
          comboboxProps={{ zIndex: 1000 }}
        />
      )}
      {hasFont && (
        <NumberInput
          label={t.fontSize}
          min={MIN_FONT_SIZE}
          max={72}
          step={1}
          value={marker.options.fontSize ?? 11}
          onChange={(v) => {
            if (v === '' || Number(v) < MIN_FONT_SIZE) return;
            const fontSize = normaliseFontSize(v);
            onChange(id, (m) => ({ ...m, options: { ...m.options, fontSize } }) as EditorMarker);
          }}
          onBlur={(e) => {
            const fontSize = normaliseFontSize(e.currentTarget.value);
            onChange(id, (m) => ({ ...m, options: { ...m.options, fontSize } }) as EditorMarker);
          }}
        />
      )}
      {currentSigner !== undefined && (
        <Select
          label={t.signer}
          data={signerOptions}
          value={String(currentSigner)}
          allowDeselect={false}
          comboboxProps={{ zIndex: 1000 }}
          onChange={(v) => {
            if (!v) return;
            const n = Number(v);
            onChange(id, (m) =>
              m.kind === 'field'
                ? { ...m, options: { ...m.options, signer: n } }
                : generated
                  ? { ...m, value: generatedValue(n, generated.kind) }
                  : m,
            );
          }}
        />
      )}
      {marker.kind === 'field' && marker.type !== 'label' && marker.type !== 'formula' && (
        <Switch
          label={t.required}
          checked={marker.options.rules.includes('required')}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            onChange(id, (m) =>
              m.kind === 'field'
                ? {
                    ...m,
                    options: {
                      ...m.options,
                      rules: on
                        ? [...m.options.rules.filter((r) => r !== 'required'), 'required']
                        : m.options.rules.filter((r) => r !== 'required'),
                    },
                  }
                : m,
            );
          }}
        />
      )}
      {marker.kind === 'field' && (
        <FieldProperties
          key={id}
          field={marker}
          otherNames={fieldNames}
          onOptions={(patch) =>
            onChange(id, (m) => (m.kind === 'field' ? { ...m, options: patch(m.options) } : m))
          }
        />
      )}
      <Text size="sm" fw={500}>
        {t.size}
      </Text>
      <Group grow gap="xs">
        <NumberInput
          key={`${id}-w-${marker.width}`}
          label={t.width}
          size="xs"
          defaultValue={marker.width}
          decimalScale={2}
          onBlur={(e) =>
            onResize(id, { width: Number(e.currentTarget.value), height: marker.height })
          }
        />
        <NumberInput
          key={`${id}-h-${marker.height}`}
          label={t.height}
          size="xs"
          defaultValue={marker.height}
          decimalScale={2}
          onBlur={(e) =>
            onResize(id, { width: marker.width, height: Number(e.currentTarget.value) })
          }
        />
      </Group>
      <Button
        color="red"
        variant="light"
        leftSection={<IconTrash size={16} />}
        onClick={() => onRemove(id)}
      >
        {t.remove}
      </Button>
    </Stack>
  );
}
