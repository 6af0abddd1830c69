import { useState } from 'react';
import { Button, Checkbox, Group, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useChangeViewerUser, useCompanyUsers } from '../api/actions';
import { texts } from '../texts';
import { BusyModal } from '../../../components/busy-modal';

/** Picks the company user who may view the signed request (seed 000 §2). */
export function ViewerUserModal({
  id,
  current,
  onClose,
}: {
  id: number;
  current: number | null;
  onClose: () => void;
}) {
  const users = useCompanyUsers(true);
  const change = useChangeViewerUser(id);
  const [value, setValue] = useState<string | null>(current ? String(current) : null);
  const [onlyViewers, setOnlyViewers] = useState(true);
  const loading = change.isPending;

  const options = (users.data?.data ?? [])
    .filter(
      (u) => !onlyViewers || u.roles.some((r) => r.name === 'viewer') || String(u.id) === value,
    )
    .map((u) => ({ value: String(u.id), label: `${u.name} (${u.email})` }));

  async function save() {
    try {
      await change.mutateAsync(value ? Number(value) : null);
      notifications.show({ title: texts.viewerOk, message: '', color: 'teal' });
      onClose();
    } catch (e) {
      console.error(e);
      notifications.show({
        title: texts.viewerFailed,
        message: e instanceof Error ? e.message : '',
        color: 'red',
      });
    }
  }

  return (
    <BusyModal busy={loading} onClose={onClose} title={texts.viewerTitle}>
      <Stack>
        {users.isError && <Text c="red">{users.error.message}</Text>}
        <Select
          label={texts.viewerSelect}
          data={options}
          value={value}
          onChange={setValue}
          clearable
          searchable
          placeholder={texts.noViewerUser}
          disabled={users.isPending}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
        <Checkbox
          label={texts.viewerOnlyRole}
          checked={onlyViewers}
          onChange={(e) => setOnlyViewers(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {texts.cancelNo}
          </Button>
          <Button onClick={() => void save()} loading={loading}>
            {texts.save}
          </Button>
        </Group>
      </Stack>
    </BusyModal>
  );
}
