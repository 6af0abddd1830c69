export interface SmsMessage {
  /** International format, e.g. '+31612345678' (see normalizePhone). */
  to: string;
  /** Alphanumeric sender id, at most 11 characters. */
  sender: string;
  /** Holds verification codes: never logged. */
  body: string;
  /** Our reference for the message (the outbox row), echoed in delivery reports. */
  reference?: string;
}

/** One SMS gateway. Production: CM.com; without one, the simulator (the outbox is the inbox). */
export interface SmsSender {
  readonly name: string;
  send(message: SmsMessage): Promise<{ providerMessageId: string }>;
}

/** A failed send. `permanent`: retrying will not help (bad number, bad token, refused). */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

export const DEFAULT_SMS_SENDER = 'Paraaf';

/** The company's `sms_name` when it is a valid alphanumeric sender id (max 11), else 'Paraaf'. */
export function smsSenderName(smsName: string | null | undefined): string {
  const name = (smsName ?? '').replace(/[^A-Za-z0-9 .\-_]/g, '').trim();
  return name.length > 0 ? name.slice(0, 11).trim() : DEFAULT_SMS_SENDER;
}

/**
 * A phone number as typed by a sender ('06 1234 5678', '+31 6 12345678', '0031612345678') in
 * E.164 form ('+31612345678'). A national number without country code is taken as Dutch.
 */
export function normalizePhone(phone: string): string {
  const digits = phone.replace(/[\s\-().]/g, '');
  if (digits.startsWith('+')) return `+${digits.slice(1).replace(/\D/g, '')}`;
  if (digits.startsWith('00')) return `+${digits.slice(2).replace(/\D/g, '')}`;
  if (digits.startsWith('0')) return `+31${digits.slice(1).replace(/\D/g, '')}`;
  return `+${digits.replace(/\D/g, '')}`;
}
