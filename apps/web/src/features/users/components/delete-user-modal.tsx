import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { messages, type User } from '@paraaf/contract';
import { isApiError } from '../../../lib/api-client';
import { useDeleteUser } from '../api/delete-user';
import { BusyModal } from '../../../components/busy-modal';

export function DeleteUserModal({ user, onClose }: { user: User; onClose: () => void }) {
  const remove = useDeleteUser();
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setError(null);
    try {
      await remove.mutateAsync(user.id);
      notifications.show({
        title: 'Gebruiker verwijderd',
        message: `${user.name} is verwijderd`,
        color: 'teal',
      });
      onClose();
    } catch (e) {
      console.error(e);
      setError(isApiError(e) ? e.message : messages.serverError);
    }
  }

  return (
    <BusyModal busy={remove.isPending} onClose={onClose} title="Gebruiker verwijderen">
      <Stack>
        <Text>
          Weet je zeker dat je {user.name} ({user.email}) wilt verwijderen?
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            Annuleren
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={remove.isPending}>
            Verwijderen
          </Button>
        </Group>
      </Stack>
    </BusyModal>
  );
}
