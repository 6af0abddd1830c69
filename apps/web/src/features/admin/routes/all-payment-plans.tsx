import { useState } from 'react';
import { Button, Card, SimpleGrid, Stack, Text, Group } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import type { CustomPaymentPlan } from '@paraaf/contract';
import { ListState } from '../../../components/list-state';
import { Page } from '../../../components/page';
import { Pagination } from '../../../components/pagination';
import { usePageParam } from '../../../components/use-page-param';
import { hasPermission, useUser } from '../../../lib/auth';
import { formatEuro } from '../../../lib/format';
import { useCustomPlans } from '../api/custom-plans';
import { CustomPlanModal } from '../components/custom-plan-modal';
import { verificationPrice } from '../lib/plan-prices';

/** Seed 001 'Admin: custom subscriptions' (/all-payment-plans). */
export function AllPaymentPlansRoute() {
  const me = useUser();
  const [page, setPage] = usePageParam();
  const plans = useCustomPlans(page);
  const [editing, setEditing] = useState<CustomPaymentPlan | 'new' | null>(null);
  const mayCreate = hasPermission(me, 'adminCreatePaymentPlan');
  const list = plans.data?.payment_plans.data ?? [];

  return (
    <Page
      title="Aangepaste abonnementen"
      actions={
        mayCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Nieuw aangepast abonnement
          </Button>
        )
      }
    >
      <ListState query={plans} count={list.length} empty="Er zijn nog geen aangepaste abonnementen">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {list.map((plan) => (
            <Card key={plan.id} withBorder radius="lg" padding="lg" component="article">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fw={600} component="h2" fz="lg" m={0}>
                    {plan.name}
                  </Text>
                  {mayCreate && (
                    <Button
                      size="xs"
                      variant="subtle"
                      leftSection={<IconPencil size={14} />}
                      onClick={() => setEditing(plan)}
                      aria-label={`${plan.name} bewerken`}
                    >
                      Bewerken
                    </Button>
                  )}
                </Group>
                <Stack gap={2} component="dl" m={0}>
                  {(
                    [
                      ['Prijs per maand', formatEuro(plan.price_per_month)],
                      ['Credits per maand', String(plan.credits_per_month)],
                      ['Prijs per credit', formatEuro(plan.price_per_credit)],
                      [
                        'Prijs per SMS',
                        verificationPrice(plan.sms_credits_price, plan.sms_euros_price),
                      ],
                      [
                        'Prijs per iDIN',
                        verificationPrice(plan.idin_credits_price, plan.idin_euros_price),
                      ],
                      [
                        'Prijs per EU-wallet',
                        verificationPrice(plan.wallet_credits_price, plan.wallet_euros_price),
                      ],
                      [
                        'Beschikbaar voor',
                        plan.available_for_companies.map((c) => c.name).join(', '),
                      ],
                    ] as const
                  ).map(([label, value]) => (
                    <Group key={label} gap="xs" wrap="nowrap" align="flex-start">
                      <Text component="dt" size="sm" c="dimmed" w={140} style={{ flexShrink: 0 }}>
                        {label}
                      </Text>
                      <Text component="dd" size="sm" m={0}>
                        {value}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </ListState>
      {plans.data && plans.data.payment_plans.total > 0 && (
        <Stack align="center">
          <Pagination
            page={page}
            lastPage={plans.data.payment_plans.last_page}
            onChange={setPage}
          />
        </Stack>
      )}
      {editing && plans.data && (
        <CustomPlanModal
          plan={editing === 'new' ? null : editing}
          companies={plans.data.companies}
          onClose={() => setEditing(null)}
        />
      )}
    </Page>
  );
}
