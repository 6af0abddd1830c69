import { useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Title,
} from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { Link } from 'react-router';
import { messages, roleLabels, type User } from '@paraaf/contract';
import { Page } from '../../../components/page';
import { paths } from '../../../config/paths';
import { notifySaved, saveFailure } from '../../../lib/form';
import { useCompany, useUser } from '../../../lib/auth';
import { useUpdateTwoFactor } from '../api/update-two-factor';

export function AccountSettingsRoute() {
  const user = useUser();
  const company = useCompany();
  if (!user) return null;
  const role = user.roles[0]?.name;

  return (
    <Page title="Account instellingen" size="md">
      <Paper withBorder radius="lg" p="lg">
        <Stack>
          <Title order={2} fz="lg">
            Gegevens
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Naam" value={user.name} readOnly variant="filled" />
            <TextInput label="E-mailadres" value={user.email} readOnly variant="filled" />
            <TextInput
              label="Bedrijf"
              value={company?.name ?? user.company.name}
              readOnly
              variant="filled"
            />
            <TextInput label="Rol" value={role ? roleLabels[role] : ''} readOnly variant="filled" />
          </SimpleGrid>
          <Group>
            <Anchor component={Link} to={paths.passwordChange}>
              <Group gap={6} component="span">
                <IconKey size={16} aria-hidden />
                Wachtwoord wijzigen
              </Group>
            </Anchor>
          </Group>
        </Stack>
      </Paper>
      {/* Remount after a save so the form starts from the saved setting. */}
      <TwoFactorForm key={String(user.two_factor_auth)} user={user} />
    </Page>
  );
}

function TwoFactorForm({ user }: { user: User }) {
  const update = useUpdateTwoFactor();
  const [enabled, setEnabled] = useState(user.two_factor_auth);
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const turningOff = user.two_factor_auth && !enabled;

  async function save(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setFieldErrors({});
    if (turningOff && !password) {
      setFieldErrors({ password: messages.passwordRequiredToDisable2fa });
      return;
    }
    try {
      await update.mutateAsync({
        userId: user.id,
        two_factor_auth: enabled,
        ...(turningOff ? { password } : {}),
      });
      notifySaved();
    } catch (e) {
      const failure = saveFailure(e);
      setFieldErrors(failure.fields);
      setError(failure.message);
    }
  }

  return (
    <Paper withBorder radius="lg" p="lg" component="form" onSubmit={save} noValidate>
      <Stack>
        <Title order={2} fz="lg">
          Beveiliging
        </Title>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Switch
          label="Tweestapsverificatie"
          description="Als dit aan staat, ontvang je bij het inloggen een code per e-mail."
          checked={enabled}
          onChange={(e) => {
            setEnabled(e.currentTarget.checked);
            setPassword('');
          }}
          error={fieldErrors.two_factor_auth}
        />
        {turningOff && (
          <PasswordInput
            label="Wachtwoord"
            description="Vul je wachtwoord in om tweestapsverificatie uit te zetten."
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={fieldErrors.password}
            required
            maw={360}
          />
        )}
        <Group>
          <Button type="submit" loading={update.isPending}>
            Opslaan
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
