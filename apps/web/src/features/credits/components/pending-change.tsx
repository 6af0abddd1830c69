import { useEffect, useRef } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarEvent } from '@tabler/icons-react';
import type { CompanyPaymentPlan } from '@paraaf/contract';
import { isApiError } from '../../../lib/api-client';
import { useCancelPlanChange } from '../api/cancel-plan-change';
import { formatDay } from '../../../lib/format';
import { texts } from '../texts';

/** The plan change still to come, with its date and (with cancelPaymentPlan) a cancel button. */
export function PendingChange({
  change,
  mayCancel,
  reveal = false,
  onRevealed,
}: {
  change: CompanyPaymentPlan;
  mayCancel: boolean;
  /** Scroll this change into view (it was just scheduled), then call onRevealed. */
  reveal?: boolean;
  onRevealed?: () => void;
}) {
  const cancel = useCancelPlanChange();
  const ref = useRef<HTMLDivElement>(null);
  // A first change mounts this panel once the company is fetched again, with `reveal` set.
  useEffect(() => {
    if (!reveal || !ref.current) return;
    ref.current.scrollIntoView({ behavior: 'smooth', block: 'center' });
    ref.current.focus({ preventScroll: true });
    onRevealed?.();
  }, [reveal, onRevealed]);

  async function onCancel() {
    const done = await cancel
      .mutateAsync({ id: change.id, date: change.valid_from })
      .then(() => true)
      .catch(() => false);
    if (done) {
      notifications.show({
        color: 'teal',
        title: texts.scheduled.cancelled,
        message: texts.scheduled.cancelledBody,
        autoClose: 10_000,
      });
    }
  }

  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconCalendarEvent />}
      title={texts.scheduled.title}
      role="region"
      aria-label={texts.scheduled.title}
      ref={ref}
      tabIndex={-1}
    >
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm">
          {change.status === 'awaiting_payment'
            ? texts.scheduled.awaiting(change.name)
            : texts.scheduled.body(change.name, formatDay(change.valid_from))}
        </Text>
        {mayCancel && (
          <Button
            size="xs"
            variant="white"
            color="red"
            onClick={() => void onCancel()}
            loading={cancel.isPending}
          >
            {texts.scheduled.cancel}
          </Button>
        )}
      </Group>
      {cancel.isError && (
        <Text size="sm" c="red.8" mt="xs" role="alert">
          {isApiError(cancel.error) && cancel.error.message
            ? cancel.error.message
            : texts.loadFailed}
        </Text>
      )}
    </Alert>
  );
}
