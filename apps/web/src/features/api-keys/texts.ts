/** The Dutch texts of the API keys screen (/instellingen/api). */
export const texts = {
  title: 'API sleutels',
  intro:
    'Met een API-sleutel maakt je eigen software ondertekeningen aan. Een sleutel handelt als jij, met de rechten van een gebruiker.',
  empty: 'Er zijn nog geen API-sleutels',
  create: 'Nieuwe API-sleutel',
  name: 'Naam',
  description: 'Omschrijving',
  prefix: 'Sleutel',
  createdAt: 'Aangemaakt',
  lastUsed: 'Laatst gebruikt',
  neverUsed: 'Nog niet gebruikt',
  revoke: 'Intrekken',
  revokeLabel: (name: string) => `API-sleutel ${name} intrekken`,
  cancel: 'Annuleren',
  close: 'Klaar',
  save: 'Aanmaken',
  createdTitle: 'API-sleutel aangemaakt',
  secretLabel: 'Je nieuwe API-sleutel',
  secretWarning:
    'Kopieer deze sleutel nu en bewaar hem veilig. Hij wordt niet meer getoond: na het sluiten van dit venster is hij niet meer op te vragen.',
  copy: 'Kopiëren',
  copied: 'Gekopieerd',
  revokeTitle: 'API-sleutel intrekken',
  revokeQuestion: (name: string) =>
    `Weet je zeker dat je de API-sleutel ${name} wilt intrekken? Koppelingen die hem gebruiken werken daarna meteen niet meer.`,
  revoked: 'API-sleutel ingetrokken',
  revokedMessage: (name: string) => `${name} werkt niet meer`,
} as const;
