import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router';
import { registerBody } from '@paraaf/contract';
import { externalLinks, paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { startSession } from '../../../lib/auth';
import { NewPasswordInputs } from '../../../components/new-password-inputs';
import { passwordRepeatError, zodErrors } from '../../../lib/form';
import { useRegister } from '../api/register';
import { authTexts } from '../texts';

const initialValues = {
  company: '',
  name: '',
  email: '',
  phone: '',
  password: '',
  passwordconfirmation: '',
  terms: false,
  two_factor_auth: false,
};
type Values = typeof initialValues;

function validate(values: Values) {
  return {
    ...zodErrors(registerBody, values),
    // The schema's refine is skipped while other fields fail; the mismatch must show at once.
    ...passwordRepeatError(values.password, values.passwordconfirmation, 'passwordconfirmation', {
      onlyWhenTyped: true,
    }),
  };
}

export function RegisterRoute() {
  const navigate = useNavigate();
  const register = useRegister();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ initialValues, validate });

  async function submit(values: Values) {
    setError(null);
    try {
      const session = await register.mutateAsync({
        ...values,
        phone: values.phone.trim() || null,
        terms: true,
      });
      startSession(session);
      await navigate(`${paths.newSigning}?register=success`);
    } catch (e) {
      if (isApiError(e, 422)) {
        form.setErrors(e.fieldErrors());
        setError(authTexts.registerInvalid);
      } else {
        setError(authTexts.registerFailed);
      }
    }
  }

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack>
        <div>
          <Title order={2}>Registreren</Title>
          <Text c="dimmed" size="sm">
            Maak een account aan en ontvang 10 gratis credits.
          </Text>
        </div>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          label="Bedrijfsnaam"
          autoComplete="organization"
          required
          {...form.getInputProps('company')}
        />
        <TextInput label="Naam" autoComplete="name" required {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="E-mailadres"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <TextInput
            label="Telefoonnummer"
            type="tel"
            autoComplete="tel"
            {...form.getInputProps('phone')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NewPasswordInputs
            password={form.getInputProps('password')}
            repeat={form.getInputProps('passwordconfirmation')}
          />
        </SimpleGrid>
        <Checkbox
          label={
            <>
              Ik ga akkoord met de{' '}
              <Anchor href={externalLinks.terms} target="_blank" rel="noopener noreferrer" inherit>
                algemene voorwaarden
              </Anchor>
            </>
          }
          {...form.getInputProps('terms', { type: 'checkbox' })}
        />
        <Checkbox
          label="Tweestapsverificatie gebruiken (bij inloggen een code per e-mail)"
          {...form.getInputProps('two_factor_auth', { type: 'checkbox' })}
        />
        <Button type="submit" loading={register.isPending} fullWidth>
          Registreren
        </Button>
        <Text size="sm" ta="center">
          Heb je al een account?{' '}
          <Anchor component={Link} to={paths.login}>
            Terug naar inloggen
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
