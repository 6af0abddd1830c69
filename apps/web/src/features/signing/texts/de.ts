import type { TextKey } from './nl';

export const de: Record<TextKey, string> = {
  'page.title': 'Unterzeichnen',
  'page.loading': 'Wird geladen…',
  'page.language': 'Sprache',
  'page.from': 'Gesendet von {sender} im Namen von {company}',
  'page.fromCompany': 'Gesendet im Namen von {company}',
  'page.message': 'Nachricht des Absenders',
  'page.expires': 'Zu unterzeichnen vor dem {date}',
  'page.greeting': 'Hallo {name},',
  'page.intro':
    'Lesen Sie die Dokumente unten und führen Sie die Schritte zum Unterzeichnen aus. Sie können auch ablehnen.',
  'page.documents': 'Dokumente',
  'page.document': 'Dokument {name}',
  'page.pageOf': 'Seite {page} von {count}',
  'page.pages': '{count} Seiten',
  'page.renderError':
    'Dieses Dokument konnte nicht angezeigt werden. Bitte laden Sie die Seite neu.',
  'page.download': 'Herunterladen',
  'page.progress': 'Fortschritt',
  'page.stepOf': 'Schritt {step} von {count}',
  'page.skipToSteps': 'Zu den Schritten',
  'error.generic': 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
  'error.network': 'Etwas ist schiefgelaufen. Prüfen Sie Ihre Internetverbindung.',
  'error.retry': 'Erneut versuchen',

  'step.email': 'E-Mail-Code',
  'step.sms': 'SMS-Code',
  'step.idin': 'iDIN',
  'step.signature': 'Unterschrift',
  'step.paraph': 'Paraphe',
  'step.fields': 'Felder ausfüllen',
  'step.approve': 'Zustimmen',
  'step.done': 'Erledigt',
  'step.current': 'Aktueller Schritt',
  'step.todo': 'Noch offen',

  'code.sendEmail': 'Code senden',
  'code.sendSms': 'Code senden',
  'code.resend': 'Code erneut senden',
  'code.emailIntro': 'Wir senden einen 6-stelligen Code an {email}.',
  'code.smsIntro': 'Wir senden einen 6-stelligen Code per SMS an {phone}.',
  'code.sentEmail': 'Der Code wurde an {email} gesendet. Er ist 10 Minuten gültig.',
  'code.sentSms': 'Der Code wurde per SMS an {phone} gesendet. Er ist 10 Minuten gültig.',
  'code.label': '6-stelliger Code',
  'code.verify': 'Prüfen',
  'code.invalid': 'Der Code besteht aus 6 Ziffern',
  'code.verified': 'Code bestätigt.',

  'idin.intro':
    'Bestätigen Sie Ihre Identität mit iDIN: Sie melden sich bei Ihrer Bank an und kehren dann hierher zurück.',
  'idin.start': 'Mit iDIN bestätigen',
  'idin.ok': 'Ihre Identität wurde mit iDIN bestätigt.',
  'idin.failed': 'Die Prüfung mit iDIN ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
  'idin.shared': 'Übermittelte Daten',

  'pad.signatureIntro':
    'Zeichnen Sie Ihre Unterschrift in das Feld unten, mit der Maus, dem Finger oder einem Stift.',
  'pad.paraphIntro': 'Zeichnen Sie Ihre Paraphe (Initialen) in das Feld unten.',
  'pad.signatureLabel': 'Zeichenfeld für Ihre Unterschrift',
  'pad.paraphLabel': 'Zeichenfeld für Ihre Paraphe',
  'pad.clear': 'Löschen',
  'pad.save': 'Speichern',
  'pad.empty': 'Zeichnen Sie zuerst in das Feld.',
  'pad.savedSignature': 'Unterschrift gespeichert.',
  'pad.savedParaph': 'Paraphe gespeichert.',
  'pad.redo': 'Neu zeichnen',
  'pad.yourSignature': 'Ihre Unterschrift',
  'pad.yourParaph': 'Ihre Paraphe',

  'pad.typeSignature': 'Geben Sie Ihren Namen ein',
  'pad.typeParaph': 'Geben Sie Ihre Initialen ein',
  'pad.typeInstead': 'Lieber tippen statt zeichnen',
  'pad.drawInstead': 'Doch zeichnen',

  'fields.intro': 'Füllen Sie die Felder in den Dokumenten aus. Felder mit * sind Pflichtfelder.',
  'fields.save': 'Felder speichern',
  'fields.required': 'Dieses Feld ist erforderlich',
  'fields.missing': 'Füllen Sie zuerst alle Pflichtfelder aus ({count}).',
  'fields.saved': 'Felder gespeichert.',
  'fields.field': 'Feld {n} auf Seite {page}',
  'fields.none': 'Es gibt keine Felder auszufüllen.',
  'fields.goto': 'Zum Feld',
  'form.field': 'Formularfeld {name}',
  'form.choose': '— auswählen —',
  'form.missing': 'Füllen Sie zuerst alle Pflichtfelder des Formulars aus ({count}).',

  'marker.signature': 'Unterschrift',
  'marker.paraph': 'Paraphe',

  'approve.intro': 'Alles ist bereit. Mit der Schaltfläche unten unterzeichnen Sie die Dokumente.',
  'approve.notReady': 'Schließen Sie zuerst die Schritte oben ab.',
  'approve.button': 'Zustimmen und unterzeichnen',
  'decline.button': 'Ablehnen',
  'decline.title': 'Unterzeichnung ablehnen',
  'decline.intro': 'Teilen Sie dem Absender mit, warum Sie nicht unterzeichnen.',
  'decline.reason': 'Grund',
  'decline.required': 'Geben Sie einen Grund an',
  'decline.confirm': 'Ablehnen',
  'decline.cancel': 'Zurück',

  'status.not_your_turn.title': 'Sie sind noch nicht an der Reihe',
  'status.not_your_turn.body':
    'Die Unterzeichner unterschreiben in einer festen Reihenfolge. Sie erhalten eine E-Mail, sobald Sie an der Reihe sind.',
  'status.approved.title': 'Vielen Dank, Sie haben unterzeichnet',
  'status.approved.body':
    'Sobald alle unterzeichnet haben, erhalten Sie die unterzeichneten Dokumente per E-Mail.',
  'status.signed.title': 'Die Dokumente wurden unterzeichnet',
  'status.signed.body':
    'Alle haben unterzeichnet. Sie können die unterzeichneten Dokumente unten herunterladen.',
  'status.declined.title': 'Diese Unterzeichnung wurde abgelehnt',
  'status.declined.body':
    'Es kann nicht mehr unterzeichnet werden. Wenden Sie sich an den Absender, falls dies nicht stimmt.',
  'status.cancelled.title': 'Diese Unterzeichnung wurde storniert',
  'status.cancelled.body':
    'Der Absender hat die Unterzeichnung storniert. Wenden Sie sich für weitere Informationen an den Absender.',
  'status.expired.title': 'Dieser Link ist abgelaufen',
  'status.expired.body':
    'Die Frist zum Unterzeichnen ist abgelaufen. Bitten Sie den Absender um eine neue Einladung.',
  'status.purged.title': 'Diese Dokumente wurden gelöscht',
  'status.purged.body':
    'Die Dokumente wurden nach Ablauf der Aufbewahrungsfrist gelöscht und sind nicht mehr verfügbar.',
  'status.unknown.title': 'Dieser Link ist ungültig',
  'status.unknown.body':
    'Prüfen Sie, ob Sie den vollständigen Link aus der E-Mail verwendet haben, oder bitten Sie den Absender um eine neue Einladung.',
  'status.signedDocuments': 'Unterzeichnete Dokumente',
  'status.nothingToDo': 'Sie müssen nichts mehr tun.',
};
