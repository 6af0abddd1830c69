import { Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { reassignSignerBody, type SignerDto } from '@paraaf/contract';
import { BusyModal } from '../../../components/busy-modal';
import { isApiError } from '../../../lib/api-client';
import { zodErrors } from '../../../lib/form';
import { useReassignSigner } from '../api/actions';
import { texts } from '../texts';

/** 'Vervangen': the sender gives a signer's place to another person. */
export function ReassignModal({
  requestId,
  signer,
  onClose,
}: {
  requestId: number;
  signer: SignerDto;
  onClose: () => void;
}) {
  const reassign = useReassignSigner(requestId);
  const form = useForm({
    initialValues: { firstname: '', lastname: '', email: '', reason: '' },
    validate: (values) => zodErrors(reassignSignerBody, { ...values, signer_id: signer.id }),
  });

  async function submit(values: typeof form.values) {
    try {
      await reassign.mutateAsync({ ...values, signer_id: signer.id });
      notifications.show({ title: texts.reassignOk, message: '', color: 'teal' });
      onClose();
    } catch (e) {
      if (isApiError(e, 422)) form.setErrors(e.fieldErrors());
      else console.error(e);
    }
  }

  return (
    <BusyModal busy={reassign.isPending} onClose={onClose} title={texts.reassignTitle} size="lg">
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="md">
          <Text size="sm">{texts.reassignIntro}</Text>
          <Group grow>
            <TextInput label={texts.firstname} required {...form.getInputProps('firstname')} />
            <TextInput label={texts.lastname} required {...form.getInputProps('lastname')} />
          </Group>
          <TextInput label={texts.email} type="email" required {...form.getInputProps('email')} />
          <Textarea label={texts.reassignReason} required {...form.getInputProps('reason')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {texts.cancel}
            </Button>
            <Button type="submit" loading={reassign.isPending}>
              {texts.reassignSave}
            </Button>
          </Group>
        </Stack>
      </form>
    </BusyModal>
  );
}
