import { useState } from 'react';
import { Alert, Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Company, PaymentPlan, User } from '@paraaf/contract';
import { Page } from '../../../components/page';
import { isApiError } from '../../../lib/api-client';
import { companyQueryOptions, hasFeature, hasPermission, useUser } from '../../../lib/auth';
import { usePaymentPlans } from '../api/get-payment-plans';
import { useRecurringPaymentStatus } from '../api/get-recurring-payment-status';
import { BuyCreditsForm } from '../components/buy-credits-form';
import { PaymentHistory } from '../components/payment-history';
import { PendingChange } from '../components/pending-change';
import { PlanCard } from '../components/plan-card';
import { PlanChangeModal } from '../components/plan-change-modal';
import { SubscriptionStatus } from '../components/subscription-status';
import { formatDay } from '../../../lib/format';
import {
  amsterdamToday,
  needsFirstPayment,
  pendingPlanChange,
  planChangeStart,
} from '../lib/plans';
import { texts } from '../texts';

/** /instellingen/credits (seed 001 §2 'Credits and subscriptions'); needs getPaymentPlans. */
export function CreditsRoute() {
  const user = useUser();
  const company = useQuery(companyQueryOptions());
  if (company.isError) {
    return (
      <Page title={texts.title}>
        <Alert color="red" role="alert">
          {isApiError(company.error) && company.error.message
            ? company.error.message
            : texts.loadFailed}
        </Alert>
      </Page>
    );
  }
  if (!company.data || !user) return null;
  return (
    <Page title={texts.title}>
      <CreditsScreen user={user} company={company.data} />
    </Page>
  );
}

function CreditsScreen({ user, company }: { user: User; company: Company }) {
  const today = amsterdamToday();
  const mayBuy = hasPermission(user, 'addCredits') && hasFeature(company, 'buy_credits');
  const maySeePlans = hasPermission(user, 'getPaymentPlans');
  const mayChange = hasPermission(user, 'changePaymentPlan');
  const mayCancel = hasPermission(user, 'cancelPaymentPlan');
  const maySeeMandate = hasPermission(user, 'getRecurringPaymentStatus');

  const plans = usePaymentPlans(maySeePlans);
  const recurring = useRecurringPaymentStatus(maySeeMandate);
  const [choosing, setChoosing] = useState<PaymentPlan | null>(null);
  // After a plan change the page brings the new 'Geplande wijziging' into view, above the cards.
  const [revealPending, setRevealPending] = useState(false);

  const current = company.current_payment_plan;
  const pending = pendingPlanChange(company, today);
  const canWithdraw = recurring.data?.can_withdraw;

  return (
    <Stack gap="xl">
      <SimpleGrid cols={{ base: 1, md: mayBuy ? 2 : 1 }} spacing="lg">
        {mayBuy && (
          <BuyCreditsForm
            credits={company.credits}
            pricePerCredit={current.price.price_per_credit}
          />
        )}
        <SubscriptionStatus
          planName={current.name}
          nextPaymentDate={company.next_payment_date}
          canWithdraw={canWithdraw}
        />
      </SimpleGrid>

      {pending && (
        <PendingChange
          change={pending}
          mayCancel={mayCancel}
          reveal={revealPending}
          onRevealed={() => setRevealPending(false)}
        />
      )}

      {maySeePlans && (
        <Stack gap="sm" component="section" aria-labelledby="plans-title">
          <Title order={2} size="h3" id="plans-title">
            {texts.plans.title}
          </Title>
          {plans.isPending ? (
            <Center p="xl">
              <Loader role="status" aria-label="Laden" />
            </Center>
          ) : plans.isError ? (
            <Text c="red.8" role="alert">
              {plans.error.message || texts.loadFailed}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
              {plans.data.map((plan) => (
                <PlanCard
                  key={plan.id}
                  plan={plan}
                  isCurrent={plan.id === current.id}
                  pending={
                    pending && pending.id === plan.id
                      ? {
                          label:
                            pending.status === 'awaiting_payment'
                              ? texts.plans.awaitingPayment
                              : texts.plans.scheduled(formatDay(pending.valid_from)),
                        }
                      : null
                  }
                  onChoose={mayChange ? () => setChoosing(plan) : undefined}
                />
              ))}
            </SimpleGrid>
          )}
        </Stack>
      )}

      {maySeePlans && <PaymentHistory />}

      {choosing && (
        <PlanChangeModal
          plan={choosing}
          today={today}
          startsOn={planChangeStart(company, today)}
          firstPayment={needsFirstPayment(choosing, canWithdraw ?? false)}
          replaces={pending}
          onClose={() => setChoosing(null)}
          onScheduled={() => setRevealPending(true)}
        />
      )}
    </Stack>
  );
}
