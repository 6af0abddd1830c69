import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Department } from '@paraaf/contract';
import { BusyModal } from '../../../components/busy-modal';
import { saveFailure } from '../../../lib/form';
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
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setError(null);
    try {
      await remove.mutateAsync(department.id);
      notifications.show({
        title: texts.departmentRemoved,
        message: texts.departmentRemovedMessage(department.name),
        color: 'teal',
      });
      onClose();
    } catch (e) {
      setError(saveFailure(e).message);
    }
  }

  return (
    <BusyModal busy={remove.isPending} onClose={onClose} title={texts.departmentRemove}>
      <Stack>
        <Text>{texts.departmentRemoveConfirm(department.name)}</Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            {texts.cancel}
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={remove.isPending}>
            {texts.remove}
          </Button>
        </Group>
      </Stack>
    </BusyModal>
  );
}
