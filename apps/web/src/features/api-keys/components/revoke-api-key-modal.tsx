import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ApiKeyDto } from '@paraaf/contract';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { texts } from '../texts';

/** Revoking asks first: a key in use stops working at once. */
export function RevokeApiKeyModal({ apiKey, onClose }: { apiKey: ApiKeyDto; onClose: () => void }) {
  const revoke = useRevokeApiKey();
  return (
    <ConfirmModal
      title={texts.revokeTitle}
      confirmLabel={texts.revoke}
      onClose={onClose}
      onConfirm={async () => {
        await revoke.mutateAsync(apiKey.id);
        notifications.show({
          title: texts.revoked,
          message: texts.revokedMessage(apiKey.name),
          color: 'teal',
        });
      }}
    >
      <Text>{texts.revokeQuestion(apiKey.name)}</Text>
    </ConfirmModal>
  );
}
