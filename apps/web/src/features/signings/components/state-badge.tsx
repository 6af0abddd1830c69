import { Badge } from '@mantine/core';
import { signRequestStateHelp, signRequestStates, type SignRequestStateId } from '@paraaf/contract';

const colours: Record<number, string> = {
  1: 'gray',
  2: 'cyan',
  3: 'blue',
  4: 'red',
  5: 'green',
  6: 'orange',
  7: 'orange',
  8: 'gray',
  9: 'red',
  40: 'red',
  50: 'red',
  51: 'red',
  60: 'teal',
};

/** A sign request's or signer's state as a badge (labels of seed 000 §4). */
export function StateBadge({
  stateId,
  of = 'request',
}: {
  stateId: number;
  /** A request's badge carries the state's one-line meaning as its tooltip. */
  of?: 'request' | 'signer';
}) {
  const label =
    stateId === 5
      ? 'Getekend'
      : (signRequestStates[stateId as keyof typeof signRequestStates] ?? String(stateId));
  return (
    <Badge
      color={colours[stateId] ?? 'gray'}
      variant="light"
      data-testid="state-badge"
      // Never cut to 'Ge…': the whole label, however narrow the column or card around it.
      styles={{
        root: { textTransform: 'none', maxWidth: 'none', flexShrink: 0, overflow: 'visible' },
        label: { overflow: 'visible' },
      }}
      title={of === 'request' ? signRequestStateHelp[stateId as SignRequestStateId] : undefined}
    >
      {label}
    </Badge>
  );
}
