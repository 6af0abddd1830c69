import type { SigningPage, SigningStatus } from '@paraaf/contract';
import type { TextKey } from '../texts';

/**
 * Every page that is not the open signing page: the API's statuses, a link replaced by a newer
 * mail (410) and an unknown link (404).
 */
export type ClosedStatus = Exclude<SigningStatus, 'open'> | 'sealing' | 'replaced' | 'unknown';

export type StatusTone = 'info' | 'success' | 'warning' | 'error';

export interface StatusText {
  title: TextKey;
  body: TextKey;
  tone: StatusTone;
  /** Signed documents can be downloaded from the page. */
  showDocuments: boolean;
  /** Work in progress: a spinner shows and the page asks again until it is done. */
  busy?: boolean;
}

const table: Record<ClosedStatus, StatusText> = {
  not_your_turn: {
    title: 'status.not_your_turn.title',
    body: 'status.not_your_turn.body',
    tone: 'info',
    showDocuments: false,
  },
  approved: {
    title: 'status.approved.title',
    body: 'status.approved.body',
    tone: 'success',
    showDocuments: false,
  },
  signed: {
    title: 'status.signed.title',
    body: 'status.signed.body',
    tone: 'success',
    showDocuments: true,
  },
  sealing: {
    title: 'status.sealing.title',
    body: 'status.sealing.body',
    tone: 'info',
    showDocuments: false,
    busy: true,
  },
  declined: {
    title: 'status.declined.title',
    body: 'status.declined.body',
    tone: 'error',
    showDocuments: false,
  },
  cancelled: {
    title: 'status.cancelled.title',
    body: 'status.cancelled.body',
    tone: 'warning',
    showDocuments: false,
  },
  expired: {
    title: 'status.expired.title',
    body: 'status.expired.body',
    tone: 'warning',
    showDocuments: false,
  },
  purged: {
    title: 'status.purged.title',
    body: 'status.purged.body',
    tone: 'info',
    showDocuments: false,
  },
  replaced: {
    title: 'status.replaced.title',
    body: 'status.replaced.body',
    tone: 'warning',
    showDocuments: false,
  },
  unknown: {
    title: 'status.unknown.title',
    body: 'status.unknown.body',
    tone: 'error',
    showDocuments: false,
  },
};

/** What the page says for a status that allows no action; an unexpected value reads as unknown. */
export function statusText(status: string): StatusText {
  return status in table ? table[status as ClosedStatus] : table.unknown;
}

/**
 * The status the page shows: 'signed' while the request is still being sealed (60, or 9 while the
 * sealing job retries) is 'sealing', so the downloads the page promises can follow.
 */
export function pageStatus(page: Pick<SigningPage, 'status' | 'sign_request'>): string {
  if (page.status === 'signed' && page.sign_request.state_id !== 5) return 'sealing';
  return page.status;
}

/** How often the page asks again while documents are being sealed; false when nothing changes. */
export const SEALING_POLL_MS = 2000;
export function pollInterval(
  page: Pick<SigningPage, 'status' | 'sign_request'> | undefined,
): number | false {
  return page && statusText(pageStatus(page)).busy ? SEALING_POLL_MS : false;
}
