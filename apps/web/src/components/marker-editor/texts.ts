import type { ConditionOp, GeneratedKind, SignerFieldType, TextPattern } from '@paraaf/contract';

/** Every Dutch text of the marker editor (seed 000 §2 'Document marker editor'). */
export const texts = {
  title: 'Formuliermarkers instellen',
  save: 'Opslaan',
  cancel: 'Annuleren',
  loading: 'Document laden…',
  loadFailed: 'Het document kon niet worden geladen.',
  noDocument: 'Geen document',
  phone: {
    intro:
      'Markers plaatsen vraagt een groter scherm (een tablet of computer). Je kunt de ondertekening ook zonder markers versturen: Paraaf zet dan voor elke ondertekenaar automatisch een handtekeningvak onderaan de laatste pagina.',
    auto: 'Automatisch plaatsen',
  },

  palette: {
    heading: 'Markers',
    hint: 'Klik om op de huidige pagina te plaatsen, of sleep naar een pagina.',
    general: 'Algemeen',
    text: 'Tekst',
    date: 'Datum',
    checkbox: 'Vinkje',
    signer: 'Ondertekenaar',
    name: 'Naam',
    signDate: 'Datum ondertekening',
    signature: 'Handtekening',
    paraph: 'Paraaf',
    fieldText: 'Invoerveld tekst',
    fieldCheckbox: 'Invoerveld vinkje',
    fieldsHeading: 'Invoervelden',
    required: 'Verplicht',
    fieldsOnlyFirst: 'Invoervelden zijn alleen voor de eerste ondertekenaar.',
    paraphPages: "Paraaf toevoegen op pagina's",
  },

  kinds: {
    text: 'Tekst',
    date: 'Datum',
    checkbox_checked: 'Vinkje',
    fieldText: 'Invoerveld tekst',
    fieldCheckbox: 'Invoerveld vinkje',
  },
  /** A signer's input field per type: the palette entry and the marker's name. */
  fieldKinds: {
    text: 'Invoerveld tekst',
    checkbox: 'Invoerveld vinkje',
    date: 'Invoerveld datum',
    number: 'Invoerveld getal',
    dropdown: 'Keuzelijst',
    radio: 'Keuzerondjes',
    checkbox_group: 'Aankruisvakken',
    email: 'Invoerveld e-mailadres',
    phone: 'Invoerveld telefoonnummer',
    initials: 'Invoerveld initialen',
    label: 'Vaste tekst',
    attachment: 'Bijlage uploaden',
    formula: 'Berekend getal',
  } satisfies Record<SignerFieldType, string>,
  fieldDefaults: {
    choices: ['Optie 1', 'Optie 2'],
    label: 'Tekst voor de ondertekenaar',
    formula: '',
  },
  fieldProperties: {
    name: 'Naam (voor voorwaarden en formules)',
    nameHint: 'Letters, cijfers en _, bijvoorbeeld prijs',
    placeholder: 'Voorbeeldtekst in het veld',
    message: 'Foutmelding bij een ongeldige waarde',
    pattern: 'Patroon',
    patternNone: 'Geen',
    patterns: { iban: 'IBAN', postcode: 'Postcode (1234 AB)', kvk: 'KvK-nummer' } satisfies Record<
      TextPattern,
      string
    >,
    maxLength: 'Maximaal aantal tekens',
    min: 'Minimum',
    max: 'Maximum',
    decimals: 'Decimalen',
    choices: 'Opties (één per regel)',
    minChoices: 'Minimaal aantal keuzes',
    maxChoices: 'Maximaal aantal keuzes',
    text: 'Tekst',
    formula: 'Formule',
    formulaHint: 'Bijvoorbeeld prijs * aantal of sum(a, b, c); gebruik + − × ÷ en haakjes',
    formulaInvalid: 'Deze formule klopt niet',
    condition: 'Voorwaarde',
    conditionNone: 'Altijd',
    conditionField: 'Als veld',
    conditionEffect: 'Dan',
    effects: { show: 'tonen', require: 'verplicht maken' },
    conditionOp: 'Soort voorwaarde',
    ops: {
      checked: 'is aangevinkt',
      equals: 'is gelijk aan',
      above: 'is groter dan',
      filled: 'is ingevuld',
    } satisfies Record<ConditionOp, string>,
    conditionValue: 'Waarde',
    noNamedFields: 'Geef eerst een ander veld op dit document een naam.',
  },
  generated: {
    name: 'Naam',
    date: 'Datum ondertekening',
    signature: 'Handtekening',
    paraph: 'Paraaf',
  } satisfies Record<GeneratedKind, string>,
  ofSigner: (what: string, signer: string) => `${what} ${signer}`,
  /** Why a marker is refused: the signer will never fill it (the server says the same). */
  neverFills: (signer: string, kind: 'signature' | 'paraph') =>
    kind === 'paraph'
      ? `${signer} zet geen paraaf: kies Paraaf bij deze ondertekenaar, of kies een andere ondertekenaar.`
      : `${signer} zet geen handtekening: kies Handtekening bij deze ondertekenaar, of kies een andere ondertekenaar.`,
  unfilledTitle: 'Deze markers worden nooit ingevuld',
  signerFallback: (n: number) => `Ondertekenaar ${n}`,
  markerLabel: (what: string, page: number) => `${what}, pagina ${page}`,
  pagesRegion: "Pagina's van het document",

  /** Fields the server found on upload, offered as suggestions. */
  suggestions: {
    intro: (n: number) =>
      n === 1
        ? 'Paraaf vond 1 plek om te tekenen of in te vullen (gestippeld). Neem hem over of wijs hem af.'
        : `Paraaf vond ${n} plekken om te tekenen of in te vullen (gestippeld). Neem ze allemaal over of kies per veld.`,
    acceptAll: 'Gevonden velden overnemen',
    rejectAll: 'Suggesties verbergen',
    boxLabel: (marker: string) => `Gevonden veld: ${marker}`,
    accept: (marker: string) => `Overnemen: ${marker}`,
    reject: (marker: string) => `Afwijzen: ${marker}`,
  },

  toolbar: {
    zoomIn: 'Inzoomen',
    zoomOut: 'Uitzoomen',
    fitWidth: 'Paginabreedte',
    pageOf: (page: number, count: number) => `Pagina ${page} van ${count}`,
    page: (page: number) => `Pagina ${page}`,
  },

  properties: {
    heading: 'Eigenschappen',
    none: 'Selecteer een marker om deze aan te passen. Pijltjestoetsen verplaatsen (Shift: 10 pt), Delete verwijdert, Escape deselecteert.',
    value: 'Tekst',
    format: 'Datumnotatie',
    fontSize: 'Lettergrootte',
    required: 'Verplicht',
    signer: 'Ondertekenaar',
    size: 'Grootte (pt)',
    width: 'Breedte',
    height: 'Hoogte',
    remove: 'Verwijderen',
    count: (n: number) => (n === 1 ? '1 marker' : `${n} markers`),
  },

  paraphModal: {
    title: "Paraaf toevoegen op pagina's",
    signer: 'Ondertekenaar',
    pages: "Pagina's",
    all: 'Alle',
    even: 'Even',
    odd: 'Oneven',
    custom: 'Aangepast',
    customLabel: "Pagina's",
    customPlaceholder: '1-5, 10, 14-18',
    result: (n: number) => (n === 1 ? '1 pagina' : `${n} pagina's`),
    add: 'Toevoegen',
  },

  reusable: {
    heading: 'Opgeslagen markers',
    search: 'Zoek opgeslagen markers',
    none: 'Geen markers gevonden',
    insert: (label: string) => `${label} invoegen op de huidige pagina`,
  },
};
