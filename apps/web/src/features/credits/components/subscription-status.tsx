import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDay } from '../../../lib/format';
import { texts } from '../texts';

/** Next payment date and whether the provider may collect automatically (a valid mandate). */
export function SubscriptionStatus({
  planName,
  nextPaymentDate,
  canWithdraw,
}: {
  planName: string;
  nextPaymentDate: string | null;
  /** Undefined while unknown or not permitted to see. */
  canWithdraw: boolean | undefined;
}) {
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      component="section"
      aria-labelledby="subscription-title"
      style={{ alignSelf: 'start' }}
    >
      <Stack gap={6}>
        <Title order={2} size="h3" id="subscription-title">
          {texts.subscription.title}
        </Title>
        <Row label={texts.plans.current} value={planName} />
        <Row
          label={texts.subscription.nextPaymentDate}
          value={nextPaymentDate ? formatDay(nextPaymentDate) : texts.subscription.none}
        />
        {canWithdraw !== undefined && (
          <Row
            label={texts.subscription.collection}
            value={canWithdraw ? texts.subscription.collectionOn : texts.subscription.collectionOff}
          />
        )}
      </Stack>
    </Paper>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" justify="space-between" maw={420}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </Group>
  );
}
