import { useState } from 'react';
import { Button, Divider, Select, Stack, Switch, Text } from '@mantine/core';
import {
  IconCalendar,
  IconCalendarEvent,
  IconCheckbox,
  IconForms,
  IconSignature,
  IconSquareCheck,
  IconTypography,
  IconUser,
  IconWritingSign,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { MarkerTemplate } from './lib/markers';
import { PALETTE_MIME } from './page-view';
import { texts } from './texts';
import type { EditorSigner } from './types';
import { neverFilledReason } from './lib/signer-rules';

interface PaletteProps {
  signers: EditorSigner[];
  /** The chosen signer (position) the signer items are for; the paraph pages modal starts with it. */
  signer: number;
  onSignerChange: (position: number) => void;
  fieldsOnlyFirstSigner: boolean;
  /** The plan has input fields (feature input_fields); without it they are not offered. */
  inputFields?: boolean;
  onAdd: (template: MarkerTemplate) => void;
  onParaphPages: () => void;
  children?: ReactNode;
}

/** The palette: click an item to place it on the current page, or drag it onto a page. */
export function Palette({
  signers,
  signer: n,
  onSignerChange,
  fieldsOnlyFirstSigner,
  inputFields = true,
  onAdd,
  onParaphPages,
  children,
}: PaletteProps) {
  const [required, setRequired] = useState(true);
  // A signature or paraph this signer will never put is not offered, and the palette says why.
  const noSignature = neverFilledReason(signers, n, 'signature');
  const noParaph = neverFilledReason(signers, n, 'paraph');
  const fieldsAllowed = !fieldsOnlyFirstSigner || n === 1;

  const item = (template: MarkerTemplate, label: string, icon: ReactNode, disabled = false) => (
    <Button
      key={label}
      variant="default"
      justify="flex-start"
      fullWidth
      size="compact-md"
      leftSection={icon}
      h="auto"
      py={4}
      styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
      disabled={disabled}
      draggable={!disabled}
      onDragStart={(e) => {
        e.dataTransfer.setData(PALETTE_MIME, JSON.stringify(template));
        e.dataTransfer.effectAllowed = 'copy';
      }}
      onClick={() => onAdd(template)}
    >
      {label}
    </Button>
  );

  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed">
        {texts.palette.hint}
      </Text>
      <Text fw={600} size="sm">
        {texts.palette.general}
      </Text>
      {item({ kind: 'variable', type: 'text' }, texts.palette.text, <IconTypography size={16} />)}
      {item({ kind: 'variable', type: 'date' }, texts.palette.date, <IconCalendar size={16} />)}
      {item(
        { kind: 'variable', type: 'checkbox_checked' },
        texts.palette.checkbox,
        <IconSquareCheck size={16} />,
      )}
      <Divider my={4} />
      <Select
        label={texts.palette.signer}
        data={signers.map((s) => ({ value: String(s.position), label: s.label }))}
        value={String(n)}
        onChange={(v) => v && onSignerChange(Number(v))}
        allowDeselect={false}
        size="sm"
      />
      {item(
        { kind: 'variable', type: 'generated', signer: n, what: 'name' },
        texts.palette.name,
        <IconUser size={16} />,
      )}
      {item(
        { kind: 'variable', type: 'generated', signer: n, what: 'date' },
        texts.palette.signDate,
        <IconCalendarEvent size={16} />,
      )}
      {item(
        { kind: 'variable', type: 'generated', signer: n, what: 'signature' },
        texts.palette.signature,
        <IconSignature size={16} />,
        noSignature !== null,
      )}
      {item(
        { kind: 'variable', type: 'generated', signer: n, what: 'paraph' },
        texts.palette.paraph,
        <IconWritingSign size={16} />,
        noParaph !== null,
      )}
      {[noSignature, noParaph].map(
        (reason) =>
          reason && (
            <Text key={reason} size="xs" c="dimmed">
              {reason}
            </Text>
          ),
      )}
      {inputFields && (
        <>
          {item(
            { kind: 'field', type: 'text', signer: n, required },
            texts.palette.fieldText,
            <IconForms size={16} />,
            !fieldsAllowed,
          )}
          {item(
            { kind: 'field', type: 'checkbox', signer: n, required },
            texts.palette.fieldCheckbox,
            <IconCheckbox size={16} />,
            !fieldsAllowed,
          )}
          <Switch
            label={texts.palette.required}
            checked={required}
            disabled={!fieldsAllowed}
            onChange={(e) => setRequired(e.currentTarget.checked)}
            size="sm"
          />
          {fieldsOnlyFirstSigner && (
            <Text size="xs" c="dimmed">
              {texts.palette.fieldsOnlyFirst}
            </Text>
          )}
        </>
      )}
      <Divider my={4} />
      <Button
        variant="light"
        fullWidth
        h="auto"
        py={6}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
        onClick={onParaphPages}
        leftSection={<IconWritingSign size={16} />}
      >
        {texts.palette.paraphPages}
      </Button>
      {children}
    </Stack>
  );
}
