import { useRef } from 'react';
import {
  Checkbox,
  Grid,
  NativeSelect,
  Paper,
  Stack,
  TagsInput,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { DutchDates } from '../../../components/dutch-dates';
import type { UseFormReturnType } from '@mantine/form';
import { roleLabels, type Department, type EmailTemplateDto, type User } from '@paraaf/contract';
import {
  EXPIRY_FORMAT,
  invitationTemplates,
  signerLocales,
  templateKey,
  type WizardContext,
  type WizardValues,
} from '../lib/wizard';
import { texts } from '../texts';
import { MergeFieldButtons } from './merge-field-buttons';

interface Props {
  form: UseFormReturnType<WizardValues>;
  ctx: WizardContext;
  departments: Department[];
  /** Company users for the viewer select; undefined hides it (no changeSignRequestViewerUser). */
  users: User[] | undefined;
  templates: EmailTemplateDto[];
  localeNames: Record<string, string>;
}

/** Step 3: expiry, sender, the message to the signers and what happens with the result. */
export function SettingsStep({ form, ctx, departments, users, templates, localeNames }: Props) {
  const values = form.getValues();
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const customFields = values.settings.custom_fields;
  const templateChoices = signerLocales(values.signers)
    .map((locale) => ({
      locale,
      options: invitationTemplates(templates, locale).filter((t) => t.id !== null),
    }))
    .filter((c) => c.options.length > 0);

  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p="lg">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <DutchDates>
              <DateTimePicker
                label={texts.settings.expiresAt}
                description={texts.settings.expiresAtDescription}
                valueFormat={EXPIRY_FORMAT}
                minDate={ctx.now}
                required
                {...form.getInputProps('settings.expires_at')}
              />
            </DutchDates>
          </Grid.Col>
          {ctx.showDepartment && (
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <NativeSelect
                label={texts.settings.department}
                description={texts.settings.departmentDescription}
                required
                data={[
                  { value: '', label: texts.settings.chooseDepartment },
                  ...departments.map((d) => ({ value: String(d.id), label: d.name })),
                ]}
                {...form.getInputProps('settings.department_id')}
              />
            </Grid.Col>
          )}
        </Grid>
      </Paper>

      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <TextInput
            label={texts.settings.subject}
            required
            {...form.getInputProps('settings.subject')}
          />
          <Textarea
            label={texts.settings.message}
            description={texts.settings.messageDescription}
            required
            autosize
            minRows={6}
            maxRows={16}
            ref={messageRef}
            {...form.getInputProps('settings.message')}
          />
          <MergeFieldButtons
            target={messageRef}
            value={values.settings.message}
            onChange={(message) => form.setFieldValue('settings.message', message)}
          />
          {templateChoices.map(({ locale, options }) => (
            <NativeSelect
              key={locale}
              label={texts.settings.emailTemplate(localeNames[locale] ?? locale)}
              // The company's own version is the default (the server uses it when nothing is
              // chosen); the product's standard text can still be picked for this request.
              data={[
                ...options.map((t) => ({
                  value: templateKey(t),
                  label: texts.settings.emailTemplateOwn(t.label || t.name),
                })),
                { value: `default:${locale}`, label: texts.settings.emailTemplateDefault },
              ]}
              value={values.settings.email_templates[locale] || templateKey(options[0]!)}
              onChange={(e) =>
                form.setFieldValue(`settings.email_templates.${locale}`, e.currentTarget.value)
              }
            />
          ))}
        </Stack>
      </Paper>

      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <Checkbox
            label={texts.settings.sendToInitiator}
            {...form.getInputProps('settings.send_documents_to_initiator', { type: 'checkbox' })}
          />
          <TagsInput
            label={texts.settings.emails}
            description={texts.settings.emailsDescription}
            splitChars={[',', ' ', ';']}
            clearable
            {...form.getInputProps('settings.emails')}
          />
          {users && (
            <NativeSelect
              label={texts.settings.viewerUser}
              description={texts.settings.viewerUserDescription}
              data={[
                { value: '', label: texts.settings.noViewerUser },
                ...users.map((u) => {
                  const role = u.roles[0]?.name;
                  return {
                    value: String(u.id),
                    label: role ? `${u.name} (${roleLabels[role]})` : u.name,
                  };
                }),
              ]}
              {...form.getInputProps('settings.viewer_user_id')}
            />
          )}
        </Stack>
      </Paper>

      {customFields.length > 0 && (
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="md">
            <Title order={2} fz="lg">
              {texts.settings.customFields}
            </Title>
            {customFields.map((field, i) => (
              <TextInput
                key={field.name}
                label={field.name}
                description={field.description}
                required={field.required}
                maxLength={255}
                {...form.getInputProps(`settings.custom_fields.${i}.value`)}
              />
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
