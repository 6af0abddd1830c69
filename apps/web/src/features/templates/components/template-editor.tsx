import { useEffect, useState } from 'react';
import { Button, LoadingOverlay, TextInput } from '@mantine/core';
import { IconStairs } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import {
  TEMPLATE_SIGNERS,
  type DetectedMarker,
  type MarkerConfig,
  type TemplateDto,
  type TemplateSignerRouting,
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
import {
  routingRows,
  SignerRoutingModal,
  storedRouting,
  type PlaceholderErrors,
} from './signer-routing-modal';

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
      routing={template.signer_routing}
      mode={{ mode: 'edit', id: template.id }}
      onClose={onClose}
    />
  );
}

function EditorWithName({
  pdf,
  initialName,
  value,
  routing = [],
  mode,
  onClose,
}: {
  pdf: Blob | null;
  initialName: string;
  value: MarkerConfig;
  routing?: TemplateSignerRouting[];
  mode: TemplateEditorTarget;
  onClose: () => void;
}) {
  const [name, setName] = useState(initialName);
  const [rows, setRows] = useState(() => routingRows(routing, value));
  const [routingOpen, setRoutingOpen] = useState(false);
  const [routingErrors, setRoutingErrors] = useState<PlaceholderErrors>({});
  const [nameError, setNameError] = useState<string | null>(null);
  // Made by an earlier try whose steps and roles were refused: a retry updates it.
  const [createdId, setCreatedId] = useState<number | null>(null);
  const company = useCompany();
  // Input fields are a plan feature of their own (seed 001 §6).
  const inputFields = hasFeature(company, 'input_fields');
  // Only the verifications the plan offers, as in the wizard.
  const plan = {
    idin: hasFeature(company, 'idin_verification'),
    wallet: hasFeature(company, 'wallet_verification'),
  };
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const saving = create.isPending || update.isPending;

  async function save(config: MarkerConfig, suggestions: DetectedMarker[]) {
    const trimmed = name.trim();
    // Seed 001 §5: saving with an empty name silently does nothing.
    if (!trimmed || saving) return;
    setNameError(null);
    const signerRouting = storedRouting(rows, routing);
    try {
      const id = mode.mode === 'edit' ? mode.id : createdId;
      if (id === null && mode.mode === 'create') {
        const created = await create.mutateAsync({
          name: trimmed,
          pdf: mode.pdf,
          config,
          suggestions,
        });
        setCreatedId(created.id);
        // The upload takes markers only; the steps and roles follow on the new template.
        if (signerRouting.length > 0) {
          await update.mutateAsync({ id: created.id, name: trimmed, config, signerRouting });
        }
      } else if (id !== null) {
        await update.mutateAsync({ id, name: trimmed, config, signerRouting });
      }
      notifications.show({ title: texts.saved, message: texts.savedMessage, color: 'teal' });
      onClose();
    } catch (error) {
      console.error(error);
      const fieldErrors = isApiError(error) ? error.fieldErrors() : {};
      if (fieldErrors.name) setNameError(fieldErrors.name);
      const refused = placeholderErrors(fieldErrors, signerRouting);
      if (Object.keys(refused).length > 0) {
        // Shown where it was chosen: on the placeholder's verifications.
        setRoutingErrors(refused);
        setRoutingOpen(true);
      }
      notifications.show({
        title: texts.saveFailed,
        message: saveErrorMessage(error, fieldErrors),
        color: 'red',
      });
    }
  }

  return (
    <>
      <SignerRoutingModal
        // Opened afresh each time: closing without 'Klaar' drops the changes.
        key={String(routingOpen)}
        opened={routingOpen}
        initial={rows}
        plan={plan}
        errors={routingErrors}
        onSave={(saved) => {
          setRows(saved);
          setRoutingErrors({});
        }}
        onClose={() => setRoutingOpen(false)}
      />
      <MarkerEditorModal
        opened
        pdf={pdf}
        signers={placeholderSigners}
        value={value}
        suggestions={mode.mode === 'create' ? mode.detected : undefined}
        inputFields={inputFields}
        header={
          <>
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
            <Button
              variant="light"
              leftSection={<IconStairs size={16} />}
              onClick={() => setRoutingOpen(true)}
              style={{ alignSelf: 'flex-end' }}
            >
              {texts.routing.open}
            </Button>
          </>
        }
        saveLabel={texts.save}
        saving={saving}
        reusableSources={['templates', 'signrequests']}
        onSave={(config, suggestions) => void save(config, suggestions)}
        onClose={onClose}
      />
    </>
  );
}

/**
 * The server's messages on `signer_routing.{n}.verifications…` and `….wallet_attributes…`, by the
 * row of the placeholder that entry n of the sent list stands for.
 */
function placeholderErrors(
  fieldErrors: Record<string, string>,
  sent: readonly TemplateSignerRouting[],
): PlaceholderErrors {
  const out: PlaceholderErrors = {};
  for (const [field, message] of Object.entries(fieldErrors)) {
    const m = /^signer_routing\.(\d+)\.(verifications|wallet_attributes)\b/.exec(field);
    const entry = m ? sent[Number(m[1])] : undefined;
    if (!m || !entry) continue;
    const row = (out[entry.signer - 1] ??= {});
    row[m[2] as 'verifications' | 'wallet_attributes'] ??= message;
  }
  return out;
}

/** The server's message for the file first (seed 000 §8), then any field's, then the message. */
function saveErrorMessage(error: unknown, fieldErrors: Record<string, string>): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : texts.somethingWrong;
  return fieldErrors.file ?? Object.values(fieldErrors)[0] ?? error.message;
}
