import { useEffect, useState } from 'react';
import { LoadingOverlay, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  TEMPLATE_SIGNERS,
  type DetectedMarker,
  type MarkerConfig,
  type TemplateDto,
} from '@paraaf/contract';
import { MarkerEditorModal } from '../../../components/marker-editor';
import { isApiError } from '../../../lib/api-client';
import { hasFeature, useCompany } from '../../../lib/auth';
import { useCreateTemplate } from '../api/create-template';
import { useTemplate } from '../api/get-template';
import { useTemplateFile } from '../api/get-template-file';
import { useUpdateTemplate } from '../api/update-template';
import { templateNameFromFile } from '../lib/files';
import { texts } from '../texts';

/** Seed 001 §4: 'create' right after an upload, edit for an existing template. */
export type TemplateEditorTarget =
  | { mode: 'create'; pdf: Blob; fileName: string; detected?: DetectedMarker[] }
  | { mode: 'edit'; id: number };

const emptyConfig: MarkerConfig = { variables: [], fields: [] };

/** Ten placeholder signers 'Ondertekenaar 1' … 'Ondertekenaar 10' (seed 001). */
export const placeholderSigners = Array.from({ length: TEMPLATE_SIGNERS }, (_, i) => ({
  position: i + 1,
  label: texts.placeholderSigner(i + 1),
}));

export function TemplateEditor({
  target,
  onClose,
}: {
  target: TemplateEditorTarget;
  onClose: () => void;
}) {
  if (target.mode === 'create') {
    return (
      <EditorWithName
        pdf={target.pdf}
        initialName={templateNameFromFile(target.fileName)}
        value={emptyConfig}
        mode={target}
        onClose={onClose}
      />
    );
  }
  return <EditExisting id={target.id} onClose={onClose} />;
}

/** Loads the stored template and its PDF, then opens the editor on them. */
function EditExisting({ id, onClose }: { id: number; onClose: () => void }) {
  const template = useTemplate(id);
  const file = useTemplateFile(id);
  const error = template.error ?? file.error;

  useEffect(() => {
    if (!error) return;
    console.error(error);
    notifications.show({ title: texts.openFailed, message: error.message, color: 'red' });
    onClose();
  }, [error, onClose]);

  if (error) return null;
  if (!template.data) return <LoadingOverlay visible zIndex={1000} />;
  return <TemplateBody template={template.data} pdf={file.data ?? null} onClose={onClose} />;
}

function TemplateBody({
  template,
  pdf,
  onClose,
}: {
  template: TemplateDto;
  pdf: Blob | null;
  onClose: () => void;
}) {
  // The editor takes its initial value once; later refetches must not replace the user's work.
  const [value] = useState<MarkerConfig>(() => ({
    variables: template.variables,
    fields: template.fields,
  }));
  return (
    <EditorWithName
      pdf={pdf}
      initialName={template.name}
      value={value}
      mode={{ mode: 'edit', id: template.id }}
      onClose={onClose}
    />
  );
}

function EditorWithName({
  pdf,
  initialName,
  value,
  mode,
  onClose,
}: {
  pdf: Blob | null;
  initialName: string;
  value: MarkerConfig;
  mode: TemplateEditorTarget;
  onClose: () => void;
}) {
  const [name, setName] = useState(initialName);
  const [nameError, setNameError] = useState<string | null>(null);
  // Input fields are a plan feature of their own (seed 001 §6).
  const inputFields = hasFeature(useCompany(), 'input_fields');
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const saving = create.isPending || update.isPending;

  async function save(config: MarkerConfig, suggestions: DetectedMarker[]) {
    const trimmed = name.trim();
    // Seed 001 §5: saving with an empty name silently does nothing.
    if (!trimmed || saving) return;
    setNameError(null);
    try {
      if (mode.mode === 'create') {
        await create.mutateAsync({ name: trimmed, pdf: mode.pdf, config, suggestions });
      } else {
        await update.mutateAsync({ id: mode.id, name: trimmed, config });
      }
      notifications.show({ title: texts.saved, message: texts.savedMessage, color: 'teal' });
      onClose();
    } catch (error) {
      console.error(error);
      const fieldErrors = isApiError(error) ? error.fieldErrors() : {};
      if (fieldErrors.name) setNameError(fieldErrors.name);
      notifications.show({
        title: texts.saveFailed,
        message: saveErrorMessage(error, fieldErrors),
        color: 'red',
      });
    }
  }

  return (
    <MarkerEditorModal
      opened
      pdf={pdf}
      signers={placeholderSigners}
      value={value}
      suggestions={mode.mode === 'create' ? mode.detected : undefined}
      inputFields={inputFields}
      header={
        <TextInput
          label={texts.templateName}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setNameError(null);
          }}
          error={nameError}
          maxLength={255}
          withAsterisk
          miw={260}
        />
      }
      saveLabel={texts.save}
      saving={saving}
      reusableSources={['templates', 'signrequests']}
      onSave={(config, suggestions) => void save(config, suggestions)}
      onClose={onClose}
    />
  );
}

/** The server's message for the file first (seed 000 §8), then any field's, then the message. */
function saveErrorMessage(error: unknown, fieldErrors: Record<string, string>): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : texts.somethingWrong;
  return fieldErrors.file ?? Object.values(fieldErrors)[0] ?? error.message;
}
