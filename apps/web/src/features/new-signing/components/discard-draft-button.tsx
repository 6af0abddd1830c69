import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { texts } from '../texts';

/** "Concept verwijderen", asked once more: it throws away the signers, documents and message. */
export function DiscardDraftButton({
  onDiscard,
  disabled,
}: {
  onDiscard: () => void;
  disabled?: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <Button variant="subtle" color="red" disabled={disabled} onClick={() => setConfirming(true)}>
        {texts.draft.discard}
      </Button>
    );
  }
  return (
    <Group gap="xs" role="group" aria-label={texts.draft.discard}>
      <Text size="sm" maw={320}>
        {texts.draft.discardQuestion}
      </Text>
      <Button variant="default" onClick={() => setConfirming(false)}>
        {texts.draft.keep}
      </Button>
      <Button
        color="red"
        disabled={disabled}
        onClick={() => {
          setConfirming(false);
          onDiscard();
        }}
      >
        {texts.draft.confirmDiscard}
      </Button>
    </Group>
  );
}
