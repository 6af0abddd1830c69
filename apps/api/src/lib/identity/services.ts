import type { idinServices } from '@paraaf/contract';

export type IdinService = (typeof idinServices)[number];

/**
 * The one table of iDIN services: the OIDC scope that asks the broker for it (Signicat/Idura
 * style; override per broker with IDIN_SCOPES='{"name":"idin-name",...}'), the attributes we
 * keep for it, and where each attribute is found in the broker's claims (first present wins).
 *
 * | service       | default scope       | attributes kept                                        |
 * |---------------|---------------------|--------------------------------------------------------|
 * | name          | idin.name           | initials, last_name_prefix, last_name                  |
 * | address       | idin.address        | street, house_number, postal_code, city, country       |
 * | date_of_birth | idin.date_of_birth  | date_of_birth (YYYY-MM-DD)                             |
 * | gender        | idin.gender         | gender                                                 |
 * | email         | idin.email          | email                                                  |
 * | telephone     | idin.telephone      | telephone                                              |
 */
export const idinServiceTable: Record<
  IdinService,
  { scope: string; attributes: Record<string, string[]> }
> = {
  name: {
    scope: 'idin.name',
    attributes: {
      initials: ['initials', 'idin.initials', 'consumer.initials'],
      last_name_prefix: [
        'last_name_prefix',
        'idin.legallastnameprefix',
        'consumer.legallastnameprefix',
      ],
      last_name: ['last_name', 'family_name', 'idin.legallastname', 'consumer.legallastname'],
    },
  },
  address: {
    scope: 'idin.address',
    attributes: {
      street: ['address.street', 'idin.street', 'consumer.street', 'address.street_address'],
      house_number: ['address.house_number', 'idin.houseno', 'consumer.houseno'],
      postal_code: ['address.postal_code', 'idin.postalcode', 'consumer.postalcode'],
      city: ['address.locality', 'idin.city', 'consumer.city'],
      country: ['address.country', 'idin.country', 'consumer.country'],
    },
  },
  date_of_birth: {
    scope: 'idin.date_of_birth',
    attributes: { date_of_birth: ['birthdate', 'idin.dateofbirth', 'consumer.dateofbirth'] },
  },
  gender: {
    scope: 'idin.gender',
    attributes: { gender: ['gender', 'idin.gender', 'consumer.gender'] },
  },
  email: {
    scope: 'idin.email',
    attributes: { email: ['email', 'idin.email', 'consumer.email'] },
  },
  telephone: {
    scope: 'idin.telephone',
    attributes: {
      telephone: ['phone_number', 'idin.telephone', 'consumer.telephone'],
    },
  },
};

/** Dutch labels of the attributes, for the test bank and the signer's page. */
export const attributeLabels: Record<string, string> = {
  initials: 'Voorletters',
  last_name_prefix: 'Tussenvoegsel',
  last_name: 'Achternaam',
  street: 'Straat',
  house_number: 'Huisnummer',
  postal_code: 'Postcode',
  city: 'Plaats',
  country: 'Land',
  date_of_birth: 'Geboortedatum',
  gender: 'Geslacht',
  email: 'E-mailadres',
  telephone: 'Telefoonnummer',
};

export function scopesFor(
  services: readonly string[],
  overrides: Record<string, string> | null = null,
): string[] {
  const scopes = ['openid'];
  for (const service of services) {
    const scope = overrides?.[service] ?? idinServiceTable[service as IdinService]?.scope;
    if (scope && !scopes.includes(scope)) scopes.push(scope);
  }
  return scopes;
}

/** The attribute keys the chosen services may yield; anything else is dropped. */
export function attributeKeysFor(services: readonly string[]): string[] {
  return services.flatMap((s) => Object.keys(idinServiceTable[s as IdinService]?.attributes ?? {}));
}

/** Keeps only the chosen services' attributes, as non-empty strings. */
export function pickAttributes(
  attributes: Record<string, string>,
  services: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of attributeKeysFor(services)) {
    const value = attributes[key];
    if (typeof value === 'string' && value.trim() !== '') out[key] = value.trim().slice(0, 200);
  }
  return out;
}

/**
 * Maps an OIDC broker's claims (ID token + userinfo, possibly nested: `address.postal_code`) to
 * our attributes for the chosen services.
 */
export function attributesFromClaims(
  claims: Record<string, unknown>,
  services: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const service of services) {
    const entry = idinServiceTable[service as IdinService];
    if (!entry) continue;
    for (const [attribute, paths] of Object.entries(entry.attributes)) {
      for (const path of paths) {
        const value = lookup(claims, path);
        if (typeof value === 'string' && value.trim() !== '') {
          out[attribute] = value.trim().slice(0, 200);
          break;
        }
        if (typeof value === 'number') {
          out[attribute] = String(value);
          break;
        }
      }
    }
  }
  // A broker that only gives given_name: derive the initials from it.
  if (services.includes('name') && !out.initials && typeof claims.given_name === 'string') {
    const initials = claims.given_name
      .split(/\s+/)
      .filter(Boolean)
      .map((n) => `${n[0]!.toUpperCase()}.`)
      .join('');
    if (initials) out.initials = initials;
  }
  return out;
}

function lookup(claims: Record<string, unknown>, path: string): unknown {
  if (path in claims) return claims[path];
  let value: unknown = claims;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}
