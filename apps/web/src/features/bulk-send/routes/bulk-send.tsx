import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  Loader,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { Page } from '../../../components/page';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import {
  downloadCsv,
  useBulkSend,
  useBulkSends,
  useBulkTemplates,
  useCancelBulk,
  usePreviewBulkSend,
  useSendBulk,
  type BatchView,
} from '../api/bulk-sends';
import { texts } from '../texts';

/** 'Bulkverzending' (`/bulkverzending`): choose a template, get its example file, upload yours. */
export function BulkSendRoute() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const templates = useBulkTemplates();
  const [templateId, setTemplateId] = useState<string | null>(search.get('template'));
  const [file, setFile] = useState<File | null>(null);
  const preview = usePreviewBulkSend();
  const fileError = isApiError(preview.error)
    ? (preview.error.errors.file?.[0] ?? preview.error.message)
    : null;
  const options = (templates.data?.data ?? []).map((t) => ({ value: String(t.id), label: t.name }));

  const check = () => {
    if (!templateId || !file) return;
    preview.mutate(
      { templateId: Number(templateId), file },
      {
        onSuccess: (batch) => {
          void navigate(paths.bulkSendBatch(batch.id));
        },
      },
    );
  };

  return (
    <Page title={texts.title}>
      <Text>{texts.intro}</Text>
      {templates.isSuccess && options.length === 0 ? (
        <Alert color="yellow">{texts.noTemplates}</Alert>
      ) : (
        <Stack gap="md" maw={560}>
          <Select
            label={texts.template}
            placeholder={texts.templatePlaceholder}
            data={options}
            value={templateId}
            onChange={setTemplateId}
            searchable
          />
          <Group>
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              disabled={!templateId}
              onClick={() =>
                void downloadCsv(`/bulk-sends/example?template_id=${templateId}`, 'voorbeeld.csv')
              }
            >
              {texts.example}
            </Button>
          </Group>
          <FileInput
            label={texts.file}
            placeholder={texts.filePlaceholder}
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            leftSection={<IconFileSpreadsheet size={16} />}
            value={file}
            onChange={(f) => {
              setFile(f);
              preview.reset();
            }}
            error={fileError}
            clearable
          />
          <Group>
            <Button onClick={check} disabled={!templateId || !file} loading={preview.isPending}>
              {texts.check}
            </Button>
          </Group>
        </Stack>
      )}
      <RecentBatches />
    </Page>
  );
}

function RecentBatches() {
  const list = useBulkSends();
  const rows = list.data?.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} fz="lg">
        {texts.recent}
      </Title>
      <Table.ScrollContainer minWidth={480}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{texts.date}</Table.Th>
              <Table.Th>{texts.template}</Table.Th>
              <Table.Th>{texts.rows}</Table.Th>
              <Table.Th>{texts.state}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((b) => (
              <Table.Tr key={b.id}>
                <Table.Td>
                  <Anchor component={Link} to={paths.bulkSendBatch(b.id)}>
                    {formatDateTime(b.created_at)}
                  </Anchor>
                </Table.Td>
                <Table.Td>{b.template_name}</Table.Td>
                <Table.Td>{b.rows_total}</Table.Td>
                <Table.Td>{texts.states[b.state]}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** One batch (`/bulkverzending/{id}`): its preview and errors, then progress, then the summary. */
export function BulkSendBatchRoute() {
  const id = Number(useParams().id);
  const batch = useBulkSend(id);
  if (batch.isPending) return <Loader m="xl" />;
  if (!batch.data) {
    return (
      <Page title={texts.title}>
        <Alert color="red">{texts.loadFailed}</Alert>
      </Page>
    );
  }
  return (
    <Page
      title={`${texts.title}: ${batch.data.template_name}`}
      actions={
        <Button component={Link} to={paths.bulkSend} variant="subtle">
          {texts.newBatch}
        </Button>
      }
    >
      <Text c="dimmed">{batch.data.filename}</Text>
      {batch.data.state === 'previewed' ? (
        <Previewed batch={batch.data} />
      ) : (
        <Progressing batch={batch.data} />
      )}
    </Page>
  );
}

function Previewed({ batch }: { batch: BatchView }) {
  const send = useSendBulk();
  const sendError = isApiError(send.error) ? send.error.message : null;
  return (
    <Stack gap="md">
      <Text fw={500}>
        {texts.rowsValid(batch.rows_valid, batch.rows_total)} {texts.cost(batch.credits_cost)}
      </Text>
      {batch.errors.length > 0 && (
        <Alert color="orange" title={texts.errorsTitle(batch.errors.length)}>
          <Stack gap="xs">
            <Text size="sm">{texts.errorsHint}</Text>
            <Table.ScrollContainer minWidth={360} mah={320}>
              <Table striped aria-label={texts.errorsTitle(batch.errors.length)}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{texts.row}</Table.Th>
                    <Table.Th>{texts.column}</Table.Th>
                    <Table.Th>{texts.message}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {batch.errors.map((e, i) => (
                    <Table.Tr key={i}>
                      <Table.Td>{e.row}</Table.Td>
                      <Table.Td>{e.column ?? ''}</Table.Td>
                      <Table.Td>{e.message}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        </Alert>
      )}
      {batch.preview && batch.preview.length > 0 && (
        <Stack gap="xs">
          <Title order={2} fz="lg">
            {texts.previewTitle}
          </Title>
          <Table.ScrollContainer minWidth={480}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{texts.row}</Table.Th>
                  <Table.Th>{texts.signer}</Table.Th>
                  <Table.Th>{texts.subject}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {batch.preview.map((p) => (
                  <Table.Tr key={p.row}>
                    <Table.Td>{p.row}</Table.Td>
                    <Table.Td>
                      {p.signers.map((s) => `${s.firstname} ${s.lastname} <${s.email}>`).join(', ')}
                    </Table.Td>
                    <Table.Td>{p.subject}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
      {sendError && <Alert color="red">{sendError}</Alert>}
      <Group>
        <Button
          onClick={() => send.mutate(batch.id)}
          loading={send.isPending}
          disabled={batch.rows_valid === 0}
        >
          {texts.send(batch.rows_valid)}
        </Button>
        <Button
          component={Link}
          to={`${paths.bulkSend}?template=${batch.template_id ?? ''}`}
          variant="default"
        >
          {texts.otherFile}
        </Button>
      </Group>
    </Stack>
  );
}

function Progressing({ batch }: { batch: BatchView }) {
  const cancel = useCancelBulk();
  const total = batch.rows_valid;
  const percent = total === 0 ? 100 : Math.round((batch.rows_sent / total) * 100);
  const finished = batch.state === 'done' || batch.state === 'cancelled';
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Badge color={finished ? (batch.state === 'done' ? 'teal' : 'gray') : 'blue'}>
          {texts.states[batch.state]}
        </Badge>
        <Text size="sm" aria-live="polite">
          {texts.progress(batch.rows_sent, total)} ({percent} %)
          {batch.rows_failed > 0 ? ` · ${texts.failed(batch.rows_failed)}` : ''}
        </Text>
      </Group>
      <Progress
        value={percent}
        size="xl"
        animated={batch.state === 'sending'}
        aria-label={texts.progress(batch.rows_sent, total)}
      />
      {batch.state === 'sending' && (
        <Group>
          <Button
            color="red"
            variant="light"
            onClick={() => cancel.mutate(batch.id)}
            loading={cancel.isPending}
          >
            {texts.cancel}
          </Button>
        </Group>
      )}
      {finished && (
        <Alert color={batch.state === 'done' ? 'teal' : 'gray'}>
          <Stack gap="xs">
            <Text>{batch.state === 'done' ? texts.done : texts.cancelled}</Text>
            <Text>{texts.summary(batch.rows_sent, batch.rows_total - batch.rows_sent)}</Text>
          </Stack>
        </Alert>
      )}
      {finished && (
        <Group>
          <Button component={Link} to={`${paths.home}?bulk=${batch.id}`} variant="default">
            {texts.requests}
          </Button>
          <Button
            leftSection={<IconDownload size={16} />}
            onClick={() =>
              void downloadCsv(`/bulk-sends/${batch.id}/result`, `bulkverzending-${batch.id}.csv`)
            }
          >
            {texts.result}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
