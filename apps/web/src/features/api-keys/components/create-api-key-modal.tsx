import { useState } from 'react';
import { Alert, Button, CopyButton, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { createApiKeyBody, type CreatedApiKeyDto } from '@paraaf/contract';
import { BusyModal } from '../../../components/busy-modal';
import { saveFailure, zodErrors } from '../../../lib/form';
import { useCreateApiKey } from '../api/create-api-key';
import { texts } from '../texts';

interface Values {
  name: string;
  description: string;
}

/** 'Nieuwe API-sleutel': name and description, then the secret shown this once. */
export function CreateApiKeyModal({ onClose }: { onClose: () => void }) {
  const create = useCreateApiKey();
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiKeyDto | null>(null);
  const form = useForm<Values>({
    initialValues: { name: '', description: '' },
    validate: (values) => zodErrors(createApiKeyBody, values),
  });

  async function submit(values: Values) {
    setError(null);
    try {
      setCreated(await create.mutateAsync(values));
    } catch (e) {
      const failure = saveFailure(e);
      form.setErrors(failure.fields);
      setError(failure.message);
    }
  }

  if (created) {
    return (
      <BusyModal busy={false} onClose={onClose} title={texts.createdTitle} size="lg">
        <Stack>
          <Alert color="orange" role="alert">
            {texts.secretWarning}
          </Alert>
          <TextInput
            label={texts.secretLabel}
            value={created.token}
            readOnly
            data-testid="api-key-secret"
            styles={{ input: { fontFamily: 'monospace' } }}
            onFocus={(event) => event.currentTarget.select()}
          />
          <Group justify="flex-end">
            <CopyButton value={created.token}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy} color={copied ? 'teal' : undefined}>
                  {copied ? texts.copied : texts.copy}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>{texts.close}</Button>
          </Group>
        </Stack>
      </BusyModal>
    );
  }

  return (
    <BusyModal busy={create.isPending} onClose={onClose} title={texts.create}>
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput label={texts.name} required data-autofocus {...form.getInputProps('name')} />
          <Textarea
            label={texts.description}
            autosize
            minRows={2}
            {...form.getInputProps('description')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              {texts.cancel}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {texts.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </BusyModal>
  );
}
