import { moneyMessages } from './money.ts';

/** Dutch validation and error texts, exactly as the seeds write them. */
export const messages = {
  required: 'Dit veld is verplicht',
  email: 'Dit veld is dient een emailadres te zijn',
  maxLength: 'De waarde in dit veld is te lang',
  max: 'De waarde in dit veld is teveel',
  min: 'De waarde in dit veld is te weinig',
  terms: 'Akkoord gaan met de algemene voorwaarden is verplicht',
  passwordMismatch: 'De wachtwoorden komen niet overeen',
  passwordTooShort: 'Het wachtwoord moet minimaal 8 tekens lang zijn',
  emailTaken: 'Dit e-mailadres is al in gebruik',
  loginFailed: 'Het inloggen is helaas niet gelukt, Controleer je gegevens en probeer het opnieuw',
  twoFactorCodeWrong: 'De opgegeven code is onjuist, probeer het opnieuw',
  twoFactorExpired: 'De code is verlopen, log opnieuw in om een nieuwe code te ontvangen',
  oldPasswordWrong: 'Het huidige wachtwoord is onjuist',
  passwordRequiredToDisable2fa: 'Vul je wachtwoord in om tweestapsverificatie uit te zetten',
  resetTokenInvalid: 'Deze link is ongeldig of verlopen, vraag een nieuwe aan',
  roleInvalid: 'Kies de rol Gebruiker of Inzage',
  roleFixed: 'De rol kan niet meer gewijzigd worden',
  cannotDeleteSelf: 'Je kunt jezelf niet verwijderen',
  cannotDeleteOnlyUser: 'De enige gebruiker kan niet verwijderd worden',
  tooManyAttempts: 'Te veel pogingen, probeer het over een paar minuten opnieuw',
  notFound: 'Niet gevonden',
  /** A download of a request whose documents the GDPR purge removed (410). */
  documentsPurged: 'De documenten zijn verwijderd in verband met de privacywetgeving (AVG)',
  unauthenticated: 'Je bent niet ingelogd',
  forbidden: 'Je hebt geen rechten voor deze actie',
  invalidInput: 'Je hebt niet alle velden correct ingevuld',
  serverError: 'Er is iets mis gegaan. Probeer het opnieuw of neem contact met ons op.',
  busy: 'Het is op dit moment erg druk. Probeer het over een paar seconden opnieuw.',
  impersonateAdmin: 'Je kunt niet inloggen als een beheerder',
  impersonationLocked:
    'Als beheerder ingelogd als deze gebruiker kun je het wachtwoord, de tweestapsverificatie en het e-mailadres niet wijzigen',
} as const;

/**
 * What the server answers when a request cannot be read at all (the web framework's and Node's
 * own refusals: too large, unreadable, too slow), in Dutch like every other answer.
 */
export const requestMessages = {
  uriTooLong: 'Het adres van dit verzoek is te lang',
  headersTooLarge: 'Het adres of de kopregels (headers) van dit verzoek zijn te groot',
  badUrl: 'Het adres van dit verzoek bevat ongeldige tekens',
  bodyTooLarge: 'Dit verzoek is te groot',
  mediaType: 'Dit soort inhoud (Content-Type) wordt hier niet ondersteund',
  invalidJson: 'De inhoud van dit verzoek is geen geldige JSON',
  contentLength: 'De lengte van dit verzoek klopt niet met de opgegeven Content-Length',
  timeout: 'Het verzoek duurde te lang. Probeer het opnieuw.',
  unreadable: 'Dit verzoek kan de server niet lezen',
} as const;

/**
 * Our own Dutch texts for input the seeds have no words for (a wrong type, a character that
 * cannot be stored): every validation issue maps to one of these or to a seed text above.
 */
export const inputMessages = {
  invalid: 'De waarde in dit veld is ongeldig',
  text: 'Dit veld dient een tekst te zijn',
  number: 'Dit veld dient een getal te zijn',
  integer: 'Dit veld dient een geheel getal te zijn',
  boolean: 'Dit veld dient ja of nee te zijn',
  list: 'Dit veld dient een lijst te zijn',
  group: 'Dit veld dient een groep van velden te zijn',
  date: 'Dit veld dient een datum te zijn',
  choice: 'Kies een van de mogelijke waarden',
  tooShort: 'De waarde in dit veld is te kort',
  nul: 'Dit veld bevat een teken dat niet is toegestaan',
  loneSurrogate: 'Dit veld bevat een onvolledig teken; typ of plak de tekst opnieuw',
  unknownField: 'Dit veld bevat een onbekend onderdeel',
  id: 'Dit veld dient te verwijzen naar een bestaand item',
  body: 'Stuur de velden als één JSON-object',
  cents: moneyMessages.decimals,
} as const;
