import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCancelSignRequest } from '../api/actions';
import { texts } from '../texts';
import { BusyModal } from '../../../components/busy-modal';

/** Confirms cancelling a request in progress; the server informs every signer. */
export function CancelModal({ id, onClose }: { id: number; onClose: () => void }) {
  const cancel = useCancelSignRequest(id);
  const loading = cancel.isPending;

  async function confirm() {
    try {
      await cancel.mutateAsync();
      notifications.show({ title: texts.cancelled, message: '', color: 'teal' });
      onClose();
    } catch (e) {
      console.error(e);
      notifications.show({
        title: texts.cancelFailed,
        message: e instanceof Error ? e.message : '',
        color: 'red',
      });
    }
  }

  return (
    <BusyModal busy={loading} onClose={onClose} title={texts.cancelTitle}>
      <Stack>
        <Text>{texts.cancelConfirm}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {texts.cancelNo}
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={loading}>
            {texts.cancelYes}
          </Button>
        </Group>
      </Stack>
    </BusyModal>
  );
}
