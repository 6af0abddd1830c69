import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  invoiceMessages,
  invoiceStateLabels,
  invoiceStates,
  messages,
  updateInvoiceBody,
  type AdminInvoice,
  type InvoiceState,
} from '@paraaf/contract';
import { isApiError } from '../../../lib/api-client';
import { zodErrors } from '../../../lib/form';
import { useUpdateInvoice } from '../api/all-invoices';

/** The edit modal of a manual invoice: only its state (open or paid) can change. */
export function InvoiceEditModal({
  invoice,
  onClose,
}: {
  invoice: AdminInvoice;
  onClose: () => void;
}) {
  const update = useUpdateInvoice();
  const form = useForm<{ state: InvoiceState | '' }>({
    initialValues: { state: invoice.state },
    validate: (values) => zodErrors(updateInvoiceBody, { state: values.state || undefined }),
  });

  async function submit(values: { state: InvoiceState | '' }) {
    try {
      await update.mutateAsync({ id: invoice.id, state: values.state as InvoiceState });
      notifications.show({ message: invoiceMessages.updated, color: 'teal', autoClose: 10_000 });
      onClose();
    } catch (e) {
      // Seed 001 §8: a failed edit is a browser alert.
      window.alert(isApiError(e) ? e.message : messages.serverError);
    }
  }

  return (
    <Modal opened onClose={onClose} title={`Factuur ${invoice.invoice_no} bewerken`}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {invoice.debtor_name}
          </Text>
          <Radio.Group label="Status" withAsterisk {...form.getInputProps('state')}>
            <Group mt="xs">
              {invoiceStates.map((state) => (
                <Radio key={state} value={state} label={invoiceStateLabels[state]} />
              ))}
            </Group>
          </Radio.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Sluiten
            </Button>
            <Button type="submit" loading={update.isPending}>
              Opslaan
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
