import { useEffect, useMemo, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Image,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPhoto, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  companyMessages,
  GDPR_RETENTION,
  LOGO_MAX_BYTES,
  messages,
  updateCompanyBody,
  type Company,
} from '@paraaf/contract';
import { Page } from '../../../components/page';
import { isApiError } from '../../../lib/api-client';
import { companyQueryOptions, hasFeature } from '../../../lib/auth';
import { zodErrors } from '../../../lib/form';
import {
  foldOriginErrors,
  useUpdateCompany,
  type CompanySettingsValues,
} from '../api/update-company';
import { DepartmentsSection } from '../components/departments-section';
import { MailSenderSection } from '../components/mail-sender-section';
import { SsoSection } from '../components/sso-section';
import { texts } from '../texts';

const LOGO_TYPES = ['image/png', 'image/jpeg'];

function initialValues(company: Company): CompanySettingsValues {
  const a = company.address;
  return {
    name: company.name,
    phone: company.phone ?? '',
    sms_name: company.sms_name ?? '',
    webhook_url: company.webhook_url ?? '',
    embed_origins: company.embed_origins.join('\n'),
    send_signed_documents_to_email: company.send_signed_documents_to_email,
    gdpr_retention_days: company.gdpr_retention_days,
    address: {
      tnv: a.tnv ?? '',
      street: a.street ?? '',
      housenumber: a.housenumber ?? '',
      housenumber_addition: a.housenumber_addition ?? '',
      postal: a.postal ?? '',
      city: a.city ?? '',
    },
    custom_fields: company.custom_fields.map((f) => ({
      name: f.name,
      description: f.description ?? '',
      required: f.required,
    })),
  };
}

/** /instellingen/bedrijf (seed 001 §2 'Company settings'): admin only (updateCompany). */
export function CompanySettingsRoute() {
  const company = useQuery(companyQueryOptions());
  if (company.isError) {
    return (
      <Page title={texts.title} size="md">
        <Alert color="red" role="alert">
          {isApiError(company.error) && company.error.message
            ? company.error.message
            : texts.loadFailed}
        </Alert>
      </Page>
    );
  }
  if (!company.data) return null;
  return (
    <Page title={texts.title} size="md">
      <Stack gap="lg">
        <CompanySettingsForm company={company.data} />
        <MailSenderSection />
        <DepartmentsSection company={company.data} />
        {hasFeature(company.data, 'sso') && <SsoSection />}
      </Stack>
    </Page>
  );
}

/** A preview address for a chosen file (none in environments without object URLs). */
function useObjectUrl(file: File | null): string | null {
  const url = useMemo(
    () => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

export function CompanySettingsForm({ company }: { company: Company }) {
  const update = useUpdateCompany();
  const withWebhook = hasFeature(company, 'webhooks');
  const withLogo = hasFeature(company, 'own_styling');
  const withApi = hasFeature(company, 'api');
  const [error, setError] = useState<string | null>(null);
  const [logo, setLogo] = useState<File | null>(null);
  const [deleteLogo, setDeleteLogo] = useState(false);
  const preview = useObjectUrl(logo);
  const form = useForm<CompanySettingsValues>({
    initialValues: initialValues(company),
    validate: (values) =>
      foldOriginErrors(zodErrors(updateCompanyBody, values), values.embed_origins),
  });

  function chooseLogo(file: File | null) {
    form.clearFieldError('logo');
    if (file && !LOGO_TYPES.includes(file.type)) {
      form.setFieldError('logo', companyMessages.logoType);
      setLogo(null);
      return;
    }
    if (file && file.size > LOGO_MAX_BYTES) {
      form.setFieldError('logo', companyMessages.logoTooLarge);
      setLogo(null);
      return;
    }
    setLogo(file);
    if (file) setDeleteLogo(false);
  }

  async function submit(values: CompanySettingsValues) {
    setError(null);
    try {
      await update.mutateAsync({ values, logo, deleteLogo, withWebhook, withApi });
      setLogo(null);
      setDeleteLogo(false);
      notifications.show({ title: texts.savedTitle, message: texts.savedMessage, color: 'teal' });
    } catch (e) {
      if (isApiError(e)) {
        form.setErrors(foldOriginErrors(e.fieldErrors(), values.embed_origins));
        setError(e.message || texts.loadFailed);
      } else {
        setError(messages.serverError);
      }
    }
  }

  const currentLogo = deleteLogo ? null : (preview ?? company.logo_url);

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack gap="lg">
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Paper withBorder radius="lg" p="lg">
          <Stack>
            <Title order={2} fz="lg">
              {texts.company}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={texts.name}
                required
                key={form.key('name')}
                {...form.getInputProps('name')}
              />
              <TextInput
                label={texts.phone}
                type="tel"
                key={form.key('phone')}
                {...form.getInputProps('phone')}
              />
            </SimpleGrid>
            <Title order={3} fz="md">
              {texts.address}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={texts.tnv}
                key={form.key('address.tnv')}
                {...form.getInputProps('address.tnv')}
              />
              <TextInput
                label={texts.street}
                key={form.key('address.street')}
                {...form.getInputProps('address.street')}
              />
              <SimpleGrid cols={2}>
                <TextInput
                  label={texts.housenumber}
                  key={form.key('address.housenumber')}
                  {...form.getInputProps('address.housenumber')}
                />
                <TextInput
                  label={texts.housenumberAddition}
                  key={form.key('address.housenumber_addition')}
                  {...form.getInputProps('address.housenumber_addition')}
                />
              </SimpleGrid>
              <TextInput
                label={texts.postal}
                key={form.key('address.postal')}
                {...form.getInputProps('address.postal')}
              />
              <TextInput
                label={texts.city}
                key={form.key('address.city')}
                {...form.getInputProps('address.city')}
              />
            </SimpleGrid>
          </Stack>
        </Paper>

        {/* The logo is the plan feature own_styling: hidden without it (kept on the server). */}
        {withLogo && (
          <Paper withBorder radius="lg" p="lg">
            <Stack>
              <Title order={2} fz="lg">
                {texts.logo}
              </Title>
              <Group align="flex-start" gap="lg">
                <Paper withBorder radius="md" p="sm" w={220} h={100}>
                  {currentLogo ? (
                    <Image
                      src={currentLogo}
                      alt={texts.logoCurrent}
                      h="100%"
                      w="100%"
                      fit="contain"
                    />
                  ) : (
                    <Text size="sm" c="dimmed">
                      {deleteLogo ? texts.logoDeleted : texts.logoNone}
                    </Text>
                  )}
                </Paper>
                <Stack gap="xs" style={{ flex: 1, minWidth: 220 }}>
                  <FileInput
                    label={texts.logoUpload}
                    description={texts.logoHelp}
                    accept="image/png,image/jpeg"
                    clearable
                    leftSection={<IconPhoto size={16} aria-hidden />}
                    value={logo}
                    onChange={chooseLogo}
                    error={form.errors.logo}
                  />
                  {company.logo_url && !logo && (
                    <Group>
                      {deleteLogo ? (
                        <Button variant="subtle" size="xs" onClick={() => setDeleteLogo(false)}>
                          {texts.logoUndo}
                        </Button>
                      ) : (
                        <Button
                          variant="light"
                          color="red"
                          size="xs"
                          leftSection={<IconTrash size={14} aria-hidden />}
                          onClick={() => setDeleteLogo(true)}
                        >
                          {texts.logoDelete}
                        </Button>
                      )}
                    </Group>
                  )}
                </Stack>
              </Group>
            </Stack>
          </Paper>
        )}

        <Paper withBorder radius="lg" p="lg">
          <Stack>
            <Title order={2} fz="lg">
              {texts.signing}
            </Title>
            <Switch
              label={texts.sendSignedDocuments}
              key={form.key('send_signed_documents_to_email')}
              {...form.getInputProps('send_signed_documents_to_email', { type: 'checkbox' })}
            />
            <NumberInput
              label={texts.retention}
              description={texts.retentionHelp}
              required
              min={GDPR_RETENTION.min}
              max={GDPR_RETENTION.max}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              maw={240}
              key={form.key('gdpr_retention_days')}
              {...form.getInputProps('gdpr_retention_days')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={texts.smsName}
                description={texts.smsNameHelp}
                required
                key={form.key('sms_name')}
                {...form.getInputProps('sms_name')}
              />
              {withWebhook && (
                <TextInput
                  label={texts.webhookUrl}
                  type="url"
                  key={form.key('webhook_url')}
                  {...form.getInputProps('webhook_url')}
                />
              )}
            </SimpleGrid>
          </Stack>
        </Paper>

        {withApi && (
          <Paper withBorder radius="lg" p="lg">
            <Stack>
              <Title order={2} fz="lg">
                {texts.api}
              </Title>
              <Textarea
                label={texts.embedOrigins}
                description={texts.embedOriginsHelp}
                placeholder="https://app.voorbeeld.nl"
                autosize
                minRows={2}
                key={form.key('embed_origins')}
                {...form.getInputProps('embed_origins')}
              />
            </Stack>
          </Paper>
        )}

        <Paper withBorder radius="lg" p="lg">
          <Stack>
            <div>
              <Title order={2} fz="lg">
                {texts.customFields}
              </Title>
              <Text size="sm" c="dimmed">
                {texts.customFieldsHelp}
              </Text>
            </div>
            {form.getValues().custom_fields.map((_, i) => (
              <Group key={form.key(`custom_fields.${i}`)} align="flex-start" wrap="nowrap">
                <TextInput
                  label={texts.customFieldName}
                  required
                  style={{ flex: 1 }}
                  key={form.key(`custom_fields.${i}.name`)}
                  {...form.getInputProps(`custom_fields.${i}.name`)}
                />
                <TextInput
                  label={texts.customFieldDescription}
                  style={{ flex: 2 }}
                  key={form.key(`custom_fields.${i}.description`)}
                  {...form.getInputProps(`custom_fields.${i}.description`)}
                />
                <Checkbox
                  label={texts.customFieldRequired}
                  mt={32}
                  key={form.key(`custom_fields.${i}.required`)}
                  {...form.getInputProps(`custom_fields.${i}.required`, { type: 'checkbox' })}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={28}
                  aria-label={texts.customFieldRemove}
                  onClick={() => form.removeListItem('custom_fields', i)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() =>
                  form.insertListItem('custom_fields', {
                    name: '',
                    description: '',
                    required: false,
                  })
                }
              >
                {texts.customFieldAdd}
              </Button>
            </Group>
          </Stack>
        </Paper>

        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {texts.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
