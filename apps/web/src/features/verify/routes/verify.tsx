import { useState } from 'react';
import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { Dropzone, PDF_MIME_TYPE } from '@mantine/dropzone';
import type { VerifyResult } from '@paraaf/contract';
import { isApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useVerifyDocument } from '../api/verify-document';

const MAX_BYTES = 25 * 1024 * 1024;

/** /verifieren: anyone (guest or signed in) checks whether a PDF is sealed by Paraaf and unchanged. */
export function VerifyRoute() {
  const verify = useVerifyDocument();
  const [fileName, setFileName] = useState<string | null>(null);
  const [rejected, setRejected] = useState<string | null>(null);
  const result: VerifyResult | undefined = verify.data;

  const onDrop = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setRejected(null);
    setFileName(file.name);
    verify.mutate(file);
  };

  let error: string | null = rejected;
  if (!error && verify.error) {
    error = isApiError(verify.error, 429)
      ? 'Je hebt te veel documenten gecontroleerd. Probeer het later opnieuw.'
      : 'Het document kon niet worden gecontroleerd. Probeer het opnieuw.';
  }

  return (
    <Stack gap="md">
      <Title order={2}>Document verifiëren</Title>
      <Text c="dimmed" size="sm">
        Controleer of een PDF door Paraaf is verzegeld en sindsdien niet is gewijzigd. Het document
        wordt alleen vergeleken en niet bewaard.
      </Text>
      <Dropzone
        onDrop={onDrop}
        onReject={() => setRejected('Kies een PDF-bestand van maximaal 25 MB.')}
        maxSize={MAX_BYTES}
        maxFiles={1}
        multiple={false}
        accept={PDF_MIME_TYPE}
        loading={verify.isPending}
        aria-label="Sleep een PDF hierheen of klik om een bestand te kiezen"
      >
        <Group justify="center" mih={120} style={{ pointerEvents: 'none' }}>
          <Stack gap={4} align="center">
            <Text fw={500}>Sleep een PDF hierheen of klik om een bestand te kiezen</Text>
            <Text size="sm" c="dimmed">
              Maximaal 25 MB
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      {fileName && !verify.isPending && (result || error) && (
        <Text size="sm" c="dimmed">
          {fileName}
        </Text>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {!error && result && !verify.isPending && (
        <Alert
          color={result.valid ? 'teal' : 'orange'}
          title={result.valid ? 'Geldig' : 'Niet geldig'}
          role="status"
        >
          {result.valid
            ? `Dit document is verzegeld door Paraaf en ongewijzigd sinds ${formatDateTime(result.completed_at)}`
            : 'Dit document is niet door Paraaf verzegeld of is gewijzigd'}
        </Alert>
      )}
    </Stack>
  );
}
