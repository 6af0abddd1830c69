import { Group, Paper, Text } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import type { PaymentPlanPrice } from '@paraaf/contract';
import { planPrices } from '../lib/wizard';
import { texts } from '../texts';

/**
 * The extra fees of the current plan (seed 000 §2): SMS, iDIN and EU wallet per use. A price shows only
 * where its method can be chosen: iDIN with the company feature idin_verification (SMS needs
 * no feature; every company may choose it).
 */
export function PlanPrices({
  plan,
  idinEnabled,
  walletEnabled = false,
}: {
  plan: PaymentPlanPrice | undefined;
  idinEnabled: boolean;
  walletEnabled?: boolean;
}) {
  const prices = planPrices(plan);
  return (
    <Paper withBorder radius="md" px="md" py="xs" bg="var(--mantine-color-gray-0)">
      <Group gap="lg" wrap="wrap">
        <Group gap={6}>
          <IconCoins size={18} aria-hidden />
          <Text size="sm" fw={600}>
            {texts.prices.title}
          </Text>
        </Group>
        <Text size="sm">{texts.prices.perSigner}</Text>
        <Text size="sm">
          {texts.prices.sms}: {prices.sms}
        </Text>
        {idinEnabled && (
          <Text size="sm">
            {texts.prices.idin}: {prices.idin}
          </Text>
        )}
        {walletEnabled && (
          <Text size="sm">
            {texts.prices.wallet}: {prices.wallet}
          </Text>
        )}
      </Group>
    </Paper>
  );
}
