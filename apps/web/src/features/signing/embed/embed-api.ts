import type { EmbedErrorCode, EmbedSigningSession } from '@paraaf/contract';

/** An embed link that opened nothing: its Dutch message and why (`paraaf:error` code). */
export class EmbedLinkError extends Error {
  readonly code: EmbedErrorCode;
  constructor(code: EmbedErrorCode, message: string) {
    super(message);
    this.name = 'EmbedLinkError';
    this.code = code;
  }
}

const opened = new Map<string, Promise<EmbedSigningSession>>();

/**
 * Uses the embed link (once: the server refuses a second use) and answers the signer page's
 * token. Kept per link for this page's life, so a second render does not spend it twice.
 */
export function openEmbedSigning(token: string): Promise<EmbedSigningSession> {
  let session = opened.get(token);
  if (!session) {
    session = exchange(token);
    opened.set(token, session);
  }
  return session;
}

async function exchange(token: string): Promise<EmbedSigningSession> {
  let response: Response;
  try {
    response = await fetch(`/api/embed/signing/${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { Accept: 'application/json' },
      credentials: 'omit',
    });
  } catch {
    throw new EmbedLinkError('failed', 'Er is iets mis gegaan. Probeer het opnieuw.');
  }
  const body = (await response.json().catch(() => ({}))) as Partial<
    EmbedSigningSession & { message: string; code: EmbedErrorCode }
  >;
  if (response.ok) return body as EmbedSigningSession;
  const code = response.status === 404 ? 'link_invalid' : (body.code ?? 'failed');
  throw new EmbedLinkError(code, body.message ?? 'Deze link is ongeldig');
}
