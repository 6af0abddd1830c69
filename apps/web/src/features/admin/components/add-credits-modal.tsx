import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Stack, Table, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  VAT_PERCENT,
  addCreditsWithInvoiceBody,
  invoiceMessages,
  messages,
  vatCents,
  type AdminUserRow,
} from '@paraaf/contract';
import {
  HighPriceConfirm,
  MoneyInput,
  centsOfInput,
  moneyBody,
  priceChanged,
  priceConfirmationError,
} from '../../../components/money-input';
import { isApiError } from '../../../lib/api-client';
import { formatEuro } from '../../../lib/format';
import { zodErrors } from '../../../lib/form';
import { newIdempotencyKey, useAddCreditsWithInvoice } from '../api/all-invoices';

interface Values {
  total_credits: number | string;
  price_per_credit: string;
  /** A price per credit above € 100 is ticked as meant. */
  confirm_price: boolean;
  email: string;
  name: string;
  description: string;
}

/** Cents excl. VAT of credits × price, or null while either is not a valid number. */
function totalCents(values: Values): number | null {
  const credits = Number(values.total_credits);
  const price = centsOfInput(values.price_per_credit);
  if (!Number.isInteger(credits) || credits < 1 || price === null) return null;
  return credits * price;
}

/**
 * 'Credits toevoegen en factuur versturen' (seed 001): a platform admin adds credits to the
 * company of `user` and sends it an open invoice. The recipient defaults to the company's first
 * user, else `user`. Opened from the /all-users cards.
 */
export function AddCreditsModal({ user, onClose }: { user: AdminUserRow; onClose: () => void }) {
  const add = useAddCreditsWithInvoice();
  // One key per filled-in form: a double click or a retry after a lost answer books once.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const recipient = user.company.first_user ?? { name: user.name, email: user.email };
  const form = useForm<Values>({
    initialValues: {
      total_credits: '',
      price_per_credit: '',
      confirm_price: false,
      email: recipient.email,
      name: recipient.name,
      description: invoiceMessages.defaultDescription,
    },
    // A confirmation is of one price: another price asks again.
    onValuesChange: (values, previous) => {
      if (values.confirm_price && priceChanged(values.price_per_credit, previous.price_per_credit))
        form.setFieldValue('confirm_price', false);
    },
    validate: (values) => {
      const errors = zodErrors(addCreditsWithInvoiceBody, bodyOf(values));
      const unconfirmed = priceConfirmationError(values.price_per_credit, values.confirm_price);
      return unconfirmed ? { ...errors, confirm_price: unconfirmed } : errors;
    },
  });

  function bodyOf(values: Values) {
    return {
      total_credits: values.total_credits === '' ? undefined : values.total_credits,
      price_per_credit:
        values.price_per_credit === '' ? undefined : moneyBody(values.price_per_credit),
      email: values.email,
      name: values.name,
      description: values.description,
    };
  }

  async function submit(values: Values) {
    try {
      await add.mutateAsync({
        companyId: user.company.id,
        total_credits: Number(values.total_credits),
        price_per_credit: moneyBody(values.price_per_credit),
        email: values.email,
        name: values.name,
        description: values.description,
        idempotencyKey,
      });
      notifications.show({
        message: invoiceMessages.creditsAdded,
        color: 'teal',
        autoClose: 10_000,
      });
      onClose();
    } catch (e) {
      if (isApiError(e, 422) && Object.keys(e.errors).length) form.setErrors(e.fieldErrors());
      // Seed 001 §8: any other failure is a browser alert.
      else window.alert(isApiError(e) ? e.message : messages.serverError);
    }
  }

  const excl = totalCents(form.values);
  const summary: [string, string][] = [
    ['Bedrijf', user.company.name],
    ['Ontvanger', `${form.values.name} (${form.values.email})`],
    ['Omschrijving', form.values.description],
    ['Credits', String(form.values.total_credits || '')],
    ['Prijs excl. btw', excl === null ? '' : formatEuro(excl / 100)],
    [
      `Prijs incl. btw (${VAT_PERCENT}%)`,
      excl === null ? '' : formatEuro((excl + vatCents(excl)) / 100),
    ],
  ];

  return (
    <Modal opened onClose={onClose} title="Credits toevoegen en factuur versturen" size="lg">
      <form onSubmit={form.onSubmit(submit)} noValidate data-testid="add-credits-form">
        <Stack gap="sm">
          <NumberInput
            label="Aantal credits"
            withAsterisk
            min={1}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('total_credits')}
          />
          <MoneyInput
            label="Prijs per credit"
            description="In euro, excl. btw"
            withAsterisk
            {...form.getInputProps('price_per_credit')}
          />
          <HighPriceConfirm
            price={form.values.price_per_credit}
            {...form.getInputProps('confirm_price', { type: 'checkbox' })}
          />
          <TextInput
            label="Factuur versturen naar"
            type="email"
            withAsterisk
            {...form.getInputProps('email')}
          />
          <TextInput label="Naam ontvanger" withAsterisk {...form.getInputProps('name')} />
          <TextInput
            label="Factuurregel omschrijving"
            withAsterisk
            {...form.getInputProps('description')}
          />
          <Table data-testid="add-credits-summary" aria-label="Samenvatting">
            <Table.Tbody>
              {summary.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th scope="row" fw={500}>
                    {label}
                  </Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Sluiten
            </Button>
            <Button type="submit" loading={add.isPending}>
              Credits toevoegen
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
