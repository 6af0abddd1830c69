/** States, verification types and audit action types (seed 000 §3–§4, DESIGN.md §4). */
export const signRequestStates = {
  1: 'Aangemaakt',
  2: 'Afgerond',
  3: 'Bezig',
  4: 'Geweigerd',
  5: 'Getekend',
  6: 'Geen herinneringen meer',
  7: 'Verlopen',
  8: 'Geannuleerd',
  9: 'Mislukt',
  40: 'Kan geen melding versturen',
  50: 'Ongeldig',
  51: 'Bestand ongeldig',
  60: 'Behandeld door ondertekenaars',
} as const;
export type SignRequestStateId = keyof typeof signRequestStates;

export const verificationTypes = {
  1: 'Email',
  2: 'SMS',
  4: 'iDIN',
  5: 'Handtekening',
  6: 'Paraaf',
} as const;

export const auditActionTypes = {
  1: { label: 'Verstuurd', color: 'info' },
  2: { label: 'Geopend', color: 'primary' },
  3: { label: 'Goedgekeurd', color: 'success' },
  4: { label: 'Afgekeurd', color: 'warning' },
  5: { label: 'Email verificatie verstuurd', color: 'info' },
  6: { label: 'Email verificatie geverifieerd', color: 'success' },
  7: { label: 'Handtekening verificatie geverifieerd', color: 'success' },
  8: { label: 'Document verificatie geverifieerd', color: 'success' },
  10: { label: 'SMS verificatie verstuurd', color: 'info' },
  11: { label: 'SMS verificatie geverifieerd', color: 'success' },
  12: { label: 'iDIN verificatie gestart', color: 'info' },
  13: { label: 'iDIN verificatie gefaald', color: 'warning' },
  14: { label: 'iDIN verificatie geverifieerd', color: 'success' },
  15: { label: 'SHA256 checksum toegevoegd ondertekend document', color: 'primary' },
  16: { label: 'SHA256 checksum toegevoegd origineel document', color: 'primary' },
  18: { label: 'Handmatige herinnering verstuurd', color: 'info' },
  19: { label: 'Ondertekenaar aangepast', color: 'success' },
} as const;
