import type { WalletAttribute } from '@paraaf/contract';

/**
 * The Person Identification Data (PID) the verifier asks for, in its two forms (EUDI ARF PID
 * rulebook): SD-JWT VC (`dc+sd-jwt`, claims at the top level) and ISO mdoc (`mso_mdoc`, one
 * namespace). A query id per form; the wallet answers with one of them.
 */
export const PID_VCT = ['urn:eudi:pid:1', 'urn:eudi:pid:nl:1'] as const;
export const PID_DOCTYPE = 'eu.europa.ec.eudi.pid.1';
export const PID_NAMESPACE = 'eu.europa.ec.eudi.pid.1';
export const QUERY_SD_JWT = 'pid_sd_jwt';
export const QUERY_MDOC = 'pid_mdoc';

/** Our attribute → the claim names in SD-JWT VC and in mdoc. */
const claimNames: Record<WalletAttribute, { sdJwt: string[]; mdoc: string[] }> = {
  name: { sdJwt: ['given_name', 'family_name'], mdoc: ['given_name', 'family_name'] },
  birth_date: { sdJwt: ['birthdate'], mdoc: ['birth_date'] },
  nationality: { sdJwt: ['nationalities'], mdoc: ['nationality'] },
};

/** The attributes to ask: the chosen ones, the name always (it is matched). */
export function askedAttributes(chosen: readonly string[]): WalletAttribute[] {
  const known = Object.keys(claimNames) as WalletAttribute[];
  return known.filter((a) => a === 'name' || chosen.includes(a));
}

export function sdJwtClaimsFor(attributes: readonly WalletAttribute[]): string[] {
  return attributes.flatMap((a) => claimNames[a].sdJwt);
}

export function mdocElementsFor(attributes: readonly WalletAttribute[]): string[] {
  return attributes.flatMap((a) => claimNames[a].mdoc);
}

/** The DCQL query: the PID as SD-JWT VC or as mdoc, with only the asked claims. */
export function pidDcqlQuery(attributes: readonly WalletAttribute[]): Record<string, unknown> {
  return {
    credentials: [
      {
        id: QUERY_SD_JWT,
        format: 'dc+sd-jwt',
        meta: { vct_values: [...PID_VCT] },
        claims: sdJwtClaimsFor(attributes).map((name) => ({ path: [name] })),
      },
      {
        id: QUERY_MDOC,
        format: 'mso_mdoc',
        meta: { doctype_value: PID_DOCTYPE },
        claims: mdocElementsFor(attributes).map((name) => ({
          path: [PID_NAMESPACE, name],
          intent_to_retain: true,
        })),
      },
    ],
    credential_sets: [{ options: [[QUERY_SD_JWT], [QUERY_MDOC]] }],
  };
}

/**
 * The disclosed claims (either form) as our stored attributes: given_name, family_name,
 * birth_date (YYYY-MM-DD), nationality (codes joined by ', '). Only asked ones are kept.
 */
export function attributesFromClaims(
  claims: Record<string, unknown>,
  attributes: readonly WalletAttribute[],
): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (key: string, value: unknown) => {
    const text = toText(value);
    if (text) out[key] = text.slice(0, 200);
  };
  if (attributes.includes('name')) {
    put('given_name', claims.given_name);
    put('family_name', claims.family_name);
  }
  if (attributes.includes('birth_date')) put('birth_date', claims.birthdate ?? claims.birth_date);
  if (attributes.includes('nationality'))
    put('nationality', claims.nationalities ?? claims.nationality);
  return out;
}

function toText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (Array.isArray(value)) return value.map(toText).filter(Boolean).join(', ');
  // mdoc full-date is a tagged DateOnly; its string form is the date.
  if (value && typeof value === 'object' && 'toISOString' in value) {
    return String((value as { toISOString(): string }).toISOString()).slice(0, 10);
  }
  return '';
}
