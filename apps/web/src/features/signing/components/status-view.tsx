import {
  Anchor,
  Container,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleX,
  IconInfoCircle,
} from '@tabler/icons-react';
import type { SigningPage } from '@paraaf/contract';
import { statusText, type StatusTone } from '../lib/status';
import type { Translate } from '../texts';

const toneColor: Record<StatusTone, string> = {
  info: 'blue',
  success: 'teal',
  warning: 'orange',
  error: 'red',
};

const toneIcon = {
  info: IconInfoCircle,
  success: IconCircleCheck,
  warning: IconAlertTriangle,
  error: IconCircleX,
} as const;

/** A link that can no longer be used, or a signer who is done: what happened, what to do. */
export function StatusView({
  status,
  page,
  t,
  fileUrl,
}: {
  status: string;
  page: SigningPage | null;
  t: Translate;
  fileUrl: (signableId: number) => string;
}) {
  const text = statusText(status);
  const Icon = toneIcon[text.tone];
  return (
    <Container size={640} py="xl" component="main">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="sm">
        <Stack gap="md" align="flex-start">
          <ThemeIcon size={48} radius="xl" variant="light" color={toneColor[text.tone]} aria-hidden>
            <Icon size={28} />
          </ThemeIcon>
          <Title order={1} fz={{ base: 22, sm: 26 }} data-status={status}>
            {t(text.title)}
          </Title>
          {page && (
            <Text c="dimmed" size="sm">
              {page.sign_request.subject}
            </Text>
          )}
          <Text>{t(text.body)}</Text>
          {text.busy && (
            <Group gap="sm" role="status" aria-live="polite">
              <Loader size="sm" />
              <Text>{t('status.sealing.busy')}</Text>
            </Group>
          )}
          {text.showDocuments && page && page.documents.length > 0 && (
            <section aria-labelledby="signed-documents" style={{ width: '100%' }}>
              <Title order={2} fz="md" id="signed-documents" mb="xs">
                {t('status.signedDocuments')}
              </Title>
              <List spacing="xs">
                {page.documents.map((d) => (
                  <List.Item key={d.id}>
                    <Anchor href={fileUrl(d.id)} target="_blank" rel="noopener">
                      {d.name}
                    </Anchor>
                  </List.Item>
                ))}
              </List>
            </section>
          )}
          {/* A retired link asks the signer to contact the sender: not 'nothing more to do'. */}
          {status !== 'unknown' &&
            status !== 'not_your_turn' &&
            status !== 'replaced' &&
            !text.busy && (
              <Text size="sm" c="dimmed">
                {t('status.nothingToDo')}
              </Text>
            )}
        </Stack>
      </Paper>
    </Container>
  );
}
