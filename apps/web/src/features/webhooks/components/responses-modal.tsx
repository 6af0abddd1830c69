import { Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import type { WebhookRequest } from '@paraaf/contract';
import { formatDateTime } from '../../../lib/format';
import { texts } from '../texts';
import { WebhookStatusBadge } from './webhook-status-badge';

/** The responses of one message, one per attempt, oldest first (seed 001 §3 'responses'). */
export function ResponsesModal({
  request,
  onClose,
}: {
  request: WebhookRequest;
  onClose: () => void;
}) {
  return (
    <Modal opened onClose={onClose} title={texts.responsesOf(request.id)} size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {request.event} · {request.url}
        </Text>
        {request.responses.length === 0 && <Text>{texts.noResponses}</Text>}
        {request.responses.map((response, i) => (
          <Stack key={i} gap={4} data-testid="webhook-response">
            <Group gap="sm">
              <Text fw={600}>{texts.attempt(i + 1)}</Text>
              <WebhookStatusBadge statusCode={response.status_code} />
              <Text size="sm" c="dimmed">
                {formatDateTime(response.created_at)} · {texts.duration(response.duration_ms)}
              </Text>
            </Group>
            {response.message && (
              <Code block style={{ whiteSpace: 'pre-wrap', maxHeight: 160, overflow: 'auto' }}>
                {response.message}
              </Code>
            )}
          </Stack>
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {texts.close}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
