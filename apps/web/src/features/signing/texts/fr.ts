import type { TextKey } from './nl';

export const fr: Record<TextKey, string> = {
  'page.title': 'Signer',
  'page.loading': 'Chargement…',
  'page.language': 'Langue',
  'page.from': 'Envoyé par {sender} au nom de {company}',
  'page.fromCompany': 'Envoyé au nom de {company}',
  'page.message': 'Message de l’expéditeur',
  'page.expires': 'À signer avant le {date}',
  'page.greeting': 'Bonjour {name},',
  'page.intro':
    'Lisez les documents ci-dessous et suivez les étapes pour signer. Vous pouvez aussi refuser.',
  'page.documents': 'Documents',
  'page.document': 'Document {name}',
  'page.pageOf': 'Page {page} sur {count}',
  'page.pages': '{count} pages',
  'page.renderError': 'Ce document n’a pas pu être affiché. Essayez d’actualiser la page.',
  'page.download': 'Télécharger',
  'page.progress': 'Progression',
  'page.stepOf': 'Étape {step} sur {count}',
  'page.skipToSteps': 'Aller aux étapes',
  'error.generic': 'Une erreur s’est produite. Veuillez réessayer.',
  'error.network': 'Une erreur s’est produite. Vérifiez votre connexion internet.',
  'error.retry': 'Réessayer',

  'step.email': 'Code par e-mail',
  'step.sms': 'Code par SMS',
  'step.idin': 'iDIN',
  'step.signature': 'Signature',
  'step.paraph': 'Paraphe',
  'step.fields': 'Remplir les champs',
  'step.approve': 'Approuver',
  'step.done': 'Terminé',
  'step.current': 'Étape en cours',
  'step.todo': 'À faire',

  'code.sendEmail': 'Envoyer le code',
  'code.sendSms': 'Envoyer le code',
  'code.resend': 'Renvoyer le code',
  'code.emailIntro': 'Nous envoyons un code à 6 chiffres à {email}.',
  'code.smsIntro': 'Nous envoyons un code à 6 chiffres par SMS au {phone}.',
  'code.sentEmail': 'Le code a été envoyé à {email}. Il est valable 10 minutes.',
  'code.sentSms': 'Le code a été envoyé par SMS au {phone}. Il est valable 10 minutes.',
  'code.label': 'Code à 6 chiffres',
  'code.verify': 'Vérifier',
  'code.invalid': 'Le code comporte 6 chiffres',
  'code.verified': 'Code vérifié.',

  'idin.intro':
    'Confirmez votre identité avec iDIN : vous vous connectez auprès de votre banque, puis vous revenez ici.',
  'idin.start': 'Vérifier avec iDIN',
  'idin.ok': 'Votre identité a été confirmée avec iDIN.',
  'idin.failed': 'La vérification iDIN a échoué. Veuillez réessayer.',
  'idin.shared': 'Données partagées',

  'pad.signatureIntro':
    'Dessinez votre signature dans le cadre ci-dessous, avec la souris, le doigt ou un stylet.',
  'pad.paraphIntro': 'Dessinez votre paraphe (initiales) dans le cadre ci-dessous.',
  'pad.signatureLabel': 'Zone de dessin de votre signature',
  'pad.paraphLabel': 'Zone de dessin de votre paraphe',
  'pad.clear': 'Effacer',
  'pad.save': 'Enregistrer',
  'pad.empty': 'Dessinez d’abord dans le cadre.',
  'pad.savedSignature': 'Signature enregistrée.',
  'pad.savedParaph': 'Paraphe enregistré.',
  'pad.redo': 'Dessiner à nouveau',
  'pad.yourSignature': 'Votre signature',
  'pad.yourParaph': 'Votre paraphe',

  'pad.typeSignature': 'Saisissez votre nom',
  'pad.typeParaph': 'Saisissez vos initiales',
  'pad.typeInstead': 'Saisir au lieu de dessiner',
  'pad.drawInstead': 'Dessiner plutôt',

  'fields.intro':
    'Remplissez les champs dans les documents. Les champs marqués * sont obligatoires.',
  'fields.save': 'Enregistrer les champs',
  'fields.required': 'Ce champ est obligatoire',
  'fields.missing': 'Remplissez d’abord tous les champs obligatoires ({count}).',
  'fields.saved': 'Champs enregistrés.',
  'fields.field': 'Champ {n} à la page {page}',
  'fields.none': 'Il n’y a aucun champ à remplir.',
  'fields.goto': 'Aller au champ',
  'form.field': 'Champ de formulaire {name}',
  'form.choose': '— choisir —',
  'form.missing': 'Remplissez d’abord tous les champs obligatoires du formulaire ({count}).',

  'marker.signature': 'Signature',
  'marker.paraph': 'Paraphe',

  'approve.intro': 'Tout est prêt. Le bouton ci-dessous signe les documents.',
  'approve.notReady': 'Terminez d’abord les étapes ci-dessus.',
  'approve.button': 'Approuver et signer',
  'decline.button': 'Refuser',
  'decline.title': 'Refuser la signature',
  'decline.intro': 'Indiquez à l’expéditeur pourquoi vous ne signez pas.',
  'decline.reason': 'Motif',
  'decline.required': 'Indiquez un motif',
  'decline.confirm': 'Refuser',
  'decline.cancel': 'Retour',

  'status.not_your_turn.title': 'Ce n’est pas encore votre tour',
  'status.not_your_turn.body':
    'Les signataires signent dans un ordre fixe. Vous recevrez un e-mail dès que ce sera votre tour.',
  'status.approved.title': 'Merci, vous avez signé',
  'status.approved.body':
    'Dès que tout le monde aura signé, vous recevrez les documents signés par e-mail.',
  'status.signed.title': 'Les documents ont été signés',
  'status.signed.body':
    'Tout le monde a signé. Vous pouvez télécharger les documents signés ci-dessous.',
  'status.declined.title': 'Cette signature a été refusée',
  'status.declined.body':
    'Il n’est plus possible de signer. Contactez l’expéditeur si ce n’est pas correct.',
  'status.cancelled.title': 'Cette signature a été annulée',
  'status.cancelled.body':
    'L’expéditeur a annulé la signature. Contactez l’expéditeur pour plus d’informations.',
  'status.expired.title': 'Ce lien a expiré',
  'status.expired.body':
    'Le délai de signature est dépassé. Demandez une nouvelle invitation à l’expéditeur.',
  'status.purged.title': 'Ces documents ont été supprimés',
  'status.purged.body':
    'Les documents ont été supprimés après la durée de conservation et ne sont plus disponibles.',
  'status.unknown.title': 'Ce lien n’est pas valide',
  'status.unknown.body':
    'Vérifiez que vous avez utilisé le lien complet de l’e-mail, ou demandez une nouvelle invitation à l’expéditeur.',
  'status.signedDocuments': 'Documents signés',
  'status.nothingToDo': 'Vous n’avez plus rien à faire.',
};
