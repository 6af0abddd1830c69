import { useState } from 'react';
import type { DetectedMarker } from '@paraaf/contract';
import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconFileTypePdf, IconUpload, IconX } from '@tabler/icons-react';
import { isApiError } from '../../../lib/api-client';
import { convertUpload } from '../../../lib/convert-upload';
import { acceptedUploadTypes, isAllowedUpload, uploadTypesHint } from '../../../lib/upload-types';
import { texts } from '../texts';

export interface UploadedTemplateFile {
  /** The converted PDF (an image or DOCX becomes a PDF on the server). */
  pdf: Blob;
  fileName: string;
  /** Fields the server found in it: the editor's suggestions. */
  detected: DetectedMarker[];
}

/** The upload control (needs createTemplate): checks the type, converts, hands over the PDF. */
export function TemplateUpload({
  onUploaded,
  wordConversion = true,
}: {
  onUploaded: (file: UploadedTemplateFile) => void;
  /** The server converts Word files (company.word_conversion); else PDF and images only. */
  wordConversion?: boolean;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function upload(files: File[]) {
    setError(null);
    const file = files[0];
    if (!file) return;
    if (!isAllowedUpload(file, wordConversion)) {
      setError(texts.fileType);
      return;
    }
    setBusy(file.name);
    try {
      const { pdf, detected } = await convertUpload(file);
      onUploaded({ pdf, fileName: file.name, detected });
    } catch (e) {
      console.error(e);
      setError(`${texts.uploadFailed(file.name)}: ${uploadErrorMessage(e)}`);
    } finally {
      setBusy(null);
    }
  }

  function reject(rejections: FileRejection[]) {
    const invalidType = rejections.some((r) =>
      r.errors.some((e) => e.code === 'file-invalid-type'),
    );
    setError(invalidType ? texts.fileType : texts.oneFile);
  }

  return (
    <Stack gap="sm">
      <Dropzone
        onDrop={(files) => void upload(files)}
        onReject={reject}
        accept={acceptedUploadTypes(wordConversion)}
        multiple={false}
        loading={busy !== null}
        radius="lg"
        aria-label={texts.dropTitle}
      >
        <Group justify="center" gap="xl" mih={110} style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={40} color="var(--mantine-color-blue-6)" stroke={1.5} />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={40} color="var(--mantine-color-red-6)" stroke={1.5} />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileTypePdf size={40} color="var(--mantine-color-dimmed)" stroke={1.5} />
          </Dropzone.Idle>
          <div>
            <Text size="lg" inline>
              {texts.dropTitle}
            </Text>
            <Text size="sm" c="dimmed" mt={7}>
              {uploadTypesHint(wordConversion)}
            </Text>
            {!wordConversion && (
              <Text size="sm" c="dimmed" mt={4} data-testid="word-unavailable">
                {texts.wordUnavailable}
              </Text>
            )}
          </div>
        </Group>
      </Dropzone>
      {busy !== null && (
        <Group gap={6} wrap="nowrap">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {texts.converting(busy)}
          </Text>
        </Group>
      )}
      {error && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          closeButtonLabel="Sluiten"
          onClose={() => setError(null)}
        >
          {error}
        </Alert>
      )}
    </Stack>
  );
}

/** The server's message (the field error on `file` first), else the raw error (seed 000 §8). */
export function uploadErrorMessage(error: unknown): string {
  if (isApiError(error)) return error.fieldErrors().file ?? error.message;
  return error instanceof Error ? error.message : String(error);
}
