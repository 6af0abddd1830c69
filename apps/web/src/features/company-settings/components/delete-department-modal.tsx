import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Department } from '@paraaf/contract';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useDeleteDepartment } from '../api/departments';
import { texts } from '../texts';

/** Asks before removing a department; the server's refusal (open requests) is shown here. */
export function DeleteDepartmentModal({
  department,
  onClose,
}: {
  department: Department;
  onClose: () => void;
}) {
  const remove = useDeleteDepartment();
  return (
    <ConfirmModal
      title={texts.departmentRemove}
      confirmLabel={texts.remove}
      onClose={onClose}
      onConfirm={async () => {
        await remove.mutateAsync(department.id);
        notifications.show({
          title: texts.departmentRemoved,
          message: texts.departmentRemovedMessage(department.name),
          color: 'teal',
        });
      }}
    >
      <Text>{texts.departmentRemoveConfirm(department.name)}</Text>
    </ConfirmModal>
  );
}
