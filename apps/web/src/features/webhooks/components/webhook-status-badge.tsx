import { Badge } from '@mantine/core';
import { webhookBadge } from '@paraaf/contract';
import { badgeColors, texts } from '../texts';

/** Seed 001 §4: 200–399 success, 400–499 warning, 500 and above (or no answer) error. */
export function WebhookStatusBadge({ statusCode }: { statusCode: number | null }) {
  return (
    <Badge
      color={badgeColors[webhookBadge(statusCode)]}
      variant="light"
      data-testid="webhook-badge"
      data-badge={webhookBadge(statusCode)}
    >
      {statusCode ?? texts.noResponse}
    </Badge>
  );
}
