import { IdentityError, type IdentityProvider } from './identity-provider.ts';

/** The banks of the test-bank page (iDIN issuers in the Netherlands). */
export const simulatorBanks = [
  { id: 'abn', name: 'ABN AMRO', bic: 'ABNANL2A' },
  { id: 'asn', name: 'ASN Bank', bic: 'ASNBNL21' },
  { id: 'ing', name: 'ING', bic: 'INGBNL2A' },
  { id: 'rabo', name: 'Rabobank', bic: 'RABONL2U' },
  { id: 'regio', name: 'RegioBank', bic: 'RBRBNL21' },
  { id: 'sns', name: 'SNS', bic: 'SNSBNL2A' },
  { id: 'triodos', name: 'Triodos Bank', bic: 'TRIONL2U' },
] as const;

export const simulatorOutcomes = ['success', 'cancelled', 'failure'] as const;
export type SimulatorOutcome = (typeof simulatorOutcomes)[number];

/**
 * The built-in test bank: start() points at the page served by the api
 * (`GET /api/identity/simulator`), which posts the tester's choice back and redirects to the
 * callback with a code, exactly as a broker would. The code carries the nonce and the shared
 * attributes; complete() checks the nonce, so a code works only for the session it was made for.
 * It proves nothing about anyone: never configure the simulator where identity matters.
 */
export class SimulatorIdentityProvider implements IdentityProvider {
  readonly name = 'simulator';

  constructor(private readonly pageUrl: string) {}

  start(input: {
    state: string;
    nonce: string;
    redirectUri: string;
    services: readonly string[];
  }): Promise<{ redirectUrl: string }> {
    const url = new URL(this.pageUrl);
    url.searchParams.set('state', input.state);
    url.searchParams.set('nonce', input.nonce);
    url.searchParams.set('services', input.services.join(','));
    url.searchParams.set('redirect_uri', input.redirectUri);
    return Promise.resolve({ redirectUrl: url.toString() });
  }

  complete(input: {
    code: string;
    nonce: string;
  }): Promise<{ attributes: Record<string, string> }> {
    const decoded = decodeSimulatorCode(input.code);
    if (!decoded || decoded.nonce !== input.nonce) {
      return Promise.reject(new IdentityError('simulator code does not belong to this session'));
    }
    return Promise.resolve({ attributes: decoded.attributes });
  }
}

export function encodeSimulatorCode(nonce: string, attributes: Record<string, string>): string {
  return `sim.${Buffer.from(JSON.stringify({ nonce, attributes })).toString('base64url')}`;
}

function decodeSimulatorCode(
  code: string,
): { nonce: string; attributes: Record<string, string> } | null {
  if (!code.startsWith('sim.') || code.length > 8000) return null;
  try {
    const value = JSON.parse(Buffer.from(code.slice(4), 'base64url').toString('utf8')) as {
      nonce?: unknown;
      attributes?: unknown;
    };
    if (
      typeof value.nonce !== 'string' ||
      !value.attributes ||
      typeof value.attributes !== 'object'
    )
      return null;
    const attributes: Record<string, string> = {};
    for (const [k, v] of Object.entries(value.attributes as Record<string, unknown>)) {
      if (typeof v === 'string') attributes[k] = v;
    }
    return { nonce: value.nonce, attributes };
  } catch {
    return null;
  }
}

/**
 * Plausible attributes of a Dutch bank customer: the signer's own name (so the tester recognises
 * it), the rest invented but stable per signer (the page shows exactly what will be shared).
 */
export function simulatedAttributes(person: {
  firstname: string;
  lastname: string;
  email: string;
  phone: string | null;
}): Record<string, string> {
  const streets = [
    'Kerkstraat',
    'Dorpsstraat',
    'Stationsweg',
    'Molenweg',
    'Schoolstraat',
    'Julianalaan',
  ];
  const cities = [
    ['1017 AB', 'Amsterdam'],
    ['3511 LX', 'Utrecht'],
    ['2511 CV', 'Den Haag'],
    ['3011 AD', 'Rotterdam'],
    ['9711 LM', 'Groningen'],
    ['5611 EM', 'Eindhoven'],
  ] as const;
  let seed = 0;
  for (const ch of `${person.firstname}${person.lastname}${person.email}`) {
    seed = (seed * 31 + ch.charCodeAt(0)) >>> 0;
  }
  const [postal, city] = cities[seed % cities.length]!;
  const prefixes = ['van der ', 'van ', 'de ', 'van den ', 'ter '];
  const prefix = prefixes.find((p) => person.lastname.toLowerCase().startsWith(p));
  const year = 1950 + (seed % 50);
  const month = String(1 + (seed % 12)).padStart(2, '0');
  const day = String(1 + (seed % 28)).padStart(2, '0');
  return {
    initials: person.firstname
      .split(/[\s-]+/)
      .filter(Boolean)
      .map((n) => `${n[0]!.toUpperCase()}.`)
      .join(''),
    last_name_prefix: prefix ? prefix.trim() : '',
    last_name: prefix ? person.lastname.slice(prefix.length) : person.lastname,
    street: streets[seed % streets.length]!,
    house_number: String(1 + (seed % 180)),
    postal_code: postal,
    city,
    country: 'NL',
    date_of_birth: `${year}-${month}-${day}`,
    gender: seed % 2 === 0 ? 'vrouw' : 'man',
    email: person.email,
    telephone: person.phone ?? `+316${String(10_000_000 + (seed % 89_999_999))}`,
  };
}
