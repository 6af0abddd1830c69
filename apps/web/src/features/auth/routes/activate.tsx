import { useState } from 'react';
import { Alert, Anchor, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useParams } from 'react-router';
import { activateBody } from '@paraaf/contract';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { startSession } from '../../../lib/auth';
import { NewPasswordInputs } from '../../../components/new-password-inputs';
import { passwordRepeatError, zodErrors } from '../../../lib/form';
import { useActivate, useActivation } from '../api/activate';
import { authTexts } from '../texts';

const initialValues = { password: '', password_confirmation: '' };
type Values = typeof initialValues;

function validate(values: Values) {
  return {
    ...zodErrors(activateBody, { password: values.password }),
    ...passwordRepeatError(values.password, values.password_confirmation, 'password_confirmation'),
  };
}

export function ActivateRoute() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const activation = useActivation(token);
  const activate = useActivate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ initialValues, validate });

  async function submit(values: Values) {
    setError(null);
    try {
      const session = await activate.mutateAsync({ token, password: values.password });
      startSession(session);
      await navigate(paths.home);
    } catch (e) {
      if (isApiError(e, 422)) form.setErrors(e.fieldErrors());
      setError(authTexts.activateFailed);
    }
  }

  if (activation.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Laden" />
      </Center>
    );
  }

  if (activation.isError && isApiError(activation.error, 404)) {
    return (
      <Stack>
        <Title order={2}>Account activeren</Title>
        <Alert color="blue" role="status">
          {authTexts.alreadyActivated}
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
          <Title order={2}>Account activeren</Title>
          <Text c="dimmed" size="sm">
            {activation.data
              ? `Welkom ${activation.data.name}. Kies een wachtwoord voor ${activation.data.email}.`
              : 'Kies een wachtwoord om je account te activeren.'}
          </Text>
        </div>
        {(error ?? activation.isError) && (
          <Alert color="red" role="alert">
            {error ?? authTexts.activateFailed}
          </Alert>
        )}
        <NewPasswordInputs
          autoFocus
          password={form.getInputProps('password')}
          repeat={form.getInputProps('password_confirmation')}
        />
        <Button type="submit" loading={activate.isPending} fullWidth>
          Activeren
        </Button>
        <Anchor component={Link} to={paths.login} size="sm">
          Naar inloggen
        </Anchor>
      </Stack>
    </form>
  );
}
