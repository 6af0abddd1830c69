/**
 * Amounts in euros as people type and paste them, read the same way by every screen and by the
 * server: the decimal comma ('0,85') and the dot ('0.85'), at most two decimals, optionally a
 * euro sign and thousands grouped the Dutch way ('€ 2.722,50'). An amount is whole cents from
 * here on; a float never reaches a price.
 */

export const moneyMessages = {
  /** Not an amount at all ('abc', '1.2.3', '-5'). */
  invalid: 'Vul een bedrag in euro in, bijvoorbeeld 12,50',
  /** '1,234' or '0.999': a third decimal is a typo, never rounded away. */
  decimals: 'Vul een bedrag in met hoogstens twee decimalen',
  tooLow: (min: string) => `Het bedrag moet minimaal ${min} zijn`,
  tooHigh: (max: string) => `Het bedrag mag hoogstens ${max} zijn`,
  /** The confirmation a price per credit above PRICE_PER_CREDIT_CONFIRM_CENTS needs. */
  confirmHighPrice: (price: string) => `Ja, de prijs per credit is echt ${price}`,
  confirmHighPriceRequired: 'Bevestig deze hoge prijs per credit',
} as const;

/** A price per credit above € 100 is asked again in the screen before it is saved. */
export const PRICE_PER_CREDIT_CONFIRM_CENTS = 100_00;

/** The most euros (before the decimals) an amount may have: 9 digits. */
const MAX_WHOLE_DIGITS = 9;

export type ParsedEuros = { cents: number } | { error: string };

/**
 * Parses an amount in euros to whole cents. Accepted: '12', '0,85', '0.9', ',5', '€ 12,50',
 * '2.722,50', '2,722.50'. A single separator followed by three digits ('1,234', '1.234') is
 * refused with the two-decimals message rather than guessed: in a price field it is a typo far
 * more often than a thousand. null for an empty field.
 */
export function parseEuros(input: string): ParsedEuros | null {
  const value = input.replace(/^\s*€\s*/, '').trim();
  if (value === '') return null;
  let whole: string;
  let decimals: string;
  const grouped =
    /^(\d{1,3}(?:\.\d{3})+),(\d+)$/.exec(value) ?? /^(\d{1,3}(?:,\d{3})+)\.(\d+)$/.exec(value);
  if (grouped) {
    whole = grouped[1]!.replace(/[.,]/g, '');
    decimals = grouped[2]!;
  } else {
    const plain = /^(\d*)(?:[.,](\d*))?$/.exec(value);
    if (!plain || (plain[1] === '' && !plain[2])) {
      return { error: moneyMessages.invalid };
    }
    whole = plain[1] || '0';
    decimals = plain[2] ?? '';
  }
  if (decimals.length > 2) return { error: moneyMessages.decimals };
  whole = whole.replace(/^0+(?=\d)/, '');
  if (whole.length > MAX_WHOLE_DIGITS) return { error: moneyMessages.invalid };
  return { cents: Number(whole) * 100 + Number(decimals.padEnd(2, '0')) };
}

/** Cents of a JSON number of euros, or null when it has more than two decimals (or is no number). */
export function centsOfEuros(euros: number): number | null {
  if (!Number.isFinite(euros)) return null;
  const cents = Math.round(euros * 100);
  return Math.abs(euros * 100 - cents) < 1e-6 ? cents : null;
}

const euroFormat = new Intl.NumberFormat('nl-NL', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Cents as a Dutch amount with the sign: '€ 2.722,50'. */
export function formatCents(cents: number): string {
  return euroFormat.format(cents / 100);
}

/** Cents as they stand in an input after it is left: '0,90', '2722,50' (no sign, no grouping). */
export function centsToInput(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** Cents as the decimal text a request carries: '0.85'. */
export function centsToDecimal(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
