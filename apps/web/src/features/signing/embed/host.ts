import { isEmbedOriginAllowed, type EmbedEvent, type SigningPage } from '@paraaf/contract';

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

const IDENTITY_STEPS = new Set(['email', 'sms', 'idin']);

/**
 * The events a new state of the signer's page gives, each once (`sent` holds those already
 * posted): loaded, verified (every identity step done), signed (this signer approved), declined,
 * completed (the request sealed).
 */
export function signingEvents(page: SigningPage, sent: Set<string>): EmbedEvent[] {
  const ids = { sign_request_id: page.sign_request.id, signer_id: page.signer.id };
  const due: EmbedEvent[] = [{ type: 'paraaf:loaded', ...ids }];
  const identity = page.steps.filter((s) => IDENTITY_STEPS.has(s.type));
  const isDone = page.status === 'approved' || page.status === 'signed';
  if ((identity.length > 0 && identity.every((s) => s.done)) || isDone)
    due.push({ type: 'paraaf:verified', ...ids });
  if (isDone) due.push({ type: 'paraaf:signed', ...ids });
  if (page.status === 'declined') due.push({ type: 'paraaf:declined', ...ids });
  if (page.sign_request.state_id === 5) due.push({ type: 'paraaf:completed', ...ids });
  return due.filter((event) => {
    if (sent.has(event.type)) return false;
    sent.add(event.type);
    return true;
  });
}
