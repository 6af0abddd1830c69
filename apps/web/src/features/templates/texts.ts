import { signingMessages } from '@paraaf/contract';

/** Every Dutch text of the Templates screen (seed 001 §2 'Templates management', §5, §8). */
export const texts = {
  title: 'Templates',
  dropTitle: 'Sleep een document hierheen of klik om het te kiezen',
  wordUnavailable: signingMessages.wordConversionUnavailable,
  converting: (name: string) => `${name} wordt verwerkt…`,
  fileType: signingMessages.fileType,
  oneFile: 'Kies één bestand tegelijk.',
  uploadFailed: (name: string) => `${name} kon niet worden toegevoegd`,
  empty: 'Je hebt nog geen templates',
  loadFailed: 'De templates konden niet worden geladen.',
  name: 'Naam',
  createdAt: 'Aangemaakt op',
  actions: 'Acties',
  edit: 'Bewerken',
  remove: 'Verwijderen',
  count: (n: number) => (n === 1 ? '1 template' : `${n} templates`),
  templateName: 'Template naam',
  save: 'Opslaan',
  saved: 'Gegevens opgeslagen',
  savedMessage: 'Je wijzigingen zijn opgeslagen',
  saveFailed: 'Opslaan mislukt',
  openFailed: 'Het template kon niet worden geopend',
  deleteTitle: 'Template verwijderen',
  deleteConfirm: 'Weet je zeker dat je dit template wilt verwijderen?',
  /** Placeholder signer n of a template (seed 001: ten of them). */
  placeholderSigner: (n: number) => `Ondertekenaar ${n}`,
  somethingWrong: 'Er is iets mis gegaan',
  /** Steps and roles of the placeholder signers (a request from the template takes them over). */
  routing: {
    open: 'Stappen en rollen',
    title: 'Stappen en rollen van de ondertekenaars',
    hint: 'Een ondertekenverzoek met dit template neemt per ondertekenaar de stap en rol over. Ondertekenaars in dezelfde stap tekenen tegelijk.',
    add: 'Ondertekenaar toevoegen',
    done: 'Klaar',
  },
} as const;
