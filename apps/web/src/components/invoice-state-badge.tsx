import { Badge } from '@mantine/core';
import { invoiceStateLabels, type InvoiceState } from '@paraaf/contract';

/** Open or Betaald. */
export function InvoiceStateBadge({ state }: { state: InvoiceState }) {
  return (
    <Badge color={state === 'paid' ? 'teal' : 'orange'} variant="light" data-testid="invoice-state">
      {invoiceStateLabels[state]}
    </Badge>
  );
}
