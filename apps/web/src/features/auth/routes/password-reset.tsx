import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useParams } from 'react-router';
import { passwordResetBody } from '@paraaf/contract';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { NewPasswordInputs } from '../../../components/new-password-inputs';
import { passwordRepeatError, zodErrors } from '../../../lib/form';
import { usePasswordReset } from '../api/password-reset';
import { authTexts } from '../texts';

const initialValues = { email: '', password: '', password_confirmation: '' };
type Values = typeof initialValues;

function validate(values: Values) {
  return {
    ...zodErrors(passwordResetBody, values),
    ...passwordRepeatError(values.password, values.password_confirmation, 'password_confirmation'),
  };
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
        <NewPasswordInputs
          label="Nieuw wachtwoord"
          password={form.getInputProps('password')}
          repeat={form.getInputProps('password_confirmation')}
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
