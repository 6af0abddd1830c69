import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { CompanyPaymentPlan, PaymentPlan } from '@paraaf/contract';
import { isApiError } from '../../../lib/api-client';
import { formatEuro } from '../../../lib/format';
import { useChoosePlan } from '../api/choose-plan';
import { checkout } from '../lib/checkout';
import { formatDay } from '../../../lib/format';
import { monthlyPriceInclVat } from '../lib/price';
import { texts } from '../texts';
import { BusyModal } from '../../../components/busy-modal';

/**
 * Confirms a plan change and says when it starts; a month plan without a mandate goes to the
 * checkout for its first payment (the plan starts once that is paid).
 */
export function PlanChangeModal({
  plan,
  startsOn,
  today,
  firstPayment,
  replaces,
  onClose,
  onScheduled,
}: {
  plan: PaymentPlan;
  /** 'YYYY-MM-DD' the change would start. */
  startsOn: string;
  today: string;
  firstPayment: boolean;
  /** The pending change this choice replaces. */
  replaces: CompanyPaymentPlan | null;
  onClose: () => void;
  /** The change is scheduled (no checkout): the screen shows it as 'Geplande wijziging'. */
  onScheduled?: () => void;
}) {
  const choose = useChoosePlan();
  const leaving = choose.isSuccess && !!choose.data.redirect_url;
  const locked = choose.isPending || leaving;

  async function confirm() {
    const answer = await choose.mutateAsync(plan.id).catch(() => null);
    if (!answer) return;
    if (answer.redirect_url) {
      checkout.open(answer.redirect_url);
      return;
    }
    const date = answer.payment_plan?.valid_from ?? startsOn;
    notifications.show({
      color: 'teal',
      title: texts.change.done,
      message: texts.change.doneBody(plan.name, formatDay(date)),
      autoClose: 10_000,
    });
    onScheduled?.();
    onClose();
  }

  const error = choose.error;
  return (
    <BusyModal busy={locked} onClose={onClose} title={texts.change.modalTitle(plan.name)} centered>
      <Stack gap="md">
        <Text>
          {startsOn <= today
            ? texts.change.startsToday(formatDay(today))
            : texts.change.startsOn(formatDay(startsOn))}
        </Text>
        {firstPayment && (
          <Text>
            {texts.change.firstPayment(formatEuro(monthlyPriceInclVat(plan.price.price)))}
          </Text>
        )}
        {replaces && (
          <Text size="sm" c="dimmed">
            {texts.change.replaces(replaces.name, formatDay(replaces.valid_from))}
          </Text>
        )}
        {error && (
          <Alert color="red" role="alert">
            {errorText(error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={locked}>
            {texts.change.cancel}
          </Button>
          <Button onClick={() => void confirm()} loading={locked}>
            {texts.change.confirm}
          </Button>
        </Group>
      </Stack>
    </BusyModal>
  );
}

/** A 422's field message ('Dit is al je huidige abonnement'), else the server's message. */
function errorText(error: unknown): string {
  if (!isApiError(error)) return texts.loadFailed;
  const fields = Object.values(error.fieldErrors());
  return fields[0] ?? (error.message || texts.loadFailed);
}
