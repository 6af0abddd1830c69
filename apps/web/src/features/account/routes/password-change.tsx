import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { passwordChangeBody } from '@paraaf/contract';
import { NewPasswordInputs } from '../../../components/new-password-inputs';
import { Page } from '../../../components/page';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { passwordRepeatError, zodErrors } from '../../../lib/form';
import { useChangePassword, type PasswordChangeInput } from '../api/change-password';

const failed =
  'Wachtwoord wijzigen is helaas niet gelukt, controleer je gegevens en probeer het opnieuw';
const initialValues: PasswordChangeInput = {
  oldpassword: '',
  password: '',
  password_confirmation: '',
};

function validate(values: PasswordChangeInput) {
  return {
    ...zodErrors(passwordChangeBody, values),
    ...passwordRepeatError(values.password, values.password_confirmation, 'password_confirmation', {
      onlyWhenTyped: true,
    }),
  };
}

export function PasswordChangeRoute() {
  const change = useChangePassword();
  const [result, setResult] = useState<'done' | 'failed' | null>(null);
  const form = useForm({ initialValues, validate });

  async function submit(values: PasswordChangeInput) {
    setResult(null);
    try {
      await change.mutateAsync(values);
      form.reset();
      setResult('done');
    } catch (e) {
      if (isApiError(e, 422)) form.setErrors(e.fieldErrors());
      setResult('failed');
    }
  }

  return (
    <Page title="Wachtwoord wijzigen" size="sm">
      {result === 'done' ? (
        <Alert color="teal" role="status" title="Je wachtwoord is gewijzigd">
          <Anchor component={Link} to={paths.accountSettings}>
            Terug naar account instellingen
          </Anchor>
        </Alert>
      ) : (
        <Paper withBorder radius="lg" p="lg">
          <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
            <Stack>
              {result === 'failed' && (
                <Alert color="red" role="alert">
                  {failed}
                </Alert>
              )}
              <PasswordInput
                label="Huidig wachtwoord"
                autoComplete="current-password"
                required
                {...form.getInputProps('oldpassword')}
              />
              <NewPasswordInputs
                label="Nieuw wachtwoord"
                password={form.getInputProps('password')}
                repeat={form.getInputProps('password_confirmation')}
              />
              <Group justify="space-between">
                <Anchor component={Link} to={paths.accountSettings} size="sm">
                  Terug naar account instellingen
                </Anchor>
                <Button type="submit" loading={change.isPending}>
                  Wachtwoord wijzigen
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
    </Page>
  );
}
