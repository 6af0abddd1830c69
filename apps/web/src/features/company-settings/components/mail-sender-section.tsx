import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { departmentBody, type Department } from '@paraaf/contract';
import { isApiError } from '../../../lib/api-client';
import { notifySaved, saveFailure, zodErrors } from '../../../lib/form';
import { useDepartments, useSaveDepartment } from '../api/departments';
import { texts } from '../texts';

/**
 * The company's mail sender name (seed 001 'department mail sender name (mail_name)'): the
 * default department's mail_name, saved through POST /api/departments/{id}.
 */
export function MailSenderSection() {
  const departments = useDepartments();
  const own = departments.data?.find((d) => d.is_default);
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack>
        <div>
          <Title order={2} fz="lg">
            {texts.mailSender}
          </Title>
          <Text size="sm" c="dimmed">
            {texts.mailSenderHelp}
          </Text>
        </div>
        {departments.isError ? (
          <Alert color="red" role="alert">
            {isApiError(departments.error) && departments.error.message
              ? departments.error.message
              : texts.loadFailed}
          </Alert>
        ) : (
          own && <MailSenderForm key={own.id} department={own} />
        )}
      </Stack>
    </Paper>
  );
}

function MailSenderForm({ department }: { department: Department }) {
  const save = useSaveDepartment();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { mail_name: department.mail_name },
    validate: (values) => zodErrors(departmentBody, { name: department.name, ...values }),
  });

  async function submit(values: { mail_name: string }) {
    setError(null);
    try {
      await save.mutateAsync({ id: department.id, name: department.name, ...values });
      form.resetDirty(values);
      notifySaved();
    } catch (e) {
      const failure = saveFailure(e);
      form.setErrors(failure.fields);
      setError(failure.message || texts.loadFailed);
    }
  }

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group align="flex-end">
          <TextInput
            label={texts.mailName}
            required
            style={{ flex: 1, minWidth: 220 }}
            key={form.key('mail_name')}
            {...form.getInputProps('mail_name')}
          />
          <Button type="submit" loading={save.isPending}>
            {texts.saveMailSender}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
