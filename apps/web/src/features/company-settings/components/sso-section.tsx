import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  PasswordInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { roleLabels, ssoMessages, type SsoSettings } from '@paraaf/contract';
import { isApiError } from '../../../lib/api-client';
import { notifySaved, saveFailure } from '../../../lib/form';
import {
  useCompanyAdmins,
  useCreateScimToken,
  useSaveSso,
  useSsoSettings,
  useVerifySsoDomain,
  type SsoFormValues,
} from '../api/sso';
import { texts } from '../texts';

/**
 * Server field paths → this form's fields (`oidc.issuer` → `issuer`, `saml.metadata_xml` →
 * `metadata_xml`, `domains.2` → `domains`).
 */
function formField(path: string): string {
  if (path.startsWith('oidc.') || path.startsWith('saml.')) return path.slice(5);
  if (path.startsWith('domains')) return 'domains';
  return path;
}

function initialValues(settings: SsoSettings): SsoFormValues {
  return {
    protocol: settings.saml && !settings.oidc ? 'saml' : 'oidc',
    issuer: settings.oidc?.issuer ?? '',
    client_id: settings.oidc?.client_id ?? '',
    client_secret: '',
    metadata_url: settings.saml?.metadata_url ?? '',
    metadata_xml: '',
    domains: settings.domains.map((d) => d.domain),
    default_role: settings.default_role,
    enforce: settings.enforce,
    break_glass_user_id: settings.break_glass_user_id ? String(settings.break_glass_user_id) : null,
  };
}

/** Bedrijfsinstellingen → 'Single sign-on' (plans with the sso feature). */
export function SsoSection() {
  const settings = useSsoSettings(true);
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack>
        <div>
          <Title order={2} fz="lg">
            {ssoMessages.title}
          </Title>
          <Text size="sm" c="dimmed">
            {texts.ssoHelp}
          </Text>
        </div>
        {settings.isError ? (
          <Alert color="red" role="alert">
            {isApiError(settings.error) && settings.error.message
              ? settings.error.message
              : texts.loadFailed}
          </Alert>
        ) : (
          settings.data && <SsoForm settings={settings.data} />
        )}
      </Stack>
    </Paper>
  );
}

function SsoForm({ settings }: { settings: SsoSettings }) {
  const save = useSaveSso();
  const admins = useCompanyAdmins(true);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<SsoFormValues>({ initialValues: initialValues(settings) });

  async function submit(values: SsoFormValues) {
    setError(null);
    try {
      const saved = await save.mutateAsync(values);
      form.setValues(initialValues(saved));
      form.resetDirty(initialValues(saved));
      notifySaved();
    } catch (failure) {
      const { fields, message } = saveFailure(failure);
      form.setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [formField(k), v])));
      setError(message);
    }
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack>
        <Text size="sm" fw={500} id="sso-protocol" mb={-8}>
          {texts.ssoProtocol}
        </Text>
        <SegmentedControl
          aria-labelledby="sso-protocol"
          data={[
            { value: 'oidc', label: texts.ssoOidc },
            { value: 'saml', label: texts.ssoSaml },
          ]}
          {...form.getInputProps('protocol')}
        />
        {form.values.protocol === 'oidc' ? (
          <>
            <TextInput
              label={texts.ssoIssuer}
              placeholder="https://login.microsoftonline.com/…/v2.0"
              {...form.getInputProps('issuer')}
            />
            <TextInput label={texts.ssoClientId} {...form.getInputProps('client_id')} />
            <PasswordInput
              label={texts.ssoClientSecret}
              placeholder={settings.oidc?.has_client_secret ? texts.ssoSecretKept : undefined}
              {...form.getInputProps('client_secret')}
            />
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {texts.ssoRedirectUri}{' '}
              <Code style={{ wordBreak: 'break-all' }}>{settings.redirect_uri}</Code>
            </Text>
          </>
        ) : (
          <>
            <TextInput
              label={texts.ssoSamlMetadataUrl}
              placeholder="https://login.microsoftonline.com/…/federationmetadata.xml"
              {...form.getInputProps('metadata_url')}
            />
            <Textarea
              label={texts.ssoSamlMetadataXml}
              placeholder={
                settings.saml
                  ? texts.ssoSamlMetadataKept(settings.saml.entity_id)
                  : '<EntityDescriptor …>'
              }
              autosize
              minRows={3}
              maxRows={10}
              styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
              {...form.getInputProps('metadata_xml')}
            />
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {texts.ssoSamlSpMetadata}{' '}
              <Code style={{ wordBreak: 'break-all' }}>{settings.saml_sp_metadata_url}</Code>
            </Text>
          </>
        )}

        <Title order={3} fz="md">
          {texts.ssoDomains}
        </Title>
        <TagsInput
          label={texts.ssoDomainsLabel}
          description={texts.ssoDomainsHelp}
          placeholder="bedrijf.nl"
          {...form.getInputProps('domains')}
        />
        <DomainList settings={settings} />

        <Select
          label={texts.ssoDefaultRole}
          data={(['user', 'viewer'] as const).map((r) => ({ value: r, label: roleLabels[r] }))}
          allowDeselect={false}
          {...form.getInputProps('default_role')}
        />
        <Switch
          label={texts.ssoEnforce}
          description={texts.ssoEnforceHelp}
          {...form.getInputProps('enforce', { type: 'checkbox' })}
        />
        <Select
          label={texts.ssoBreakGlass}
          description={texts.ssoBreakGlassHelp}
          clearable
          data={(admins.data ?? []).map((u) => ({
            value: String(u.id),
            label: `${u.name} (${u.email})`,
          }))}
          {...form.getInputProps('break_glass_user_id')}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {texts.ssoSave}
          </Button>
        </Group>
        <ScimToken settings={settings} />
      </Stack>
    </form>
  );
}

function DomainList({ settings }: { settings: SsoSettings }) {
  const verify = useVerifySsoDomain();
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (settings.domains.length === 0) return null;

  async function check(domain: string) {
    setErrors((e) => ({ ...e, [domain]: '' }));
    try {
      await verify.mutateAsync(domain);
    } catch (failure) {
      const { fields, message } = saveFailure(failure);
      setErrors((e) => ({ ...e, [domain]: fields.domain ?? message }));
    }
  }

  return (
    <Stack gap="xs" aria-label={texts.ssoDomains}>
      {settings.domains.map((d) => (
        <Paper key={d.domain} withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="wrap">
            <Group gap="xs">
              <Text fw={600}>{d.domain}</Text>
              <Badge color={d.verified ? 'teal' : 'gray'} variant="light">
                {d.verified ? texts.ssoVerified : texts.ssoNotVerified}
              </Badge>
            </Group>
            {!d.verified && (
              <Button
                size="xs"
                variant="light"
                onClick={() => void check(d.domain)}
                loading={verify.isPending && verify.variables === d.domain}
              >
                {texts.ssoVerify}
              </Button>
            )}
          </Group>
          {!d.verified && (
            <Text size="sm" mt="xs" style={{ overflowWrap: 'anywhere' }}>
              {texts.ssoTxtHelp} <Code>{d.txt_record}</Code>
            </Text>
          )}
          {errors[d.domain] && (
            <Text size="sm" c="red" role="alert" mt="xs">
              {errors[d.domain]}
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

function ScimToken({ settings }: { settings: SsoSettings }) {
  const create = useCreateScimToken();
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {texts.ssoScim}
      </Title>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {texts.ssoScimUrl} <Code style={{ wordBreak: 'break-all' }}>{settings.scim_url}</Code>
      </Text>
      {create.data ? (
        <Alert color="teal" title={texts.ssoScimShownOnce}>
          <Group gap="xs" wrap="nowrap">
            <Code style={{ overflowWrap: 'anywhere' }}>{create.data.token}</Code>
            <CopyButton value={create.data.token}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {copied ? texts.ssoCopied : texts.ssoCopy}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Alert>
      ) : (
        <Group>
          <Button variant="default" onClick={() => create.mutate()} loading={create.isPending}>
            {settings.has_scim_token ? texts.ssoScimRenew : texts.ssoScimCreate}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
