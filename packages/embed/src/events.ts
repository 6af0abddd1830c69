/** The events a Paraaf frame sends, re-dispatched on the element as DOM events of the same name. */
export const PARAAF_EVENTS = [
  'paraaf:loaded',
  'paraaf:verified',
  'paraaf:signed',
  'paraaf:declined',
  'paraaf:completed',
  'paraaf:error',
  'paraaf:resize',
  'paraaf:ready',
  'paraaf:saved',
  'paraaf:sent',
  'paraaf:closed',
] as const;
export type ParaafEventType = (typeof PARAAF_EVENTS)[number];

/** What an event carries (its `detail`). */
export interface ParaafEventDetail {
  type: ParaafEventType;
  /** The sign request (every signing event; `paraaf:completed` once it is sealed). */
  sign_request_id?: number;
  signer_id?: number;
  template_id?: number;
  /** `paraaf:resize`: the page's height in CSS pixels. */
  height?: number;
  /** `paraaf:error`: why (link_used, link_expired, link_invalid, failed) and a Dutch message. */
  code?: string;
  message?: string;
  /** `paraaf:closed` (the editor's 'Annuleren'): whether anything was saved before; remove the frame. */
  saved?: boolean;
}

export const isParaafEvent = (data: unknown): data is ParaafEventDetail =>
  typeof data === 'object' &&
  data !== null &&
  (PARAAF_EVENTS as readonly string[]).includes((data as { type?: unknown }).type as string);
