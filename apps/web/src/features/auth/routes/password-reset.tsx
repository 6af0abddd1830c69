import { useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useParams } from 'react-router';
import { passwordResetBody } from '@paraaf/contract';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { zodErrors } from '../../../lib/form';
import { usePasswordReset } from '../api/password-reset';
import { authTexts } from '../texts';

const initialValues = { email: '', password: '', password_confirmation: '' };
type Values = typeof initialValues;

function validate(values: Values) {
  const errors = zodErrors(passwordResetBody, values);
  if (values.password !== values.password_confirmation) {
    errors.password_confirmation = authTexts.passwordMismatch;
  }
  return errors;
}

export function PasswordResetRoute() {
  const { token = '' } = useParams();
  const reset = usePasswordReset();
  const [result, setResult] = useState<'done' | 'failed' | null>(null);
  const form = useForm({ initialValues, validate });

  async function submit(values: Values) {
    setResult(null);
    try {
      await reset.mutateAsync({ token, ...values });
      setResult('done');
    } catch (e) {
      if (isApiError(e, 422)) form.setErrors(e.fieldErrors());
      setResult('failed');
    }
  }

  if (result === 'done') {
    return (
      <Stack>
        <Title order={2}>Wachtwoord instellen</Title>
        <Alert color="teal" role="status">
          {authTexts.resetDone}
        </Alert>
        <Button component={Link} to={paths.login}>
          Naar inloggen
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack>
        <div>
          <Title order={2}>Wachtwoord instellen</Title>
          <Text c="dimmed" size="sm">
            Kies een nieuw wachtwoord van minimaal 8 tekens.
          </Text>
        </div>
        {result === 'failed' && (
          <Alert color="red" role="alert">
            {authTexts.resetFailed}
          </Alert>
        )}
        <TextInput
          label="E-mailadres"
          type="email"
          autoComplete="username"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Nieuw wachtwoord"
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Herhaal wachtwoord"
          autoComplete="new-password"
          required
          {...form.getInputProps('password_confirmation')}
        />
        <Button type="submit" loading={reset.isPending} fullWidth>
          Wachtwoord instellen
        </Button>
        <Anchor component={Link} to={paths.login} size="sm">
          Terug naar inloggen
        </Anchor>
      </Stack>
    </form>
  );
}
