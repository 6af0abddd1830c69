import { useState } from 'react';
import { Button, Divider, Select, Stack, Switch, Text } from '@mantine/core';
import {
  IconCalculator,
  IconCalendar,
  IconCalendarDue,
  IconCalendarEvent,
  IconCheckbox,
  IconCircleDot,
  IconForms,
  IconLetterCase,
  IconListCheck,
  IconMail,
  IconNumber123,
  IconPaperclip,
  IconPhone,
  IconSelect,
  IconTextCaption,
  IconSignature,
  IconSquareCheck,
  IconTypography,
  IconUser,
  IconWritingSign,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { signerFieldTypes, type SignerFieldType } from '@paraaf/contract';
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

const fieldIcons: Record<SignerFieldType, ReactNode> = {
  text: <IconForms size={16} />,
  checkbox: <IconCheckbox size={16} />,
  date: <IconCalendarDue size={16} />,
  number: <IconNumber123 size={16} />,
  dropdown: <IconSelect size={16} />,
  radio: <IconCircleDot size={16} />,
  checkbox_group: <IconListCheck size={16} />,
  email: <IconMail size={16} />,
  phone: <IconPhone size={16} />,
  initials: <IconLetterCase size={16} />,
  label: <IconTextCaption size={16} />,
  attachment: <IconPaperclip size={16} />,
  formula: <IconCalculator size={16} />,
};

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
          <Text fw={600} size="sm">
            {texts.palette.fieldsHeading}
          </Text>
          {signerFieldTypes.map((type) =>
            item(
              { kind: 'field', type, signer: n, required },
              texts.fieldKinds[type],
              fieldIcons[type],
              !fieldsAllowed,
            ),
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
