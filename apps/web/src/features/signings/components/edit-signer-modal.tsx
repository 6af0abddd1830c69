import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import {
  locales,
  signingMessages,
  updateSignerBody,
  verificationTypes,
  type SignerDto,
  type UpdateSignerBody,
} from '@paraaf/contract';
import { isApiError } from '../../../lib/api-client';
import { zodErrors } from '../../../lib/form';
import { useUpdateSigner } from '../api/actions';
import { texts } from '../texts';
import { BusyModal } from '../../../components/busy-modal';
import { RemindNowButton } from './remind-now-button';

interface Values {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  locale: string;
  verifications: string[];
  reminder_after: number | string;
  max_reminders: number | string;
}

function toBody(signerId: number, values: Values, idinServices: string[]): UpdateSignerBody {
  const verifications = values.verifications.map(Number);
  return {
    signer_id: signerId,
    firstname: values.firstname,
    lastname: values.lastname,
    email: values.email,
    phone: values.phone || null,
    locale: values.locale as UpdateSignerBody['locale'],
    verifications: verifications,
    idin_services: verifications.includes(4)
      ? (idinServices as UpdateSignerBody['idin_services'])
      : undefined,
    reminder_after: values.reminder_after,
    max_reminders: values.max_reminders,
  };
}

/** Edits a signer of a draft or a request in progress (seed 000 §2, §8). */
export function EditSignerModal({
  requestId,
  requestState,
  signer,
  withIdin,
  mayRemind,
  onClose,
}: {
  requestId: number;
  requestState: number;
  signer: SignerDto;
  withIdin: boolean;
  /** A reminder can go to this signer once saved (sendSignerReminder, the request sent). */
  mayRemind: boolean;
  onClose: () => void;
}) {
  const update = useUpdateSigner(requestId);
  const loading = update.isPending;
  const form = useForm<Values>({
    initialValues: {
      firstname: signer.firstname,
      lastname: signer.lastname,
      email: signer.email,
      phone: signer.phone ?? '',
      locale: signer.locale,
      verifications: signer.verifications.map((v) => String(v.type)),
      reminder_after: signer.reminder_after,
      max_reminders: signer.max_reminders,
    },
    validate: (values) =>
      zodErrors(updateSignerBody, toBody(signer.id, values, signer.idinServices)),
  });

  const verificationOptions = Object.entries(verificationTypes).filter(
    ([type]) => type !== '4' || withIdin || signer.verifications.some((v) => v.type === 4),
  );
  // The credits were charged for the methods chosen at sending (the server refuses a change).
  const verificationsLocked = requestState !== 1;
  const withSms = form.values.verifications.includes('2');

  async function submit(values: Values) {
    try {
      await update.mutateAsync(toBody(signer.id, values, signer.idinServices));
      // A new address gets no mail by itself (seed 000 §2): offer the reminder that sends the link.
      if (mayRemind && values.email.trim().toLowerCase() !== signer.email.toLowerCase()) {
        const id = `signer-edited-${signer.id}`;
        notifications.show({
          id,
          title: texts.editOk,
          message: <RemindNowButton requestId={requestId} signer={signer} notificationId={id} />,
          color: 'teal',
          autoClose: false,
        });
      } else {
        notifications.show({ title: texts.editOk, message: '', color: 'teal', autoClose: 2000 });
      }
      onClose();
    } catch (e) {
      console.error(e);
      if (isApiError(e, 422)) form.setErrors(e.fieldErrors());
      notifications.show({
        title: texts.editFailed,
        message: texts.editFailedBody,
        color: 'red',
        autoClose: 5000,
      });
    }
  }

  return (
    <BusyModal busy={loading} onClose={onClose} title={texts.editTitle} size="lg">
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack>
          <Alert color="blue" variant="light" icon={<IconInfoCircle />}>
            {texts.editNote}
          </Alert>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={texts.firstname}
              required
              data-autofocus
              {...form.getInputProps('firstname')}
            />
            <TextInput label={texts.lastname} required {...form.getInputProps('lastname')} />
          </SimpleGrid>
          <TextInput label={texts.email} type="email" required {...form.getInputProps('email')} />
          <NativeSelect
            label={texts.locale}
            required
            data={locales.map((l) => ({ value: l.locale, label: l.name }))}
            {...form.getInputProps('locale')}
          />
          <Checkbox.Group
            label={texts.verifications}
            required
            description={verificationsLocked ? signingMessages.verificationsLocked : undefined}
            {...form.getInputProps('verifications')}
          >
            <Group mt={6} gap="md">
              {verificationOptions.map(([type, label]) => (
                <Checkbox key={type} value={type} label={label} disabled={verificationsLocked} />
              ))}
            </Group>
          </Checkbox.Group>
          {withSms && (
            <TextInput label={texts.phone} type="tel" required {...form.getInputProps('phone')} />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={texts.reminderAfter}
              required
              min={1}
              max={30}
              allowDecimal={false}
              {...form.getInputProps('reminder_after')}
            />
            <NumberInput
              label={texts.maxReminders}
              required
              min={1}
              max={5}
              allowDecimal={false}
              {...form.getInputProps('max_reminders')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={loading}>
              {texts.cancelNo}
            </Button>
            <Button type="submit" loading={loading}>
              {texts.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </BusyModal>
  );
}
