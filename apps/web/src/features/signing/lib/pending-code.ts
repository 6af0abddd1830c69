import type { SigningPage } from '@paraaf/contract';
import { TIME_ZONE } from '../../../lib/format';

/**
 * Until when a code sent earlier (before a reload, or before the phone switched to the mail app)
 * can still be entered on this channel, or null: then the page asks to send one.
 */
export function pendingCodeUntil(
  page: Pick<SigningPage, 'pending_codes'>,
  channel: 'email' | 'sms',
  now: number = Date.now(),
): Date | null {
  const until = page.pending_codes[channel];
  if (!until) return null;
  const at = new Date(until);
  return at.getTime() > now ? at : null;
}

/** A code's end time as the signer reads it: hours and minutes in Amsterdam. */
export function codeTime(at: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: TIME_ZONE }).format(at);
}
