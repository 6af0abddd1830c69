import { useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  saveEmailTemplateBody,
  type EmailTemplateDto,
  type EmailTemplateName,
  type Locale,
} from '@paraaf/contract';
import { Page } from '../../../components/page';
import { zodErrors, notifySaved, saveFailure } from '../../../lib/form';
import { notifications } from '@mantine/notifications';
import {
  useEmailTemplateList,
  usePreviewEmailTemplate,
  useResetEmailTemplate,
  useSaveEmailTemplate,
} from '../api/email-templates';
import { TemplateEditor } from '../components/template-editor';
import { texts } from '../texts';

interface Choice {
  name: string;
  locale: string;
}

/** /instellingen/emailtemplates (seed 001 §2 'E-mail templates'): company admins. */
export function EmailTemplatesRoute() {
  const list = useEmailTemplateList();
  return (
    <Page title={texts.title} size="lg">
      {list.isError && (
        <Alert color="red" role="alert">
          {texts.loadFailed}
        </Alert>
      )}
      {list.data && <EmailTemplatesEditor templates={list.data} />}
    </Page>
  );
}

function EmailTemplatesEditor({ templates }: { templates: EmailTemplateDto[] }) {
  const names = useMemo(() => {
    const seen = new Map<string, string>();
    for (const t of templates) if (!seen.has(t.name)) seen.set(t.name, t.label);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [templates]);
  const [choice, setChoice] = useState<Choice>({
    name: names[0]?.value ?? '',
    locale: 'nl',
  });
  const current = templates.find((t) => t.name === choice.name && t.locale === choice.locale);
  const locales = templates.filter((t) => t.name === choice.name).map((t) => t.locale);

  // The fields as edited; `base` is what they were when this template was chosen or saved.
  const [base, setBase] = useState({
    subject: current?.subject ?? '',
    template: current?.template ?? '',
  });
  const [subject, setSubject] = useState(base.subject);
  const [body, setBody] = useState(base.template);
  const [bodyChanged, setBodyChanged] = useState(false);
  // Bumped whenever the text is replaced from outside: the editor starts afresh with it.
  const [version, setVersion] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<Choice | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const save = useSaveEmailTemplate();
  const reset = useResetEmailTemplate();
  const preview = usePreviewEmailTemplate();
  const [shown, setShown] = useState<{ subject: string; html: string } | null>(null);

  const isDirty = subject !== base.subject || bodyChanged;

  function load(next: Choice, t = templates) {
    const found =
      t.find((x) => x.name === next.name && x.locale === next.locale) ??
      t.find((x) => x.name === next.name && x.locale === 'nl');
    const loaded = { subject: found?.subject ?? '', template: found?.template ?? '' };
    setChoice({ name: next.name, locale: found?.locale ?? next.locale });
    setBase(loaded);
    setSubject(loaded.subject);
    setBody(loaded.template);
    setBodyChanged(false);
    setVersion((v) => v + 1);
    setErrors({});
    setError(null);
  }

  function choose(next: Choice) {
    if (isDirty) setPending(next);
    else load(next);
  }

  function payload() {
    // The choices come from the server's own list of names and languages.
    return {
      name: choice.name as EmailTemplateName,
      locale: choice.locale as Locale,
      subject,
      template: body,
    };
  }

  async function submit() {
    setError(null);
    const body = { id: current?.id ?? null, ...payload() };
    const found = zodErrors(saveEmailTemplateBody, body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const saved = await save.mutateAsync(body);
      setBase({ subject: saved.subject, template: saved.template });
      setSubject(saved.subject);
      setBody(saved.template);
      setBodyChanged(false);
      setVersion((v) => v + 1);
      setVersion((v) => v + 1);
      notifySaved();
    } catch (e) {
      const failure = saveFailure(e);
      setErrors(failure.fields);
      setError(failure.message);
    }
  }

  async function showPreview() {
    setError(null);
    try {
      setShown(await preview.mutateAsync(payload()));
    } catch (e) {
      const failure = saveFailure(e);
      setErrors(failure.fields);
      setError(failure.message);
    }
  }

  async function doReset() {
    setConfirmReset(false);
    try {
      const fresh = await reset.mutateAsync(choice);
      setBase({ subject: fresh.subject, template: fresh.template });
      setSubject(fresh.subject);
      setBody(fresh.template);
      setBodyChanged(false);
      setVersion((v) => v + 1);
      setVersion((v) => v + 1);
      notifications.show({ title: texts.reset, message: texts.resetDone, color: 'teal' });
    } catch (e) {
      setError(saveFailure(e).message);
    }
  }

  return (
    <Stack gap="lg">
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Paper withBorder radius="lg" p="lg">
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              label={texts.template}
              data={names}
              value={choice.name}
              onChange={(e) => choose({ name: e.currentTarget.value, locale: choice.locale })}
            />
            <NativeSelect
              label={texts.language}
              data={locales.map((l) => ({ value: l, label: texts.languages[l] ?? l }))}
              value={choice.locale}
              onChange={(e) => choose({ name: choice.name, locale: e.currentTarget.value })}
            />
          </SimpleGrid>
          <Group gap="xs">
            <Badge variant="light" color={current?.id ? 'teal' : 'gray'}>
              {current?.id ? texts.own : texts.standard}
            </Badge>
          </Group>
          <TextInput
            label={texts.subject}
            required
            value={subject}
            error={errors.subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
          />
          <TemplateEditor
            key={version}
            content={body}
            mergeFields={current?.merge_fields ?? []}
            error={errors.template}
            onChange={(html) => {
              setBody(html);
              setBodyChanged(true);
            }}
          />
          {current?.merge_fields.includes('[[link]]') && (
            <Text size="sm" c="dimmed">
              {texts.linkHint}
            </Text>
          )}
          <Group justify="space-between">
            <Button
              variant="subtle"
              color="red"
              disabled={!current?.id}
              onClick={() => setConfirmReset(true)}
            >
              {texts.reset}
            </Button>
            <Group>
              <Button
                variant="default"
                loading={preview.isPending}
                onClick={() => void showPreview()}
              >
                {texts.preview}
              </Button>
              <Button loading={save.isPending} onClick={() => void submit()}>
                {texts.save}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>

      <Modal
        opened={shown !== null}
        onClose={() => setShown(null)}
        title={texts.previewTitle}
        size="xl"
      >
        {shown && (
          <Stack gap="sm">
            <Text size="sm">
              <strong>{texts.previewSubject}:</strong> {shown.subject}
            </Text>
            {/* No script, no same origin, no forms: the mail as HTML, nothing more. */}
            <iframe
              title={texts.previewFrame}
              sandbox=""
              srcDoc={shown.html}
              style={{ width: '100%', height: 520, border: '1px solid #dee2e6', borderRadius: 8 }}
            />
          </Stack>
        )}
      </Modal>

      <Modal opened={confirmReset} onClose={() => setConfirmReset(false)} title={texts.resetTitle}>
        <Stack>
          <Text size="sm">{texts.resetQuestion}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmReset(false)}>
              {texts.cancel}
            </Button>
            <Button color="red" loading={reset.isPending} onClick={() => void doReset()}>
              {texts.resetConfirm}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={pending !== null} onClose={() => setPending(null)} title={texts.unsavedTitle}>
        <Stack>
          <Text size="sm">{texts.unsavedQuestion}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPending(null)}>
              {texts.cancel}
            </Button>
            <Button
              color="red"
              onClick={() => {
                if (pending) load(pending);
                setPending(null);
              }}
            >
              {texts.unsavedDiscard}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
