import type { SigningStatus } from '@paraaf/contract';
import type { TextKey } from '../texts';

/**
 * Every page that is not the open signing page: the API's statuses, a link replaced by a newer
 * mail (410) and an unknown link (404).
 */
export type ClosedStatus = Exclude<SigningStatus, 'open'> | 'replaced' | 'unknown';

export type StatusTone = 'info' | 'success' | 'warning' | 'error';

export interface StatusText {
  title: TextKey;
  body: TextKey;
  tone: StatusTone;
  /** Signed documents can be downloaded from the page. */
  showDocuments: boolean;
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
