import { useState, type Dispatch, type SetStateAction } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import {
  IconEye,
  IconFileTypePdf,
  IconMapPin,
  IconTemplate,
  IconTrash,
  IconUpload,
  IconX,
} from '@tabler/icons-react';
import type { DetectedMarker, MarkerConfig } from '@paraaf/contract';
import { MarkerEditorModal, type EditorSigner } from '../../../components/marker-editor';
import { isApiError } from '../../../lib/api-client';
import { convertUpload } from '../../../lib/convert-upload';
import { formatBytes } from '../../../lib/format';
import { acceptedUploadTypes, isAllowedUpload, uploadTypesHint } from '../../../lib/upload-types';
import {
  documentFromTemplate,
  documentsWithMissingSigners,
  markerCount,
  newDocument,
  type DocumentItem,
  type TemplatePick,
} from '../lib/wizard';
import { texts } from '../texts';
import { DocumentPreviewModal } from './document-preview-modal';
import { pickerTexts, TemplatePickerModal } from './template-picker-modal';

interface Props {
  documents: DocumentItem[];
  setDocuments: Dispatch<SetStateAction<DocumentItem[]>>;
  /** The wizard's signers as the marker editor shows them. */
  signers: EditorSigner[];
  /** The company has the templates feature and the user may read templates. */
  canUseTemplates?: boolean;
  /** Plan features (seed 001 §6): more than one document, input-field markers. */
  multipleDocuments?: boolean;
  inputFields?: boolean;
  /** The server converts Word files (company.word_conversion); else PDF and images only. */
  wordConversion?: boolean;
  disabled?: boolean;
  /** Opens the marker editor of this document right away (from step 3's signature warning). */
  initialEditing?: string | null;
  /** A template was picked: its steps and roles go to the wizard's signers. */
  onTemplateRouting?: (routing: TemplatePick['signerRouting']) => void;
}

interface UploadError {
  name: string;
  message: string;
}

/** Step 2: documents by upload, each checked and converted by the server right away. */
export function DocumentsStep({
  documents,
  setDocuments,
  signers,
  canUseTemplates = false,
  multipleDocuments = true,
  inputFields = true,
  wordConversion = true,
  disabled,
  initialEditing = null,
  onTemplateRouting,
}: Props) {
  // Without multiple_documents the upload and the template picker go once there is a document.
  const mayAddDocument = multipleDocuments || documents.length === 0;
  const [pickerOpen, setPickerOpen] = useState(false);
  const [errors, setErrors] = useState<UploadError[]>([]);
  const [typeError, setTypeError] = useState(false);
  const [preview, setPreview] = useState<{ name: string; url: string } | null>(null);
  const [editing, setEditing] = useState<string | null>(initialEditing);
  const editingDoc = documents.find((d) => d.key === editing) ?? null;
  const missing = documentsWithMissingSigners(documents, signers.length);

  function update(key: string, patch: Partial<DocumentItem>) {
    setDocuments((current) => current.map((d) => (d.key === key ? { ...d, ...patch } : d)));
  }

  function saveMarkers(config: MarkerConfig, detected: DetectedMarker[]) {
    // The turned-down suggestions stay turned down (wizard state, then the upload at sending).
    if (editing) update(editing, { config, detected });
    setEditing(null);
  }

  // The server may tell the page count of a conversion; the column shows only when it did.
  const showPages = documents.some((d) => d.pages !== null);

  function closePreview() {
    if (preview) URL.revokeObjectURL(preview.url);
    setPreview(null);
  }

  async function add(files: File[]) {
    setErrors([]);
    const allowed = files.filter((file) => isAllowedUpload(file, wordConversion));
    setTypeError(allowed.length < files.length);
    const items: DocumentItem[] = (multipleDocuments ? allowed : allowed.slice(0, 1)).map(
      newDocument,
    );
    setDocuments((current) => [...current, ...items]);
    // One at a time: a DOCX conversion is heavy work on the server.
    for (const item of items) {
      try {
        const converted = await convertUpload(item.file);
        setDocuments((current) =>
          current.map((d) =>
            d.key === item.key ? { ...d, ...converted, status: 'ready' as const } : d,
          ),
        );
      } catch (error) {
        setDocuments((current) => current.filter((d) => d.key !== item.key));
        setErrors((current) => [
          ...current,
          {
            name: item.file.name,
            message: uploadErrorMessage(error),
          },
        ]);
      }
    }
  }

  return (
    <Stack gap="md">
      {canUseTemplates && mayAddDocument && (
        <Group justify="flex-end">
          <Button
            variant="light"
            leftSection={<IconTemplate size={18} />}
            disabled={disabled}
            onClick={() => setPickerOpen(true)}
            // Wraps on a phone rather than cutting the label off.
            maw="100%"
            h="auto"
            mih={36}
            py={6}
            styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
          >
            {pickerTexts.title}
          </Button>
        </Group>
      )}
      {canUseTemplates && (
        <TemplatePickerModal
          opened={pickerOpen}
          onClose={() => setPickerOpen(false)}
          onPick={(pick) => {
            setDocuments((current) => [...current, documentFromTemplate(pick)]);
            if (pick.signerRouting.length > 0) onTemplateRouting?.(pick.signerRouting);
          }}
        />
      )}
      {mayAddDocument && (
        <Dropzone
          onDrop={(files) => void add(files)}
          onReject={() => setTypeError(true)}
          accept={acceptedUploadTypes(wordConversion)}
          multiple={multipleDocuments}
          disabled={disabled}
          radius="lg"
          aria-label={texts.documents.dropTitle}
        >
          <Group justify="center" gap="xl" mih={140} style={{ pointerEvents: 'none' }}>
            <Dropzone.Accept>
              <IconUpload size={44} color="var(--mantine-color-blue-6)" stroke={1.5} />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={44} color="var(--mantine-color-red-6)" stroke={1.5} />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconFileTypePdf size={44} color="var(--mantine-color-dimmed)" stroke={1.5} />
            </Dropzone.Idle>
            <div>
              <Text size="lg" inline>
                {texts.documents.dropTitle}
              </Text>
              <Text size="sm" c="dimmed" mt={7}>
                {texts.documents.dropHint(uploadTypesHint(wordConversion))}
              </Text>
              {!wordConversion && (
                <Text size="sm" c="dimmed" mt={4} data-testid="word-unavailable">
                  {texts.documents.wordUnavailable}
                </Text>
              )}
            </div>
          </Group>
        </Dropzone>
      )}

      {typeError && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          closeButtonLabel="Sluiten"
          onClose={() => setTypeError(false)}
        >
          {texts.fileType}
        </Alert>
      )}
      {errors.length > 0 && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          closeButtonLabel="Sluiten"
          onClose={() => setErrors([])}
        >
          <List size="sm" spacing={4}>
            {errors.map((e, i) => (
              <List.Item key={i}>
                <Text span fw={600} size="sm">
                  {texts.documents.uploadFailed(e.name)}:
                </Text>{' '}
                {e.message}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}

      {missing.length > 0 && (
        <Alert color="orange" role="alert">
          {texts.documents.missingSigners(missing.map((d) => d.file.name).join(', '))}
        </Alert>
      )}

      <Paper withBorder radius="lg">
        {documents.length === 0 ? (
          <Text p="lg" c="dimmed">
            {texts.documents.none}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" horizontalSpacing="md" aria-label={texts.steps.documents}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{texts.documents.name}</Table.Th>
                  {showPages && <Table.Th>{texts.documents.pages}</Table.Th>}
                  <Table.Th>{texts.documents.size}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{texts.documents.actions}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {documents.map((doc) => (
                  <Table.Tr key={doc.key}>
                    <Table.Td fw={500} style={{ wordBreak: 'break-all' }}>
                      {doc.file.name}
                      {doc.status === 'converting' && (
                        <Group gap={6} wrap="nowrap" mt={4}>
                          <Loader size="xs" />
                          <Text size="sm" c="dimmed" fw={400}>
                            {texts.documents.converting(doc.file.name)}
                          </Text>
                        </Group>
                      )}
                      {doc.status === 'ready' && doc.hasAcroforms && (
                        <Switch
                          mt="xs"
                          size="sm"
                          fw={400}
                          label={texts.documents.formsEnabled}
                          description={texts.documents.formsEnabledDescription}
                          checked={doc.formsEnabled}
                          disabled={disabled}
                          onChange={(e) =>
                            update(doc.key, { formsEnabled: e.currentTarget.checked })
                          }
                        />
                      )}
                    </Table.Td>
                    {showPages && (
                      <Table.Td>{doc.pages ? texts.documents.pagesCount(doc.pages) : ''}</Table.Td>
                    )}
                    <Table.Td>{formatBytes(doc.file.size)}</Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Button
                          variant="light"
                          size="compact-sm"
                          leftSection={<IconMapPin size={16} />}
                          rightSection={
                            markerCount(doc) > 0 ? (
                              <Badge size="sm" variant="filled" aria-hidden>
                                {markerCount(doc)}
                              </Badge>
                            ) : undefined
                          }
                          disabled={disabled || doc.status !== 'ready' || !doc.pdf}
                          onClick={() => setEditing(doc.key)}
                          aria-label={texts.documents.markersFor(doc.file.name)}
                        >
                          {texts.documents.markers}
                        </Button>
                        <Button
                          variant="subtle"
                          size="compact-sm"
                          leftSection={<IconEye size={16} />}
                          disabled={!doc.pdf}
                          onClick={() =>
                            doc.pdf &&
                            setPreview({ name: doc.file.name, url: URL.createObjectURL(doc.pdf) })
                          }
                          aria-label={`${texts.documents.view} ${doc.file.name}`}
                        >
                          {texts.documents.view}
                        </Button>
                        <Tooltip label={texts.documents.remove}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            disabled={disabled}
                            aria-label={`${texts.documents.remove} ${doc.file.name}`}
                            onClick={() =>
                              setDocuments((current) => current.filter((d) => d.key !== doc.key))
                            }
                          >
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>

      {preview && (
        <DocumentPreviewModal name={preview.name} url={preview.url} onClose={closePreview} />
      )}
      {editingDoc && (
        <MarkerEditorModal
          opened
          pdf={editingDoc.pdf}
          signers={signers}
          value={editingDoc.config}
          suggestions={editingDoc.detected}
          fieldsOnlyFirstSigner
          inputFields={inputFields}
          onSave={saveMarkers}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

/** The server's Dutch message (the field error on `file` first), else the raw error (seed 000 §8). */
function uploadErrorMessage(error: unknown): string {
  if (isApiError(error)) return error.fieldErrors().file ?? error.message;
  return error instanceof Error ? error.message : String(error);
}
