/**
 * The bank data an iDIN check shares, as people read it: on the signer's page (after the check)
 * and on the audit certificate. One order and one set of Dutch labels for both; the stored
 * attributes (lib/identity/services.ts on the server) are finer: a name comes as initials,
 * prefix and last name, an address as street and house number.
 */
export const idinDisplayLabels = {
  name: 'Naam',
  date_of_birth: 'Geboortedatum',
  gender: 'Geslacht',
  address: 'Adres',
  postal_code: 'Postcode',
  city: 'Plaats',
  country: 'Land',
  email: 'E-mailadres',
  telephone: 'Telefoonnummer',
} as const;

export type IdinDisplayKey = keyof typeof idinDisplayLabels;

/** The stored attributes each shown line is made of, joined by a space, in this order. */
const idinDisplayParts: Record<IdinDisplayKey, readonly string[]> = {
  name: ['initials', 'last_name_prefix', 'last_name'],
  date_of_birth: ['date_of_birth'],
  gender: ['gender'],
  address: ['street', 'house_number'],
  postal_code: ['postal_code'],
  city: ['city'],
  country: ['country'],
  email: ['email'],
  telephone: ['telephone'],
};

export interface IdinDisplayRow {
  /** A key of idinDisplayLabels, or a stored attribute no line knows (shown under its own key). */
  key: string;
  value: string;
}

/**
 * The lines to show for the attributes a bank shared, in the fixed order of idinDisplayLabels;
 * lines without a value are left out. `formatDate` writes the birth date (stored 'YYYY-MM-DD')
 * as the reader's dates are written.
 */
export function idinDisplayRows(
  attributes: Readonly<Record<string, string>>,
  formatDate: (isoDate: string) => string,
): IdinDisplayRow[] {
  const rows: IdinDisplayRow[] = [];
  const used = new Set<string>();
  for (const key of Object.keys(idinDisplayLabels) as IdinDisplayKey[]) {
    const parts = idinDisplayParts[key];
    parts.forEach((p) => used.add(p));
    const value = parts
      .map((p) => attributes[p]?.trim() ?? '')
      .filter(Boolean)
      .join(' ');
    if (!value) continue;
    rows.push({ key, value: key === 'date_of_birth' ? formatDate(value) : value });
  }
  for (const [key, value] of Object.entries(attributes)) {
    if (!used.has(key) && value.trim()) rows.push({ key, value: value.trim() });
  }
  return rows;
}
