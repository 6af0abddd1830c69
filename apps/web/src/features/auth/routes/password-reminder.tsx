import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { passwordReminderBody } from '@paraaf/contract';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { zodErrors } from '../../../lib/form';
import { usePasswordReminder } from '../api/password-reminder';
import { authTexts } from '../texts';

export function PasswordReminderRoute() {
  const reminder = usePasswordReminder();
  const [result, setResult] = useState<'sent' | 'failed' | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: (values) => zodErrors(passwordReminderBody, values),
  });

  async function submit(values: { email: string }) {
    setResult(null);
    try {
      await reminder.mutateAsync(values);
      setResult('sent');
    } catch (e) {
      if (isApiError(e, 422)) form.setErrors(e.fieldErrors());
      setResult('failed');
    }
  }

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack>
        <div>
          <Title order={2}>Wachtwoord vergeten</Title>
          <Text c="dimmed" size="sm">
            Vul je e-mailadres in. We sturen je een link om een nieuw wachtwoord in te stellen.
          </Text>
        </div>
        {result === 'sent' && (
          <Alert color="teal" role="status">
            {authTexts.reminderSent}
          </Alert>
        )}
        {result === 'failed' && (
          <Alert color="red" role="alert">
            {authTexts.reminderFailed}
          </Alert>
        )}
        <TextInput
          label="E-mailadres"
          type="email"
          autoComplete="email"
          required
          autoFocus
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={reminder.isPending} fullWidth>
          Aanvraag versturen
        </Button>
        <Group justify="space-between">
          <Anchor component={Link} to={paths.login} size="sm">
            Terug naar inloggen
          </Anchor>
          <Anchor component={Link} to={paths.register} size="sm">
            Registreren
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
