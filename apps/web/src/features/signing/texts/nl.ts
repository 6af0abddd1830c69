/** The signer's page in Dutch: the reference table; en, de and fr must have the same keys. */
export const nl = {
  'page.title': 'Ondertekenen',
  'page.loading': 'Bezig met laden…',
  'page.language': 'Taal',
  'page.from': 'Verstuurd door {sender} namens {company}',
  'page.fromCompany': 'Verstuurd namens {company}',
  'page.message': 'Bericht van de afzender',
  'page.expires': 'Te ondertekenen vóór {date}',
  'page.greeting': 'Beste {name},',
  'page.intro':
    'Lees de documenten hieronder en doorloop de stappen om te ondertekenen. Je kunt ook afwijzen.',
  'page.documents': 'Documenten',
  'page.document': 'Document {name}',
  'page.pageOf': 'Pagina {page} van {count}',
  'page.pages': '{count} pagina’s',
  'page.renderError': 'Dit document kon niet worden weergegeven. Probeer de pagina te verversen.',
  'page.download': 'Downloaden',
  'page.progress': 'Voortgang',
  'page.stepOf': 'Stap {step} van {count}',
  'page.skipToSteps': 'Naar de stappen',
  'error.generic': 'Er is iets mis gegaan. Probeer het opnieuw.',
  'error.network': 'Er is iets mis gegaan. Controleer je internetverbinding.',
  'error.retry': 'Opnieuw proberen',

  'step.email': 'E-mailcode',
  'step.sms': 'SMS-code',
  'step.idin': 'iDIN',
  'step.signature': 'Handtekening',
  'step.paraph': 'Paraaf',
  'step.fields': 'Velden invullen',
  'step.approve': 'Akkoord',
  'step.done': 'Voltooid',
  'step.current': 'Huidige stap',
  'step.todo': 'Nog te doen',

  'code.sendEmail': 'Code versturen',
  'code.sendSms': 'Code versturen',
  'code.resend': 'Code opnieuw versturen',
  'code.emailIntro': 'We sturen een code van 6 cijfers naar {email}.',
  'code.smsIntro': 'We sturen een code van 6 cijfers per SMS naar {phone}.',
  'code.sentEmail': 'De code is verstuurd naar {email}. Hij is 10 minuten geldig.',
  'code.sentSms': 'De code is per SMS verstuurd naar {phone}. Hij is 10 minuten geldig.',
  'code.label': 'Code van 6 cijfers',
  'code.verify': 'Controleren',
  'code.invalid': 'De code bestaat uit 6 cijfers',
  'code.verified': 'Code gecontroleerd.',

  'idin.intro':
    'Bevestig je identiteit met iDIN: je logt in bij je eigen bank. Daarna kom je hier terug.',
  'idin.start': 'Verifiëren met iDIN',
  'idin.ok': 'Je identiteit is bevestigd met iDIN.',
  'idin.failed': 'De controle met iDIN is niet gelukt. Probeer het opnieuw.',
  'idin.shared': 'Gedeelde gegevens',

  'pad.signatureIntro':
    'Zet je handtekening in het vak hieronder, met de muis, je vinger of een pen.',
  'pad.paraphIntro': 'Zet je paraaf (initialen) in het vak hieronder.',
  'pad.signatureLabel': 'Tekenvak voor je handtekening',
  'pad.paraphLabel': 'Tekenvak voor je paraaf',
  'pad.clear': 'Wissen',
  'pad.save': 'Opslaan',
  'pad.empty': 'Teken eerst in het vak.',
  'pad.savedSignature': 'Handtekening opgeslagen.',
  'pad.savedParaph': 'Paraaf opgeslagen.',
  'pad.redo': 'Opnieuw tekenen',
  'pad.yourSignature': 'Je handtekening',
  'pad.yourParaph': 'Je paraaf',

  'pad.typeSignature': 'Typ je naam',
  'pad.typeParaph': 'Typ je initialen',
  'pad.typeInstead': 'Liever typen dan tekenen',
  'pad.drawInstead': 'Toch tekenen',

  'fields.intro': 'Vul de velden in de documenten in. Velden met * zijn verplicht.',
  'fields.save': 'Velden opslaan',
  'fields.required': 'Dit veld is verplicht',
  'fields.missing': 'Vul eerst alle verplichte velden in ({count}).',
  'fields.saved': 'Velden opgeslagen.',
  'fields.field': 'Veld {n} op pagina {page}',
  'fields.none': 'Er zijn geen velden om in te vullen.',
  'fields.goto': 'Ga naar het veld',
  'form.field': 'Formulierveld {name}',
  'form.choose': '— kies —',
  'form.missing': 'Vul eerst alle verplichte formuliervelden in ({count}).',

  'marker.signature': 'Handtekening',
  'marker.paraph': 'Paraaf',

  'approve.intro': 'Alles is klaar. Met de knop hieronder onderteken je de documenten.',
  'approve.notReady': 'Rond eerst de stappen hierboven af.',
  'approve.button': 'Akkoord en ondertekenen',
  'decline.button': 'Afwijzen',
  'decline.title': 'Ondertekening afwijzen',
  'decline.intro': 'Laat de afzender weten waarom je niet ondertekent.',
  'decline.reason': 'Reden',
  'decline.required': 'Vul een reden in',
  'decline.confirm': 'Afwijzen',
  'decline.cancel': 'Terug',

  'status.not_your_turn.title': 'Je bent nog niet aan de beurt',
  'status.not_your_turn.body':
    'De ondertekenaars tekenen in een vaste volgorde. Je ontvangt een e-mail zodra je aan de beurt bent.',
  'status.approved.title': 'Bedankt, je hebt ondertekend',
  'status.approved.body':
    'Zodra iedereen heeft ondertekend, ontvang je de ondertekende documenten per e-mail.',
  'status.signed.title': 'De documenten zijn ondertekend',
  'status.signed.body':
    'Iedereen heeft ondertekend. Je kunt de ondertekende documenten hieronder downloaden.',
  'status.declined.title': 'Deze ondertekening is afgewezen',
  'status.declined.body':
    'Er kan niet meer worden ondertekend. Neem contact op met de afzender als dit niet klopt.',
  'status.cancelled.title': 'Deze ondertekening is geannuleerd',
  'status.cancelled.body':
    'De afzender heeft de ondertekening geannuleerd. Neem contact op met de afzender voor meer informatie.',
  'status.expired.title': 'Deze link is verlopen',
  'status.expired.body':
    'De termijn om te ondertekenen is voorbij. Vraag de afzender om een nieuwe uitnodiging.',
  'status.purged.title': 'Deze documenten zijn verwijderd',
  'status.purged.body':
    'De documenten zijn na de bewaartermijn verwijderd en zijn niet meer beschikbaar.',
  'status.unknown.title': 'Deze link is niet geldig',
  'status.unknown.body':
    'Controleer of je de volledige link uit de e-mail hebt gebruikt, of vraag de afzender om een nieuwe uitnodiging.',
  'status.signedDocuments': 'Ondertekende documenten',
  'status.nothingToDo': 'Je hoeft niets meer te doen.',
} as const;

export type TextKey = keyof typeof nl;
