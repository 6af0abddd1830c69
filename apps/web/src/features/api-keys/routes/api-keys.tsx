import { useState } from 'react';
import { Button, Code, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconKey, IconTrash } from '@tabler/icons-react';
import type { ApiKeyDto } from '@paraaf/contract';
import { Page } from '../../../components/page';
import { PagedTable } from '../../../components/paged-table';
import { usePageParam } from '../../../components/use-page-param';
import { formatDateTime } from '../../../lib/format';
import { useApiKeys } from '../api/get-api-keys';
import { CreateApiKeyModal } from '../components/create-api-key-modal';
import { RevokeApiKeyModal } from '../components/revoke-api-key-modal';
import { texts } from '../texts';

/** /instellingen/api (seed 001 'API keys'): the company's keys, ten a page; create and revoke. */
export function ApiKeysRoute() {
  const [page, setPage] = usePageParam();
  const keys = useApiKeys(page);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyDto | null>(null);

  return (
    <Page title={texts.title}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Text c="dimmed" maw={560}>
            {texts.intro}
          </Text>
          <Button leftSection={<IconKey size={18} aria-hidden />} onClick={() => setCreating(true)}>
            {texts.create}
          </Button>
        </Group>
        <PagedTable
          query={keys}
          empty={texts.empty}
          minWidth={640}
          head={
            <>
              <Table.Th>{texts.name}</Table.Th>
              <Table.Th>{texts.description}</Table.Th>
              <Table.Th>{texts.prefix}</Table.Th>
              <Table.Th>{texts.createdAt}</Table.Th>
              <Table.Th>{texts.lastUsed}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{texts.revoke}</VisuallyHidden>
              </Table.Th>
            </>
          }
          row={(key) => (
            <Table.Tr key={key.id} data-testid="api-key-row">
              <Table.Td>{key.name}</Table.Td>
              <Table.Td>{key.description}</Table.Td>
              <Table.Td>
                <Code>{key.prefix}…</Code>
              </Table.Td>
              <Table.Td>{formatDateTime(key.created_at)}</Table.Td>
              <Table.Td>
                {key.last_used_at ? formatDateTime(key.last_used_at) : texts.neverUsed}
              </Table.Td>
              <Table.Td>
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  aria-label={texts.revokeLabel(key.name)}
                  onClick={() => setRevoking(key)}
                >
                  {texts.revoke}
                </Button>
              </Table.Td>
            </Table.Tr>
          )}
          page={page}
          onPageChange={setPage}
        />
      </Stack>
      {creating && <CreateApiKeyModal onClose={() => setCreating(false)} />}
      {revoking && <RevokeApiKeyModal apiKey={revoking} onClose={() => setRevoking(null)} />}
    </Page>
  );
}
