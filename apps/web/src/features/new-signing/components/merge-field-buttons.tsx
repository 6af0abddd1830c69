import type { RefObject } from 'react';
import { Button, Code, Group, Text } from '@mantine/core';
import { insertMergeField, messageMergeFields, type MessageMergeField } from '../lib/wizard';
import { texts } from '../texts';

interface Props {
  /** The message textarea: the field goes in at its cursor (or over its selection). */
  target: RefObject<HTMLTextAreaElement | null>;
  value: string;
  onChange: (value: string) => void;
}

/** The message's merge fields in words, each a button that inserts it at the cursor. */
export function MergeFieldButtons({ target, value, onChange }: Props) {
  function insert(field: MessageMergeField) {
    const el = target.current;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? start;
    const next = insertMergeField(value, start, end, field);
    onChange(next.value);
    // After React has written the new value: the cursor right behind the inserted field.
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.cursor, next.cursor);
    });
  }

  return (
    <Group gap="xs" role="group" aria-label={texts.settings.mergeFields}>
      <Text size="sm" fw={500}>
        {texts.settings.mergeFields}:
      </Text>
      {messageMergeFields.map((field) => {
        const label = texts.settings.mergeFieldLabels[field];
        return (
          <Button
            key={field}
            size="compact-sm"
            variant="light"
            aria-label={texts.settings.insertMergeField(label)}
            // Keep the textarea's focus and selection while clicking.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => insert(field)}
            rightSection={<Code fz="xs">{`[[${field}]]`}</Code>}
            // A long label wraps inside the button rather than being cut off on a phone.
            maw="100%"
            h="auto"
            mih={26}
            py={3}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'left', overflow: 'visible' } }}
          >
            {label}
          </Button>
        );
      })}
    </Group>
  );
}
