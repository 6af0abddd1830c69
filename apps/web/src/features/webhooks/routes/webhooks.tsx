import { useState } from 'react';
import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import type { WebhookRequest } from '@paraaf/contract';
import { Page } from '../../../components/page';
import { PagedTable } from '../../../components/paged-table';
import { usePageParam } from '../../../components/use-page-param';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { saveFailure } from '../../../lib/form';
import { useResendWebhook, useWebhookRequests } from '../api/webhooks';
import { ResponsesModal } from '../components/responses-modal';
import { SigningSecret } from '../components/signing-secret';
import { WebhookStatusBadge } from '../components/webhook-status-badge';
import { texts } from '../texts';

function outcome(request: WebhookRequest): string {
  if (request.succeeded_at) return texts.succeededAt(formatDateTime(request.succeeded_at));
  if (request.failed_at) return texts.failedAt(formatDateTime(request.failed_at));
  if (request.next_attempt_at) return texts.nextAttempt(formatDateTime(request.next_attempt_at));
  return '';
}

/** /instellingen/webhooks: the signing secret and the messages sent, ten a page. */
export function WebhooksRoute() {
  const [page, setPage] = usePageParam();
  const requests = useWebhookRequests(page);
  const resend = useResendWebhook();
  const [openId, setOpenId] = useState<number | null>(null);
  const open = requests.data?.data.find((r) => r.id === openId);

  async function resendOne(id: number) {
    try {
      await resend.mutateAsync(id);
      notifications.show({ message: texts.resent, color: 'teal' });
    } catch (error) {
      notifications.show({ message: saveFailure(error).message, color: 'red' });
    }
  }

  return (
    <Page title={texts.title}>
      <Stack gap="md">
        {/* The screen is for admins (getWebhooks), who set the URL in Bedrijfsinstellingen. */}
        <Text size="sm" data-testid="webhook-url-where">
          {texts.urlWhere}{' '}
          <Anchor component={Link} to={paths.companySettings} size="sm" fw={600}>
            {texts.urlWhereLink}
          </Anchor>
          .
        </Text>
        <SigningSecret />
        <PagedTable
          query={requests}
          empty={texts.empty}
          minWidth={760}
          head={
            <>
              <Table.Th>{texts.status}</Table.Th>
              <Table.Th>{texts.event}</Table.Th>
              <Table.Th>{texts.url}</Table.Th>
              <Table.Th ta="right">{texts.attempts}</Table.Th>
              <Table.Th>{texts.createdAt}</Table.Th>
              <Table.Th>{texts.result}</Table.Th>
              <Table.Th>
                <Text span size="sm" fw={700} style={{ visibility: 'hidden' }}>
                  {texts.responses}
                </Text>
              </Table.Th>
            </>
          }
          row={(request) => (
            <Table.Tr key={request.id} data-testid="webhook-row">
              <Table.Td>
                <WebhookStatusBadge statusCode={request.status_code} />
              </Table.Td>
              <Table.Td>{request.event}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>{request.url}</Table.Td>
              <Table.Td ta="right">{request.attempts}</Table.Td>
              <Table.Td>{formatDateTime(request.created_at)}</Table.Td>
              <Table.Td>{outcome(request)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={texts.responsesButton(request.id)}
                    onClick={() => setOpenId(request.id)}
                  >
                    {texts.responses}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={texts.resendButton(request.id)}
                    loading={resend.isPending && resend.variables === request.id}
                    onClick={() => void resendOne(request.id)}
                  >
                    {texts.resend}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          )}
          page={page}
          onPageChange={setPage}
        />
      </Stack>
      {open && <ResponsesModal request={open} onClose={() => setOpenId(null)} />}
    </Page>
  );
}
