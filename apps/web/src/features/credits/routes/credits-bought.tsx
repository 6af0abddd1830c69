import { useEffect, type ReactNode } from 'react';
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { PaymentReturn } from '@paraaf/contract';
import { Page } from '../../../components/page';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { hasToken, sessionKeys } from '../../../lib/auth';
import { billingKeys } from '../api/get-payment-plans';
import { isPaymentOpen, RETURN_POLLS, usePaymentReturn } from '../api/get-payment-return';
import { texts } from '../texts';

/**
 * /instellingen/credits/gekocht (CreditsBought, guest and auth): where the checkout sends the
 * browser back, `?betaling={token}`. Says whether the payment succeeded; an open payment is asked
 * for again a few times, since the provider's webhook may come after the browser.
 */
export function CreditsBoughtRoute({ pollMs }: { pollMs?: number }) {
  const [params] = useSearchParams();
  const token = params.get('betaling') ?? '';
  const result = usePaymentReturn(token, pollMs);
  const queryClient = useQueryClient();
  const status = result.data?.status;

  useEffect(() => {
    // Credits, plan and history changed: the menu's balance and the credits screen reload.
    if (status === 'paid' && hasToken()) {
      void queryClient.invalidateQueries({ queryKey: sessionKeys.company });
      void queryClient.invalidateQueries({ queryKey: billingKeys.payments });
      void queryClient.invalidateQueries({ queryKey: billingKeys.recurringStatus });
    }
  }, [status, queryClient]);

  // Between two polls nothing is fetching; 'more to come' is what keeps the wait message up.
  const updates = queryClient.getQueryState(billingKeys.paymentReturn(token))?.dataUpdateCount ?? 0;
  const polling = result.isFetching || updates < RETURN_POLLS;
  let body;
  if (token === '' || isApiError(result.error, 404)) {
    body = <Outcome tone="error" title={texts.bought.unknown} />;
  } else if (result.isError) {
    body = (
      <Outcome
        tone="error"
        title={
          isApiError(result.error) && result.error.message ? result.error.message : texts.loadFailed
        }
      >
        <Button variant="light" onClick={() => void result.refetch()} w="fit-content">
          {texts.bought.tryAgain}
        </Button>
      </Outcome>
    );
  } else if (!result.data) {
    body = (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{texts.bought.checking}</Text>
      </Group>
    );
  } else {
    body = <Answer answer={result.data} stillPolling={polling} />;
  }

  return (
    <Page title={texts.bought.title} size="sm">
      <Paper withBorder radius="lg" p="xl">
        <Stack gap="lg">
          {body}
          <Group gap="lg">
            <Button component={Link} to={paths.newSigning}>
              {texts.bought.newSigning}
            </Button>
            <Anchor component={Link} to={paths.credits}>
              {texts.bought.backToCredits}
            </Anchor>
          </Group>
        </Stack>
      </Paper>
    </Page>
  );
}

function Answer({ answer, stillPolling }: { answer: PaymentReturn; stillPolling: boolean }) {
  if (answer.status === 'paid') {
    return (
      <Outcome
        tone="paid"
        title={
          answer.kind === 'credits' && answer.credits !== null
            ? texts.bought.paidCredits(answer.credits)
            : texts.bought.paidPlan(answer.description)
        }
      />
    );
  }
  if (isPaymentOpen(answer.status)) {
    return (
      <Outcome tone="pending" title={texts.bought.pending}>
        <Group gap="sm" role="status">
          {stillPolling && <Loader size="xs" aria-hidden />}
          <Text size="sm">{stillPolling ? texts.bought.checking : texts.bought.pendingLong}</Text>
        </Group>
      </Outcome>
    );
  }
  const title =
    answer.status === 'canceled'
      ? texts.bought.canceled
      : answer.status === 'expired'
        ? texts.bought.expired
        : texts.bought.failed;
  return (
    <Outcome tone="error" title={title}>
      <Text size="sm">{texts.bought.nothingBooked}</Text>
    </Outcome>
  );
}

const tones = {
  paid: { color: 'teal', icon: <IconCircleCheck /> },
  pending: { color: 'yellow', icon: <IconClock /> },
  error: { color: 'red', icon: <IconAlertTriangle /> },
} as const;

function Outcome({
  tone,
  title,
  children,
}: {
  tone: keyof typeof tones;
  title: string;
  children?: ReactNode;
}) {
  return (
    <Alert
      color={tones[tone].color}
      icon={tones[tone].icon}
      role={tone === 'error' ? 'alert' : 'status'}
      variant="light"
      title={
        <Title order={2} size="h4">
          {title}
        </Title>
      }
    >
      {children && <Stack gap="xs">{children}</Stack>}
    </Alert>
  );
}
