import { messages, signingMessages } from '@paraaf/contract';

/** Signer fields as the footer names them when they are invalid. */
const signerFieldLabels: Record<string, string> = {
  firstname: 'voornaam',
  lastname: 'achternaam',
  email: 'e-mailadres',
  locale: 'taal',
  verifications: 'verificatie',
  phone: 'mobiel nummer',
  idin_services: 'iDIN gegevens',
  reminder_after: 'herinnering na (dagen)',
  max_reminders: 'maximaal aantal herinneringen',
};

/** Every Dutch text of the new-signing wizard (seed 000 §2, §5, §8), in one place. */
export const texts = {
  title: 'Nieuwe ondertekening',
  welcomeTitle: 'Je account is aangemaakt',
  welcome: (credits: number) =>
    `Welkom bij Paraaf! Er staan ${credits} gratis credits voor je klaar. Start hieronder je eerste ondertekening.`,

  steps: {
    signers: 'Ondertekenaars',
    signersDescription: 'Wie ondertekent',
    documents: 'Documenten',
    documentsDescription: 'Wat wordt ondertekend',
    settings: 'Instellingen en bericht',
    settingsDescription: 'Vervaldatum en bericht',
  },
  previous: 'Vorige',
  next: 'Volgende',
  send: 'Verzenden',

  prices: {
    title: 'Kosten',
    perSigner: 'Ondertekenaar: 1 credit',
    sms: 'SMS verificatie',
    idin: 'iDIN verificatie',
    wallet: 'EU-wallet verificatie',
    free: 'gratis',
  },

  signer: {
    heading: (n: number) => `Ondertekenaar ${n}`,
    firstname: 'Voornaam',
    lastname: 'Achternaam',
    locale: 'Taal',
    email: 'E-mailadres',
    phone: 'Mobiel nummer',
    phoneDescription: 'Voor de SMS verificatie, bijvoorbeeld +31612345678',
    idinServices: 'iDIN gegevens',
    idinServicesDescription: 'Welke gegevens de bank van de ondertekenaar deelt',
    reminderAfter: 'Herinnering na (dagen)',
    maxReminders: 'Maximaal aantal herinneringen',
    add: 'Ondertekenaar toevoegen',
    remove: 'Ondertekenaar verwijderen',
    maxReached: (max: number) => `Je kunt maximaal ${max} ondertekenaars toevoegen.`,
    isSync: 'Op volgorde ondertekenen',
    isSyncDescription:
      'De volgende ondertekenaar krijgt de uitnodiging pas als de vorige klaar is.',
    isSyncLocked:
      'Staat vast aan: een document bevat invoervelden of formuliervelden voor de eerste ondertekenaar.',
    fixErrors: 'Vul de gegevens van alle ondertekenaars volledig en correct in.',
    stepHeading: (n: number) => `Stap ${n}`,
    stepHint:
      'Ondertekenaars in dezelfde stap tekenen tegelijk; de volgende stap krijgt de uitnodiging als de stap ervoor klaar is. Sleep een ondertekenaar naar een andere stap of kies de stap hieronder.',
    stepWaits: (n: number) => `Begint als stap ${n} klaar is`,
    newStepDrop: 'Sleep hierheen voor een nieuwe stap',
    allowDelegation: 'Ondertekenaars mogen iemand anders laten tekenen',
    allowDelegationDescription:
      'Een ondertekenaar kan de uitnodiging doorgeven aan een collega; jij krijgt daar een e-mail over.',
  },
  /** What the footer says is missing on a signer card ("Ondertekenaar 2: vul de achternaam in"). */
  signerProblems: {
    empty: {
      firstname: 'de voornaam',
      lastname: 'de achternaam',
      email: 'het e-mailadres',
      phone: 'het mobiele nummer',
      reminder_after: 'na hoeveel dagen de herinnering gaat',
      max_reminders: 'het maximaal aantal herinneringen',
    } as Record<string, string>,
    /** Empty choices, each its own part. */
    choose: {
      verifications: 'kies minstens één verificatie',
      idin_services: 'kies welke iDIN gegevens de bank deelt',
    } as Record<string, string>,
    /** 'vul de voornaam, de achternaam en het e-mailadres in' */
    fillIn: (fields: string[]) =>
      `vul ${fields.length > 1 ? `${fields.slice(0, -1).join(', ')} en ${fields.at(-1)!}` : fields[0]!} in`,
    invalid: (field: string, message: string) => `${signerFieldLabels[field] ?? field}: ${message}`,
  },
  idinServiceLabels: {
    name: 'Naam',
    address: 'Adres',
    gender: 'Geslacht',
    date_of_birth: 'Geboortedatum',
    email: 'E-mailadres',
    telephone: 'Telefoonnummer',
  } as Record<string, string>,

  documents: {
    dropTitle: 'Sleep je documenten hierheen of klik om ze te kiezen',
    dropHint: (types: string) => `${types}; meerdere bestanden tegelijk mogelijk`,
    wordUnavailable: signingMessages.wordConversionUnavailable,
    converting: (name: string) => `${name} wordt verwerkt…`,
    name: 'Document',
    actions: 'Acties',
    pages: 'Pagina’s',
    size: 'Grootte',
    pagesCount: (n: number) => (n === 1 ? '1 pagina' : `${n} pagina’s`),
    view: 'Bekijken',
    remove: 'Verwijderen',
    previewTitle: (name: string) => `Voorbeeld: ${name}`,
    uploadFailed: (name: string) => `${name} kon niet worden toegevoegd`,
    none: 'Nog geen documenten toegevoegd.',
    markers: 'Markers instellen',
    markersFor: (name: string) => `Markers instellen voor ${name}`,
    formsEnabled: 'Formuliervelden invullen door de eerste ondertekenaar',
    formsEnabledDescription: 'Dit document bevat formuliervelden (PDF formulier).',
    missingSigners: (names: string) =>
      `De markers van ${names} horen bij een ondertekenaar die niet meer bestaat. Pas de markers aan of voeg de ondertekenaar weer toe.`,
  },

  settings: {
    expiresAt: 'Vervaldatum',
    expiresAtDescription: 'Tot wanneer de ondertekenaars kunnen ondertekenen',
    department: 'Bedrijfsnaam',
    departmentDescription: 'Namens welke afdeling de e-mails verstuurd worden',
    subject: 'Onderwerp',
    message: 'Bericht',
    messageDescription:
      'Mergevelden worden per ondertekenaar ingevuld. Klik op een veld om het op de plek van de cursor in te voegen; met [[link]] bepaal je waar de knop naar de documenten komt.',
    mergeFields: 'Mergevelden',
    mergeFieldLabels: {
      link: 'Knop naar de documenten',
      firstname: 'Voornaam van de ondertekenaar',
      lastname: 'Achternaam van de ondertekenaar',
      company: 'Naam van je bedrijf',
    },
    insertMergeField: (label: string) => `${label} invoegen`,
    sendToInitiator: 'Ondertekende documenten naar mij sturen',
    emails: 'Ondertekende documenten ook sturen naar',
    emailsDescription: 'E-mailadressen, bevestig elk adres met Enter',
    customFields: 'Extra velden',
    viewerUser: 'Inzage gebruiker',
    viewerUserDescription: 'Deze gebruiker kan de ondertekende documenten inzien',
    noViewerUser: 'Geen',
    chooseDepartment: 'Kies een afdeling',
    emailTemplate: (locale: string) => `E-mail template (${locale})`,
    emailTemplateDefault: 'Standaard bericht',
    emailTemplateOwn: (label: string) => `${label} (eigen versie)`,
    defaultSubject: (company: string) => `Verzoek tot ondertekening van ${company}`,
    // One letter: greeting, the request, the button ([[link]]), the closing. The signer page
    // shows it without the button.
    defaultMessage: (company: string) =>
      `Beste [[firstname]],\n\n${company} vraagt je om documenten digitaal te ondertekenen.\n\n[[link]]\n\nMet vriendelijke groet,\n${company}`,
  },

  sending: {
    create: 'Ondertekening aanmaken…',
    signer: (n: number, total: number) => `Ondertekenaar ${n} van ${total} toevoegen…`,
    signable: (n: number, total: number) => `Document ${n} van ${total} toevoegen…`,
    ready: 'Ondertekening versturen…',
    success: 'Ondertekening verstuurd',
    failedTitle: 'Versturen mislukt',
    creditsLink: 'Credits kopen',
    sendLater:
      'De ondertekening is als concept bewaard; je kunt haar later versturen vanuit het overzicht.',
    draftSaved: 'De ondertekening is als concept bewaard.',
    toDraft: 'Naar de ondertekening',
    cost: (cost: number) =>
      `Kosten van deze ondertekening: ${cost} ${cost === 1 ? 'credit' : 'credits'}`,
    balance: (credits: number) => `Je hebt ${credits} ${credits === 1 ? 'credit' : 'credits'}.`,
  },

  draft: {
    restoredTitle: 'Je concept is teruggezet',
    restored:
      'Je gaat verder waar je gebleven was, met je documenten. Wil je iets nieuws? Kies dan Concept verwijderen.',
    close: 'Sluiten',
    saving: 'Concept wordt bewaard…',
    saved: 'Concept bewaard',
    discard: 'Concept verwijderen',
    discardQuestion:
      'Je ondertekenaars, documenten en bericht worden verwijderd en je begint opnieuw.',
    keep: 'Annuleren',
    confirmDiscard: 'Verwijderen',
  },

  autoSignature: (name: string) =>
    `Er staat nog geen handtekeningveld voor ${name}; Paraaf plaatst het onderaan de laatste pagina`,
  /** The signature goes where the document shows it ('Opdrachtnemer – Handtekening'). */
  detectedSignature: (name: string, place: string, page: number) =>
    `Paraaf plaatst de handtekening van ${name} bij "${place}" op pagina ${page}`,
  detectedPlace: 'Handtekening',
  placeSignature: 'Handtekeningveld plaatsen',
  noSigners: signingMessages.noSigners,
  noDocuments: signingMessages.noDocuments,
  fileType: signingMessages.fileType,
  notEnoughCredits: signingMessages.notEnoughCredits,
  expiresAfterNow: signingMessages.expiresAfterNow,
  required: messages.required,
  email: messages.email,
  maxLength: messages.maxLength,
  somethingWrong: 'Er is iets mis gegaan.',
} as const;
