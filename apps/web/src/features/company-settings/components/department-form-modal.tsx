import { useState } from 'react';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { departmentBody, type Department, type DepartmentBody } from '@paraaf/contract';
import { BusyModal } from '../../../components/busy-modal';
import { notifySaved, saveFailure, zodErrors } from '../../../lib/form';
import { useSaveDepartment } from '../api/departments';
import { texts } from '../texts';

/** Adds a department (none given) or renames one: name and mail sender name. */
export function DepartmentFormModal({
  department,
  onClose,
}: {
  department?: Department;
  onClose: () => void;
}) {
  const save = useSaveDepartment();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<DepartmentBody>({
    initialValues: { name: department?.name ?? '', mail_name: department?.mail_name ?? '' },
    validate: (values) => zodErrors(departmentBody, values),
  });

  async function submit(values: DepartmentBody) {
    setError(null);
    try {
      await save.mutateAsync({ id: department?.id, ...values });
      notifySaved();
      onClose();
    } catch (e) {
      const failure = saveFailure(e);
      form.setErrors(failure.fields);
      setError(failure.message);
    }
  }

  return (
    <BusyModal
      busy={save.isPending}
      onClose={onClose}
      title={department ? texts.departmentEdit : texts.departmentAdd}
    >
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label={texts.departmentName}
            required
            data-autofocus
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <TextInput
            label={texts.departmentMailName}
            description={texts.mailSenderHelp}
            required
            key={form.key('mail_name')}
            {...form.getInputProps('mail_name')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {texts.cancel}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {texts.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </BusyModal>
  );
}
