const pad = (n: number) => String(n).padStart(2, '0');

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Paraaf's time zone. Mails, the audit certificate and every screen show times in it, whatever
 * the browser's zone, so a sender abroad and the signed PDF never disagree.
 */
export const TIME_ZONE = 'Europe/Amsterdam';

const wallClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The date's calendar fields as a clock in Amsterdam shows them. */
export function zonedParts(date: Date): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
} {
  const parts: Record<string, number> = {};
  for (const p of wallClock.formatToParts(date)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/**
 * The instant at which Amsterdam's clock reads the given wall time (month 1–12). In the hour a
 * DST change skips, the later offset applies; in the hour it repeats, the first.
 */
export function fromZonedWallTime(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): Date {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  // Two rounds converge: the first guesses the offset at the UTC reading, the second corrects it.
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const p = zonedParts(new Date(guess));
    const shown = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    guess += asUtc - shown;
  }
  return new Date(guess);
}

/** DD-MM-YYYY in Amsterdam; '' for no or an invalid date. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  if (!d) return '';
  const p = zonedParts(d);
  return `${pad(p.day)}-${pad(p.month)}-${p.year}`;
}

/** DD-MM-YYYY HH:mm in Amsterdam. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  if (!d) return '';
  const p = zonedParts(d);
  return `${formatDate(d)} ${pad(p.hour)}:${pad(p.minute)}`;
}

/** HH:mm in Amsterdam. */
export function formatTime(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  if (!d) return '';
  const p = zonedParts(d);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

const byteUnits = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/** A size in base-1024 units from Bytes up to YB (seed 000 §9), Dutch decimals: '1,5 MB'. */
export function formatBytes(bytes: number | null | undefined, decimals = 2): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes === 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), byteUnits.length - 1);
  const value = bytes / 1024 ** exponent;
  const rounded = parseFloat(value.toFixed(exponent === 0 ? 0 : decimals));
  return `${String(rounded).replace('.', ',')} ${byteUnits[exponent]}`;
}

const euro = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });

/** Euros with two decimals and a decimal comma (seed 001 §9): '€ 1.234,50'; '' for no amount. */
export function formatEuro(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '';
  return euro.format(amount);
}

/** 'YYYY-MM-DD' → 'DD-MM-YYYY' without passing through a time zone. */
export function formatDay(isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  const [year, month, day] = isoDate.split('-');
  return year && month && day ? `${day}-${month}-${year}` : '';
}
