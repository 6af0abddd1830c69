import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { messages, type User } from '@paraaf/contract';
import { isApiError } from '../../../lib/api-client';
import { useDeleteUser } from '../api/delete-user';

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
    <Modal
      opened
      onClose={onClose}
      title="Gebruiker verwijderen"
      closeOnEscape={!remove.isPending}
      closeOnClickOutside={!remove.isPending}
      withCloseButton={!remove.isPending}
    >
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
    </Modal>
  );
}
