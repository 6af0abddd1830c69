import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { User } from '@paraaf/contract';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useDeleteUser } from '../api/delete-user';

export function DeleteUserModal({ user, onClose }: { user: User; onClose: () => void }) {
  const remove = useDeleteUser();
  return (
    <ConfirmModal
      title="Gebruiker verwijderen"
      confirmLabel="Verwijderen"
      onClose={onClose}
      onConfirm={async () => {
        await remove.mutateAsync(user.id);
        notifications.show({
          title: 'Gebruiker verwijderd',
          message: `${user.name} is verwijderd`,
          color: 'teal',
        });
      }}
    >
      <Text>
        Weet je zeker dat je {user.name} ({user.email}) wilt verwijderen?
      </Text>
    </ConfirmModal>
  );
}
