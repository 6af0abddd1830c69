import type { EmbedEvent, SigningPage } from '@paraaf/contract';

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
