import { Badge } from '@mantine/core';
import type { PaymentState } from '@paraaf/contract';
import { texts } from '../texts';

const colors: Record<PaymentState, string> = {
  paid: 'teal',
  open: 'blue',
  pending: 'yellow',
  authorized: 'yellow',
  failed: 'red',
  canceled: 'gray',
  expired: 'gray',
};

/** A payment's Mollie status in Dutch: Betaald, Open, Mislukt, Geannuleerd, Verlopen, … */
export function PaymentStatusBadge({ status }: { status: PaymentState }) {
  return (
    <Badge color={colors[status]} variant="light">
      {texts.status[status]}
    </Badge>
  );
}
