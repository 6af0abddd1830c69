import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { messages, type ApiKeyDto } from '@paraaf/contract';
import { BusyModal } from '../../../components/busy-modal';
import { isApiError } from '../../../lib/api-client';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { texts } from '../texts';

/** Revoking asks first: a key in use stops working at once. */
export function RevokeApiKeyModal({ apiKey, onClose }: { apiKey: ApiKeyDto; onClose: () => void }) {
  const revoke = useRevokeApiKey();
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setError(null);
    try {
      await revoke.mutateAsync(apiKey.id);
      notifications.show({
        title: texts.revoked,
        message: texts.revokedMessage(apiKey.name),
        color: 'teal',
      });
      onClose();
    } catch (e) {
      console.error(e);
      setError(isApiError(e) ? e.message : messages.serverError);
    }
  }

  return (
    <BusyModal busy={revoke.isPending} onClose={onClose} title={texts.revokeTitle}>
      <Stack>
        <Text>{texts.revokeQuestion(apiKey.name)}</Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={revoke.isPending}>
            {texts.cancel}
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={revoke.isPending}>
            {texts.revoke}
          </Button>
        </Group>
      </Stack>
    </BusyModal>
  );
}
