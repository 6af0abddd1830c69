import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { saveFailure } from '../lib/form';
import { BusyModal } from './busy-modal';

/**
 * Asks before a destructive action: the question, 'Annuleren' and a red button that runs
 * `onConfirm`. The modal closes when it succeeds; a failure (the server's Dutch refusal, or the
 * general message) is shown in the modal, which cannot be closed while the action runs.
 */
export function ConfirmModal({
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  title: string;
  /** The question (and what it is about). */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setError(null);
    setPending(true);
    try {
      await onConfirm();
      onClose();
    } catch (e) {
      console.error(e);
      setError(saveFailure(e).message);
    } finally {
      setPending(false);
    }
  }

  return (
    <BusyModal busy={pending} onClose={onClose} title={title}>
      <Stack>
        {children}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Annuleren
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </BusyModal>
  );
}
