import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Center, Container, Group, Loader, Select, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { EmbedEditorSession, MarkerConfig } from '@paraaf/contract';
import { MarkerEditorModal } from '../../components/marker-editor';
import {
  EmbedLinkError,
  embedFailedMessage,
  useEmbedSession,
  type HostChannel,
} from '../../lib/embed-host';
import { embedEditorApi, openEmbedEditor } from './api';
import { texts } from './texts';
import tapTargets from '../../components/tap-targets.module.css';

/** The height the frame asks for: the editor fills it (full-screen inside the frame). */
const EDITOR_HEIGHT = 820;

/**
 * `/insluiten/voorbereiden/{token}`: the marker editor of one draft or template inside another
 * site's frame. The link is used once for a session that reaches that object only; saving and
 * sending are posted to the framing page.
 */
export function EmbedEditorRoute() {
  const { session, channel } = useEmbedSession('editor', openEmbedEditor);
  const failed = session.error;
  useEffect(() => {
    if (!failed) return;
    const known = failed instanceof EmbedLinkError;
    channel.post({
      type: 'paraaf:error',
      code: known ? failed.code : 'failed',
      message: known ? failed.message : embedFailedMessage,
    });
  }, [failed, channel]);

  if (session.isPending) return <Loading />;
  if (failed) {
    return (
      <Container size={640} py="xl" component="main">
        <Alert color="red" role="alert" title={texts.closedTitle}>
          {failed instanceof EmbedLinkError ? failed.message : embedFailedMessage}
        </Alert>
      </Container>
    );
  }
  return <Editor session={session.data} channel={channel} />;
}

function Loading() {
  return (
    <Center py="xl" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" />
        <Text>{texts.loading}</Text>
      </Group>
    </Center>
  );
}

function Editor({ session, channel }: { session: EmbedEditorSession; channel: HostChannel }) {
  const ids = {
    sign_request_id: session.sign_request_id ?? undefined,
    template_id: session.template_id ?? undefined,
  };
  const editor = useQuery({
    queryKey: ['embed-editor-data', session.token],
    queryFn: () => embedEditorApi.editor(session.token),
    refetchOnWindowFocus: false,
  });
  const [documentId, setDocumentId] = useState<number | null>(null);
  const current =
    editor.data?.documents.find((d) => d.id === documentId) ?? editor.data?.documents[0];
  const pdf = useQuery({
    queryKey: ['embed-editor-file', session.token, current?.id],
    queryFn: () => embedEditorApi.file(session.token, current!.id),
    enabled: Boolean(current),
    staleTime: Infinity,
  });
  // Saved this session, and changed since (per document): 'Versturen' saves the changes first.
  const [configs, setConfigs] = useState<Record<number, MarkerConfig>>({});
  const [drafts, setDrafts] = useState<Record<number, MarkerConfig>>({});
  const [isClosed, setClosed] = useState(false);
  const hasSaved = useRef(false);
  const stored = (id: number, config: MarkerConfig) => {
    hasSaved.current = true;
    setConfigs((all) => ({ ...all, [id]: config }));
    // A change made while saving stays a draft.
    setDrafts((all) =>
      all[id] === config
        ? Object.fromEntries(Object.entries(all).filter(([key]) => Number(key) !== id))
        : all,
    );
    channel.post({ type: 'paraaf:saved', ...ids });
  };
  const failed = (error: Error) =>
    notifications.show({ message: error.message || embedFailedMessage, color: 'red' });
  const save = useMutation({
    mutationFn: ({ id, config }: { id: number; config: MarkerConfig }) =>
      embedEditorApi.saveMarkers(session.token, id, config),
    onSuccess: (_, { id, config }) => {
      stored(id, config);
      notifications.show({ message: texts.saved, color: 'teal' });
    },
    onError: failed,
  });
  const send = useMutation({
    mutationFn: async () => {
      // Markers placed but not saved go with the draft, as if 'Opslaan' had been pressed.
      for (const [id, config] of Object.entries(drafts)) {
        await embedEditorApi.saveMarkers(session.token, Number(id), config);
        stored(Number(id), config);
      }
      return embedEditorApi.send(session.token);
    },
    onSuccess: () => channel.post({ type: 'paraaf:sent', ...ids }),
    onError: failed,
  });
  // 'Annuleren' (or Escape): unsaved changes are dropped and the host hears it may close the frame.
  const close = () => {
    setDrafts({});
    setClosed(true);
    channel.post({ type: 'paraaf:closed', saved: hasSaved.current, ...ids });
  };

  const ready = useRef(false);
  useEffect(() => {
    if (ready.current || !editor.data || !pdf.data) return;
    ready.current = true;
    channel.post({ type: 'paraaf:resize', height: EDITOR_HEIGHT });
    channel.post({ type: 'paraaf:ready', ...ids });
  });

  if (send.isSuccess) {
    return (
      <Container size={640} py="xl" component="main">
        <Alert color="teal" role="status" title={texts.sentTitle}>
          {texts.sent}
        </Alert>
      </Container>
    );
  }
  if (isClosed) {
    return (
      <Container size={640} py="xl" component="main" className={tapTargets.tapTargets}>
        <Alert color="gray" role="status" title={texts.closedEditorTitle}>
          <Text>{texts.closedEditor}</Text>
          <Group mt="sm" gap="sm">
            <Button variant="default" onClick={() => setClosed(false)}>
              {texts.reopen}
            </Button>
            {/* A phone places no markers: closed, the draft can still go with automatic boxes. */}
            {editor.data?.can_send && (
              <Button variant="light" loading={send.isPending} onClick={() => send.mutate()}>
                {texts.send}
              </Button>
            )}
          </Group>
        </Alert>
      </Container>
    );
  }
  if (!editor.data || !current) return <Loading />;
  const data = editor.data;
  return (
    <MarkerEditorModal
      // Each document its own editor, starting from its unsaved changes.
      key={current.id}
      opened
      pdf={pdf.data ?? null}
      signers={data.signers.map((s) => ({
        position: s.position,
        label: s.label,
        ...(s.verifications ? { verifications: s.verifications } : {}),
      }))}
      value={drafts[current.id] ?? configs[current.id] ?? (current.config as MarkerConfig)}
      fieldsOnlyFirstSigner={data.kind === 'sign_request'}
      inputFields={data.input_fields}
      reusableSources={[]}
      saving={save.isPending || send.isPending}
      saveLabel={texts.save}
      header={
        <Group gap="sm">
          <Text fw={600}>{data.title}</Text>
          {data.documents.length > 1 && (
            <Select
              aria-label={texts.document}
              data={data.documents.map((d) => ({ value: String(d.id), label: d.name }))}
              value={String(current.id)}
              onChange={(value) => value && setDocumentId(Number(value))}
              allowDeselect={false}
            />
          )}
          {data.can_send && (
            <Button variant="light" loading={send.isPending} onClick={() => send.mutate()}>
              {texts.send}
            </Button>
          )}
        </Group>
      }
      onSave={(config) => save.mutate({ id: current.id, config })}
      onChange={(config) => setDrafts((all) => ({ ...all, [current.id]: config }))}
      onClose={close}
    />
  );
}
