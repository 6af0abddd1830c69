import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  centsOfEuros,
  centsToInput,
  customPlanBody,
  type CustomPaymentPlan,
  type CustomPlanInput,
} from '@paraaf/contract';
import {
  HighPriceConfirm,
  MoneyInput,
  moneyBody,
  priceChanged,
  priceConfirmationError,
} from '../../../components/money-input';
import { notifySaved, saveFailure, zodErrors } from '../../../lib/form';
import { useSaveCustomPlan } from '../api/custom-plans';
import { BusyModal } from '../../../components/busy-modal';

/** Seed 001 'Admin: custom subscriptions': the fields in their order; euros or a count. */
const priceFields = [
  ['price_per_month', 'Prijs per maand (ex btw)', 'euros'],
  ['price_per_credit', 'Prijs per prepaid credit (ex btw)', 'euros'],
  ['credits_per_month', 'Credits per maand', 'count'],
  ['sms_euros_price', 'Prijs per SMS', 'euros'],
  ['sms_credits_price', 'Credits per SMS', 'count'],
  ['idin_euros_price', 'Prijs per iDIN transactie', 'euros'],
  ['idin_credits_price', 'Credits per iDIN transactie', 'count'],
  ['wallet_euros_price', 'Prijs per EU-wallet verificatie', 'euros'],
  ['wallet_credits_price', 'Credits per EU-wallet verificatie', 'count'],
] as const;

type PriceField = (typeof priceFields)[number][0];
type Values = {
  name: string;
  available_for_companies: string[];
  /** A price per credit above € 100 is ticked as meant. */
  confirm_price: boolean;
  delegation_costs_credit: boolean;
} & Record<PriceField, string>;

function initialValues(plan: CustomPaymentPlan | null): Values {
  const value = (field: PriceField, kind: 'euros' | 'count') => {
    if (!plan) return '';
    const cents = kind === 'euros' ? centsOfEuros(plan[field]) : null;
    return cents === null ? String(plan[field]) : centsToInput(cents);
  };
  return {
    name: plan?.name ?? '',
    available_for_companies: plan?.available_for_companies.map((c) => String(c.id)) ?? [],
    confirm_price: false,
    delegation_costs_credit: plan?.delegation_costs_credit ?? false,
    ...(Object.fromEntries(priceFields.map(([f, , kind]) => [f, value(f, kind)])) as Record<
      PriceField,
      string
    >),
  };
}

/** The request: amounts as '0.85' (whatever separator was typed), companies as ids. */
function toBody({ confirm_price: _, ...values }: Values): CustomPlanInput {
  const amounts = Object.fromEntries(
    priceFields.map(([field, , kind]) => [
      field,
      kind === 'euros' ? moneyBody(values[field]) : values[field],
    ]),
  ) as Record<PriceField, string>;
  return {
    ...values,
    ...amounts,
    available_for_companies: values.available_for_companies.map(Number),
  };
}

/** 'Abonnement aanmaken/bewerken' (seed 001 'Admin: custom subscriptions'). */
export function CustomPlanModal({
  plan,
  companies,
  onClose,
}: {
  plan: CustomPaymentPlan | null;
  companies: { id: number; name: string }[];
  onClose: () => void;
}) {
  const save = useSaveCustomPlan();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: initialValues(plan),
    // A confirmation is of one price: another price asks again.
    onValuesChange: (values, previous) => {
      if (values.confirm_price && priceChanged(values.price_per_credit, previous.price_per_credit))
        form.setFieldValue('confirm_price', false);
    },
    validate: (values) => {
      const errors = zodErrors(customPlanBody, toBody(values));
      const unconfirmed = priceConfirmationError(values.price_per_credit, values.confirm_price);
      return unconfirmed ? { ...errors, confirm_price: unconfirmed } : errors;
    },
  });

  async function submit(values: Values) {
    setError(null);
    try {
      await save.mutateAsync({ id: plan?.id ?? null, body: toBody(values) });
      notifySaved();
      onClose();
    } catch (e) {
      const failure = saveFailure(e);
      form.setErrors(failure.fields);
      setError(failure.message);
    }
  }

  const loading = save.isPending;
  return (
    <BusyModal busy={loading} onClose={onClose} title="Abonnement aanmaken/bewerken" size="lg">
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput label="Naam" required data-autofocus {...form.getInputProps('name')} />
          <MultiSelect
            label="Beschikbaar voor"
            required
            searchable
            data={companyOptions(companies)}
            nothingFoundMessage="Geen bedrijf gevonden"
            {...form.getInputProps('available_for_companies')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {priceFields.map(([field, label, kind]) =>
              kind === 'euros' ? (
                <MoneyInput key={field} label={label} required {...form.getInputProps(field)} />
              ) : (
                <TextInput
                  key={field}
                  label={label}
                  inputMode="numeric"
                  required
                  {...form.getInputProps(field)}
                />
              ),
            )}
          </SimpleGrid>
          <Checkbox
            label="Delegeren kost een credit"
            description="Geeft een ondertekenaar de ondertekening door aan iemand anders, dan kost dat het bedrijf één credit extra."
            {...form.getInputProps('delegation_costs_credit', { type: 'checkbox' })}
          />
          <HighPriceConfirm
            price={form.values.price_per_credit}
            {...form.getInputProps('confirm_price', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={loading}>
              Sluiten
            </Button>
            <Button type="submit" loading={loading}>
              Opslaan
            </Button>
          </Group>
        </Stack>
      </form>
    </BusyModal>
  );
}

/** Companies by name; two of the same name are told apart by their number. */
export function companyOptions(companies: { id: number; name: string }[]) {
  const count = new Map<string, number>();
  for (const c of companies) count.set(c.name, (count.get(c.name) ?? 0) + 1);
  return companies.map((c) => ({
    value: String(c.id),
    label: (count.get(c.name) ?? 0) > 1 ? `${c.name} (#${c.id})` : c.name,
  }));
}
