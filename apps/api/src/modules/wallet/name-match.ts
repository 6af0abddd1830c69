/**
 * Whether the name an EU wallet disclosed is the signer's, with a bank check's tolerance: case,
 * accents, hyphens, apostrophes and dots do not count; Dutch and other name prefixes (van, de,
 * van der, ten, …) may be left out on either side; a double family name matches either part;
 * the signer's first name matches any of the wallet's given names, or their initials ("J.P.").
 */
export function walletNameMatches(
  signer: { firstname: string; lastname: string },
  wallet: { given_name?: string; family_name?: string },
): boolean {
  if (!wallet.given_name || !wallet.family_name) return false;
  return (
    familyMatches(signer.lastname, wallet.family_name) &&
    givenMatches(signer.firstname, wallet.given_name)
  );
}

const PREFIXES = new Set([
  'van',
  'de',
  'der',
  'den',
  'het',
  't',
  'ten',
  'ter',
  'te',
  'in',
  'op',
  'aan',
  'bij',
  'uit',
  'd',
  'da',
  'di',
  'du',
  'del',
  'della',
  'des',
  'la',
  'le',
  'l',
  'von',
  'zu',
  'vom',
  'zum',
]);

function words(value: string): string[] {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

/** The family name without prefixes, as one string; a double name gives each part too. */
function familyForms(value: string): string[] {
  const core = (part: string) =>
    words(part)
      .filter((w) => !PREFIXES.has(w))
      .join('');
  const whole = core(value);
  const parts = value
    .split(/-|\s+-\s+/)
    .map(core)
    .filter(Boolean);
  return [...new Set([whole, ...(parts.length > 1 ? parts : [])])].filter(Boolean);
}

function familyMatches(signer: string, wallet: string): boolean {
  const ours = familyForms(signer);
  const theirs = familyForms(wallet);
  return ours.some((form) => theirs.includes(form));
}

function givenMatches(signer: string, wallet: string): boolean {
  const given = words(wallet);
  const ours = words(signer);
  if (ours.length === 0 || given.length === 0) return false;
  // Initials: "J", "J.P.", "JP" against the given names' first letters, in order.
  const compact = ours.join('');
  const initials = given.map((g) => g[0]).join('');
  if (ours.every((w) => w.length === 1) || (compact.length <= 3 && !given.includes(compact))) {
    if (initials.startsWith(compact)) return true;
  }
  return ours.some((w) => w.length > 1 && given.includes(w));
}
