import { useState } from 'react';
import { Alert, Button, Group, MultiSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { customPlanBody, type CustomPaymentPlan } from '@paraaf/contract';
import { notifySaved, saveFailure, zodErrors } from '../../../lib/form';
import { useSaveCustomPlan } from '../api/custom-plans';
import { BusyModal } from '../../../components/busy-modal';

const priceFields = [
  ['price_per_month', 'Prijs per maand (ex btw)'],
  ['price_per_credit', 'Prijs per prepaid credit (ex btw)'],
  ['credits_per_month', 'Credits per maand'],
  ['sms_euros_price', 'Prijs per SMS'],
  ['sms_credits_price', 'Credits per SMS'],
  ['idin_euros_price', 'Prijs per iDIN transactie'],
  ['idin_credits_price', 'Credits per iDIN transactie'],
] as const;

type PriceField = (typeof priceFields)[number][0];
type Values = { name: string; available_for_companies: string[] } & Record<PriceField, string>;

function initialValues(plan: CustomPaymentPlan | null): Values {
  const value = (field: PriceField) => (plan ? String(plan[field]) : '');
  return {
    name: plan?.name ?? '',
    available_for_companies: plan?.available_for_companies.map((c) => String(c.id)) ?? [],
    ...(Object.fromEntries(priceFields.map(([f]) => [f, value(f)])) as Record<PriceField, string>),
  };
}

const toBody = (values: Values) => ({
  ...values,
  available_for_companies: values.available_for_companies.map(Number),
});

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
    validate: (values) => zodErrors(customPlanBody, toBody(values)),
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
            {priceFields.map(([field, label]) => (
              <TextInput
                key={field}
                label={label}
                type="number"
                inputMode="decimal"
                step={0.01}
                min={0}
                required
                {...form.getInputProps(field)}
              />
            ))}
          </SimpleGrid>
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
