import { useState } from 'react';
import { Button, Code, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { BusyModal } from '../../../components/busy-modal';
import { saveFailure } from '../../../lib/form';
import { useRotateWebhookSecret, useWebhookSecret } from '../api/webhooks';
import { texts } from '../texts';

/**
 * The signing secret, hidden until 'Toon', with a copy button, 'Vernieuwen' behind a
 * confirmation, and how a receiver verifies a message (Standard Webhooks).
 */
export function SigningSecret() {
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const secret = useWebhookSecret(shown);
  const rotate = useRotateWebhookSecret();

  async function confirmRotate() {
    try {
      await rotate.mutateAsync();
      setShown(true);
      setConfirming(false);
      notifications.show({ message: texts.rotated, color: 'teal' });
    } catch (error) {
      notifications.show({ message: saveFailure(error).message, color: 'red' });
    }
  }

  const value = shown ? secret.data?.secret : undefined;
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {texts.secretTitle}
        </Title>
        <Group gap="sm" wrap="nowrap" align="center">
          <Code data-testid="webhook-secret" style={{ wordBreak: 'break-all', flex: 1 }}>
            {value ?? texts.secretHidden}
          </Code>
          <Button variant="default" onClick={() => setShown((s) => !s)} loading={secret.isFetching}>
            {shown ? texts.hide : texts.show}
          </Button>
          {value && (
            <CopyButton value={value}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? texts.copied : texts.copy}
                </Button>
              )}
            </CopyButton>
          )}
          <Button color="red" variant="light" onClick={() => setConfirming(true)}>
            {texts.rotate}
          </Button>
        </Group>
        {secret.isError && (
          <Text c="red.8" role="alert">
            {texts.secretLoadFailed}
          </Text>
        )}
        <Text size="sm">{texts.verifyHelp}</Text>
      </Stack>
      <BusyModal
        opened={confirming}
        busy={rotate.isPending}
        onClose={() => setConfirming(false)}
        title={texts.rotate}
      >
        <Stack>
          <Text>{texts.rotateConfirm}</Text>
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => setConfirming(false)}
              disabled={rotate.isPending}
            >
              {texts.cancel}
            </Button>
            <Button color="red" onClick={() => void confirmRotate()} loading={rotate.isPending}>
              {texts.rotate}
            </Button>
          </Group>
        </Stack>
      </BusyModal>
    </Paper>
  );
}
