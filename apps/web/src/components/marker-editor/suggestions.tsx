import { ActionIcon, Alert, Button, Group, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { Suggestion } from './lib/suggestions';
import { texts } from './texts';

/** Above the pages: how many fields were found, take them all over or turn them all down. */
export function SuggestionsBar({
  count,
  onAcceptAll,
  onRejectAll,
}: {
  count: number;
  onAcceptAll: () => void;
  onRejectAll: () => void;
}) {
  return (
    <Alert
      color="teal"
      variant="light"
      mb="sm"
      data-testid="marker-suggestions"
      // Stays in view while the pages scroll under it.
      style={{ position: 'sticky', top: 0, zIndex: 3 }}
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{texts.suggestions.intro(count)}</Text>
        <Group gap="xs">
          <Button size="compact-sm" onClick={onAcceptAll}>
            {texts.suggestions.acceptAll}
          </Button>
          <Button size="compact-sm" variant="default" onClick={onRejectAll}>
            {texts.suggestions.rejectAll}
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}

/**
 * A found field on its page: a dashed box (a marker is solid) named like the marker it becomes,
 * with buttons to take it over or turn it down.
 */
export function SuggestionBox({
  suggestion,
  name,
  color,
  scale,
  onAccept,
  onReject,
}: {
  suggestion: Suggestion;
  name: string;
  color: string;
  scale: number;
  onAccept: (id: string) => void;
  onReject: (id: string) => void;
}) {
  const { marker } = suggestion;
  const label = texts.markerLabel(name, marker.page);
  return (
    <div
      role="group"
      aria-label={texts.suggestions.boxLabel(label)}
      data-testid="marker-suggestion"
      style={{
        position: 'absolute',
        left: marker.x * scale,
        top: marker.y * scale,
        width: marker.width * scale,
        height: marker.height * scale,
        border: `2px dashed ${color}`,
        background: `color-mix(in srgb, ${color} 8%, transparent)`,
        borderRadius: 2,
        boxSizing: 'border-box',
        display: 'flex',
        alignItems: 'flex-start',
        justifyContent: 'space-between',
        gap: 2,
        padding: 1,
        overflow: 'visible',
      }}
    >
      <Text
        size="xs"
        c={color}
        fw={600}
        style={{
          overflow: 'hidden',
          whiteSpace: 'nowrap',
          textOverflow: 'ellipsis',
          lineHeight: 1.1,
        }}
        title={marker.options.label ?? name}
      >
        {name}
      </Text>
      <Group gap={2} wrap="nowrap" style={{ flex: 'none' }}>
        <ActionIcon
          size={16}
          color="teal"
          aria-label={texts.suggestions.accept(label)}
          onClick={() => onAccept(suggestion.id)}
        >
          <IconCheck size={12} />
        </ActionIcon>
        <ActionIcon
          size={16}
          variant="default"
          aria-label={texts.suggestions.reject(label)}
          onClick={() => onReject(suggestion.id)}
        >
          <IconX size={12} />
        </ActionIcon>
      </Group>
    </div>
  );
}
