import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { planFeatureLabels, type Feature, type PaymentPlan } from '@paraaf/contract';
import { formatEuro } from '../../../lib/format';
import { monthlyPrice, verificationPrice } from '../lib/plans';
import { texts } from '../texts';

const featureOrder = Object.entries(planFeatureLabels) as [Feature, string][];

/**
 * One plan (seed 001 §2 'Credits and subscriptions'): prices, what it includes and a button to
 * choose it. `pendingFrom` marks the plan a scheduled change moves to.
 */
export function PlanCard({
  plan,
  isCurrent,
  pending,
  onChoose,
}: {
  plan: PaymentPlan;
  isCurrent: boolean;
  /** The scheduled change to this plan: its start date shown, or that it awaits payment. */
  pending: { label: string } | null;
  /** Absent when the user may not change plans. */
  onChoose?: () => void;
}) {
  const price = plan.price;
  const titleId = `plan-${plan.id}-title`;
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="article"
      aria-labelledby={titleId}
      data-current={isCurrent || undefined}
      style={
        isCurrent
          ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 }
          : undefined
      }
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={3} size="h4" id={titleId}>
            {plan.name}
          </Title>
          {isCurrent && <Badge variant="filled">{texts.plans.current}</Badge>}
          {!isCurrent && pending && (
            <Badge variant="light" color="orange">
              {pending.label}
            </Badge>
          )}
        </Group>
        <div>
          <Text fz={26} fw={700} lh={1.2}>
            {monthlyPrice(plan)}
          </Text>
          {price.price > 0 && (
            <Text size="sm" c="dimmed">
              {texts.plans.perMonth}, {texts.plans.excl}
            </Text>
          )}
          {price.type === 'invoice' && (
            <Text size="sm" c="dimmed">
              {texts.plans.invoicePlan}
            </Text>
          )}
        </div>
        <dl style={{ margin: 0 }}>
          <Fact label={texts.plans.creditsPerMonth} value={String(price.credits_per_month)} />
          <Fact label={texts.plans.pricePerCredit} value={formatEuro(price.price_per_credit)} />
          <Fact
            label={texts.plans.users}
            value={price.users === null ? texts.plans.unlimited : String(price.users)}
          />
          <Fact
            label={texts.plans.sms}
            value={verificationPrice(price.sms_credits_price, price.sms_euros_price)}
          />
          <Fact
            label={texts.plans.idin}
            value={
              plan.features.includes('idin_verification')
                ? verificationPrice(price.idin_credits_price, price.idin_euros_price)
                : texts.plans.notIncluded
            }
          />
          <Fact
            label={texts.plans.wallet}
            value={
              plan.features.includes('wallet_verification')
                ? verificationPrice(price.wallet_credits_price, price.wallet_euros_price)
                : texts.plans.notIncluded
            }
          />
        </dl>
        <List spacing={4} size="sm" center>
          {featureOrder.map(([feature, label]) => {
            const has = plan.features.includes(feature);
            return (
              <List.Item
                key={feature}
                c={has ? undefined : 'dimmed'}
                icon={
                  <ThemeIcon
                    size={20}
                    radius="xl"
                    variant="light"
                    color={has ? 'teal' : 'gray'}
                    role="img"
                    aria-label={has ? texts.plans.has : texts.plans.hasNot}
                  >
                    {has ? <IconCheck size={14} /> : <IconX size={14} />}
                  </ThemeIcon>
                }
              >
                {label}
              </List.Item>
            );
          })}
        </List>
        {onChoose && !isCurrent && !pending && (
          <Button mt="auto" variant="light" onClick={onChoose} aria-describedby={titleId}>
            {texts.plans.choose}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" py={2}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" fw={500} m={0} ta="right">
        {value}
      </Text>
    </Group>
  );
}
