import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { isEmbedOriginAllowed, type EmbedErrorCode, type EmbedEvent } from '@paraaf/contract';

/**
 * The origin of the page that frames this one, as the browser tells it (Chromium and Safari:
 * `location.ancestorOrigins`; others: the referrer's origin), or null outside a frame.
 */
export function parentOrigin(win: Window = window): string | null {
  if (win.parent === win) return null;
  const ancestors = win.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors[0] ?? null;
  try {
    return win.document.referrer ? new URL(win.document.referrer).origin : null;
  } catch {
    return null;
  }
}

/**
 * Posts events to the framing page, to its origin only. The browser already refused every
 * framing origin the company did not list (frame-ancestors); once the list is known the origin
 * is checked against it too, and a page outside it hears nothing.
 */
export function hostChannel(allowed: readonly string[] | null, win: Window = window) {
  const origin = parentOrigin(win);
  const target =
    origin && (allowed === null || isEmbedOriginAllowed(allowed, origin)) ? origin : null;
  return {
    target,
    post(event: EmbedEvent) {
      if (target) win.parent.postMessage(event, target);
    },
  };
}

export type HostChannel = ReturnType<typeof hostChannel>;

/** An embed link that opened nothing: its Dutch message and why (`paraaf:error` code). */
export class EmbedLinkError extends Error {
  readonly code: EmbedErrorCode;
  constructor(code: EmbedErrorCode, message: string) {
    super(message);
    this.name = 'EmbedLinkError';
    this.code = code;
  }
}

export const embedFailedMessage = 'Er is iets mis gegaan. Probeer het opnieuw.';

const opened = new Map<string, Promise<unknown>>();

/**
 * Uses an embed link (`POST /api/embed/{kind}/{token}`, once: the server refuses a second use)
 * and answers what it gave in exchange. Kept per link for this page's life, so a second render
 * does not spend it twice.
 */
export function openEmbedLink<T>(kind: 'signing' | 'editor', token: string): Promise<T> {
  const url = `/api/embed/${kind}/${encodeURIComponent(token)}`;
  let answer = opened.get(url);
  if (!answer) {
    answer = exchange(url);
    opened.set(url, answer);
  }
  return answer as Promise<T>;
}

async function exchange(url: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { Accept: 'application/json' },
      credentials: 'omit',
    });
  } catch {
    throw new EmbedLinkError('failed', embedFailedMessage);
  }
  const body = (await response.json().catch(() => ({}))) as {
    message?: string;
    code?: EmbedErrorCode;
  };
  if (response.ok) return body;
  const code = response.status === 404 ? 'link_invalid' : (body.code ?? 'failed');
  throw new EmbedLinkError(code, body.message ?? 'Deze link is ongeldig');
}

/**
 * An embedded page's session: the link of the route's `{token}` used once (never again, not on
 * focus or failure) and the channel to the framing page, open once the company's origins are known.
 */
export function useEmbedSession<T extends { origins: readonly string[] }>(
  kind: 'signing' | 'editor',
  open: (token: string) => Promise<T>,
) {
  const { token = '' } = useParams();
  const session = useQuery({
    queryKey: [`embed-${kind}`, token],
    queryFn: () => open(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });
  // Before the list is known the browser's frame-ancestors check is the only one there is.
  const channel = useMemo(() => hostChannel(session.data?.origins ?? null), [session.data]);
  return { session, channel };
}
