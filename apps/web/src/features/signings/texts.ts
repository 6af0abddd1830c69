import { signerRoleLabels, signingMessages } from '@paraaf/contract';

/** Dutch texts of the list and detail screens (seed 000 §2, §8), in one place. */
export const texts = {
  listTitle: 'Ondertekeningen',
  empty: 'Je hebt nog geen ondertekeningen.',
  emptyFiltered: 'Geen ondertekeningen gevonden met deze filters.',
  emptyHint: 'Start een ondertekening om je eerste document te laten ondertekenen.',
  startSigning: 'Nieuwe ondertekening',
  loadFailed: 'De ondertekeningen konden niet geladen worden.',

  filters: 'Filters',
  filterSentAt: 'Verzenddatum',
  filterSignables: 'Documenten',
  filterSigners: 'Ondertekenaars',
  filterStates: 'Status',
  // The documents filter also matches the request's subject (the server's signable_search).
  filterSignablesPlaceholder: 'Zoek op onderwerp of document',
  filterSignersPlaceholder: 'Zoek op naam',
  filterStatesPlaceholder: 'Kies een status',
  filterDatePlaceholder: 'Kies een datum',
  clearFilters: 'Filters wissen',
  settings: 'Instellingen',

  columnId: '#',
  columnCreatedAt: 'Aangemaakt op',
  columnSubject: 'Onderwerp',
  columnState: 'Status',
  columnSigners: 'Ondertekenaars',
  /** In the list's signers column: an approver's name with its role, and the copies (cc). */
  approverName: (name: string) => `${name} (${signerRoleLabels.approver.toLowerCase()})`,
  copies: (names: string[]) => `${signerRoleLabels.cc}: ${names.join(', ')}`,
  columnSignables: 'Documenten',
  columnViewer: 'Inzage',
  columnCustomFields: 'Extra velden',
  total: (n: number) => `${n} ${n === 1 ? 'ondertekening' : 'ondertekeningen'}`,

  lowCredits: 'Je hebt bijna geen credits meer',
  noCredits: 'Je hebt geen credits',
  lowCreditsBody: (credits: number) =>
    `Je hebt nog ${credits} ${credits === 1 ? 'credit' : 'credits'}. Elke ondertekenaar kost één credit.`,
  noCreditsBody: 'Koop credits om nieuwe ondertekeningen te kunnen versturen.',
  /** A paid plan sends on (seed 000 §9: only plan 1 stops a send); the shortfall is billed. */
  noCreditsPaidBody: (pricePerCredit: string) =>
    `Je kunt gewoon blijven versturen: wat je tegoed niet dekt, komt tegen ${pricePerCredit} per credit (excl. btw) op je volgende factuur.`,
  buyCredits: 'Credits kopen',
  closeBanner: 'Sluiten',

  detailTitle: (id: number) => `Ondertekening #${id}`,
  /** The detail's title: the subject the signers see, with the number beside it. */
  detailTitleWithSubject: (id: number, subject: string) =>
    subject.trim() ? `${subject.trim()} (#${id})` : `Ondertekening #${id}`,
  back: 'Terug naar ondertekeningen',
  notFound: 'Deze ondertekening bestaat niet of je hebt er geen toegang toe.',
  detailLoadFailed: 'De ondertekening kon niet geladen worden.',
  status: 'Status',
  creditsCost: 'Kosten',
  credits: (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'}`,
  extraRecipients: 'Extra ontvangers',
  availableAt: 'Beschikbaar vanaf',
  // The receipt is the audit certificate (seed 000: receipt download): one name for both.
  receipt: 'Auditcertificaat',
  downloadReceipt: 'Auditcertificaat downloaden',
  createdAt: 'Aangemaakt op',
  expiresAt: 'Verloopt op',
  completedAt: 'Afgerond op',
  // The GDPR purge (modules/gdpr on the server): the date, then what happened.
  purgeAt: 'Wordt verwijderd op',
  purged: (date: string) =>
    `De documenten zijn op ${date} verwijderd in verband met de privacywetgeving (AVG).`,
  department: 'Bedrijfsnaam',
  subject: 'Onderwerp',
  viewerUser: 'Inzage gebruiker',
  bulkSend: 'Bulkverzending',
  bulkSendLink: (id: number) => `Bulkverzending #${id}`,
  noViewerUser: 'Geen',
  change: 'Wijzigen',
  customFields: 'Extra velden',
  none: '—',

  signers: 'Ondertekenaars',
  signerName: 'Naam',
  signerEmail: 'E-mailadres',
  signerLocale: 'Taal',
  signerVerifications: 'Verificatie',
  signerState: 'Status',
  nextReminder: 'Volgende herinnering',
  manualReminders: 'Handmatige herinneringen',
  auditTrail: 'Audit trail',
  editSigner: 'Bewerken',
  step: (n: number) => `Stap ${n}`,
  stepWaits: (n: number) => `Wacht op stap ${n}`,
  stepNow: 'Aan de beurt',
  /** Under a request's status in the list: the step that acts now and who in it is awaited. */
  turn: (names: string[], step: number, steps: number) =>
    steps > 1
      ? `Stap ${step} van ${steps}: wacht op ${names.join(', ')}`
      : `Wacht op ${names.join(', ')}`,
  roleBadge: { approver: 'Goedkeurder', cc: 'Kopie' } as Record<string, string>,
  delegatedTo: (name: string) => `Gedelegeerd aan ${name}`,
  reassign: 'Vervangen',
  reassignTitle: 'Ondertekenaar vervangen',
  reassignIntro:
    'De nieuwe persoon krijgt dezelfde stap, verificaties en velden en een eigen uitnodiging. De link van de huidige ondertekenaar werkt daarna niet meer.',
  reassignReason: 'Reden',
  reassignSave: 'Vervangen',
  reassignOk: 'Ondertekenaar vervangen',
  inPerson: 'Op locatie tekenen',
  inPersonTitle: 'Op locatie tekenen',
  inPersonIntro: (name: string) =>
    `${name} tekent op dit apparaat. Voer ter controle je eigen wachtwoord in; daarna opent de ondertekenpagina. Codes per e-mail of SMS gaan naar ${name} zelf.`,
  inPersonPassword: 'Je wachtwoord',
  inPersonOpen: 'Ondertekenpagina openen',
  sendReminder: 'Herinnering sturen',
  // The act is 'weigeren' everywhere (state 4 'Geweigerd', the signer's 'Weigeren' button).
  declineReason: 'Reden van weigering',

  documents: 'Documenten',
  pages: (n: number) => `${n} ${n === 1 ? 'pagina' : "pagina's"}`,
  download: 'Downloaden',
  preview: 'Bekijken',
  signedDocument: 'Ondertekend document',
  fileDeleted: 'Het bestand is verwijderd',
  fieldValues: 'Ingevulde velden',
  fieldNumber: (n: number) => `Veld ${n}`,
  attachmentLink: (name: string) => `Bijlage ${name} downloaden`,

  send: 'Versturen',
  sent: 'Ondertekening verstuurd',
  sendFailed: 'Er is iets mis gegaan',
  notEnoughCredits: signingMessages.notEnoughCredits,
  notEnoughCreditsLater: 'Je kunt de ondertekening later versturen vanuit het overzicht.',
  creditsLink: 'Credits kopen',
  expectedCost: (n: number) => `Versturen kost ${n} ${n === 1 ? 'credit' : 'credits'}.`,

  cancel: 'Annuleren',
  cancelTitle: 'Ondertekening annuleren',
  cancelConfirm:
    'Weet je zeker dat je deze ondertekening wilt annuleren? Alle ondertekenaars worden hierover geïnformeerd.',
  cancelYes: 'Ondertekening annuleren',
  cancelNo: 'Terug',
  cancelled: 'Ondertekening geannuleerd',
  cancelFailed: 'Annuleren mislukt',

  editTitle: 'Ondertekenaar bewerken',
  editNote:
    'Een gewijzigd e-mailadres krijgt niet automatisch een uitnodiging: stuur daarna een handmatige herinnering.',
  firstname: 'Voornaam',
  lastname: 'Achternaam',
  email: 'E-mailadres',
  phone: 'Mobiel nummer',
  locale: 'Taal',
  verifications: 'Verificatiemethoden',
  reminderAfter: 'Herinnering na (dagen)',
  maxReminders: 'Maximaal aantal herinneringen',
  save: 'Opslaan',
  close: 'Sluiten',
  editOk: 'Bewerken geslaagd',
  editFailed: 'Bewerken mislukt',
  editFailedBody: 'Controleer het emailadres en je rechten',
  editNoMailYet: 'Het nieuwe e-mailadres heeft nog geen link ontvangen.',
  remindNow: 'Nu een herinnering sturen',

  reminderOk: 'Handmatige herinnering verstuurd',
  reminderFailed: 'Handmatige herinnering niet verstuurd',
  reminderFailedBody: signingMessages.reminderTooRecent,
  reminderAvailableFrom: (when: string) => `Volgende herinnering mogelijk vanaf ${when}`,

  viewerTitle: 'Inzage gebruiker wijzigen',
  viewerSelect: 'Gebruiker',
  viewerOnlyRole: 'Alleen gebruikers met de rol Inzage',
  viewerOk: 'Inzage gebruiker is aangepast',
  viewerFailed: 'Aanpassen mislukt',

  auditTitle: (name: string) => `Audit trail van ${name}`,
  auditEmpty: 'Er zijn nog geen acties.',
  auditAction: 'Actie',
  auditDate: 'Datum',
  auditIp: 'IP-adres',
  auditComment: 'Opmerking',

  previewTitle: (name: string) => name,
} as const;
