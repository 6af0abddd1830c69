import { useState } from 'react';
import { Alert, Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  inviteUserBody,
  roleLabels,
  roles,
  updateUserBody,
  type InviteUserBody,
  type Role,
  type User,
} from '@paraaf/contract';
import { notifySaved, saveFailure, zodErrors } from '../../../lib/form';
import { useInviteUser } from '../api/invite-user';
import { useUpdateUser } from '../api/update-user';
import { BusyModal } from '../../../components/busy-modal';

interface Values {
  name: string;
  email: string;
  role: Role;
}

/** Invites a new user, or edits an existing one (`user` given): the role is fixed once it exists. */
export function UserFormModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const isNew = user === null;
  const invite = useInviteUser();
  const update = useUpdateUser();
  const loading = invite.isPending || update.isPending;
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      role: user?.roles[0]?.name ?? 'user',
    },
    validate: (values) =>
      isNew
        ? zodErrors(inviteUserBody, values)
        : zodErrors(updateUserBody, { name: values.name, email: values.email }),
  });

  async function submit(values: Values) {
    setError(null);
    try {
      if (isNew) {
        await invite.mutateAsync(values as InviteUserBody);
        notifications.show({
          title: 'Gebruiker uitgenodigd',
          message: `Er is een uitnodiging gestuurd naar ${values.email}`,
          color: 'teal',
        });
      } else {
        await update.mutateAsync({ id: user.id, name: values.name, email: values.email });
        notifySaved();
      }
      onClose();
    } catch (e) {
      const failure = saveFailure(e);
      form.setErrors(failure.fields);
      setError(failure.message);
    }
  }

  const roleOptions = (isNew ? (['user', 'viewer'] as const) : roles).map((r) => ({
    value: r,
    label: roleLabels[r],
  }));

  return (
    <BusyModal
      busy={loading}
      onClose={onClose}
      title={isNew ? 'Gebruiker uitnodigen' : 'Gebruiker bewerken'}
    >
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput label="Naam" required data-autofocus {...form.getInputProps('name')} />
          <TextInput label="E-mailadres" type="email" required {...form.getInputProps('email')} />
          <NativeSelect
            label="Rol"
            data={roleOptions}
            disabled={!isNew}
            description={isNew ? undefined : 'De rol kan niet meer gewijzigd worden'}
            {...form.getInputProps('role')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={loading}>
              Annuleren
            </Button>
            <Button type="submit" loading={loading}>
              {isNew ? 'Uitnodigen' : 'Opslaan'}
            </Button>
          </Group>
        </Stack>
      </form>
    </BusyModal>
  );
}
