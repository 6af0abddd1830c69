import type { EmbedEditor, EmbedEditorSession, MarkerConfig } from '@paraaf/contract';
import { embedFailedMessage, openEmbedLink } from '../../lib/embed-host';

/** Uses the editor's embed link once for a session on its one draft or template. */
export const openEmbedEditor = (token: string) =>
  openEmbedLink<EmbedEditorSession>('editor', token);

/** A call of the editor session (its token in the path is its only credential). */
async function call<T>(session: string, rest: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`/api/embed/editor-session/${encodeURIComponent(session)}${rest}`, {
    ...init,
    credentials: 'omit',
    headers: {
      Accept: 'application/json',
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
    },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new Error(body.message ?? embedFailedMessage);
  }
  return (rest.endsWith('/file') ? response.blob() : response.json()) as Promise<T>;
}

export const embedEditorApi = {
  editor: (session: string) => call<EmbedEditor>(session, ''),
  file: (session: string, documentId: number) =>
    call<Blob>(session, `/documents/${documentId}/file`),
  saveMarkers: (session: string, documentId: number, config: MarkerConfig) =>
    call<{ id: number }>(session, `/documents/${documentId}/markers`, {
      method: 'PUT',
      body: JSON.stringify({ variables: config.variables, fields: config.fields }),
    }),
  send: (session: string) => call<{ id: number }>(session, '/send', { method: 'POST' }),
};
