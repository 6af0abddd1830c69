import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBell } from '@tabler/icons-react';
import type { SignerDto } from '@paraaf/contract';
import { useSendReminder } from '../api/actions';
import { texts } from '../texts';

/**
 * The body of 'Bewerken geslaagd' after an address change: the new address has no link yet, so
 * the sender can send the manual reminder (which mails one) from the message itself.
 */
export function RemindNowButton({
  requestId,
  signer,
  notificationId,
}: {
  requestId: number;
  signer: SignerDto;
  notificationId: string;
}) {
  const remind = useSendReminder(requestId);
  const name = `${signer.firstname} ${signer.lastname}`;

  async function onRemind() {
    try {
      await remind.mutateAsync(signer.id);
      notifications.hide(notificationId);
      notifications.show({
        title: texts.reminderOk,
        message: name,
        color: 'teal',
        autoClose: 2000,
      });
    } catch (e) {
      console.error(e);
      notifications.hide(notificationId);
      notifications.show({
        title: texts.reminderFailed,
        message: texts.reminderFailedBody,
        color: 'red',
        autoClose: 5000,
      });
    }
  }

  return (
    <Stack gap={6} align="flex-start">
      <Text size="sm">{texts.editNoMailYet}</Text>
      <Button
        size="compact-sm"
        leftSection={<IconBell size={14} />}
        loading={remind.isPending}
        onClick={() => void onRemind()}
      >
        {texts.remindNow}
      </Button>
    </Stack>
  );
}
