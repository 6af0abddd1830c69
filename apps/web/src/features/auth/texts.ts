import { messages } from '@paraaf/contract';

/** Dutch texts of the account screens (seed 000 §8, seed 001 §8). */
export const authTexts = {
  loginFailed: messages.loginFailed,
  codeWrong: messages.twoFactorCodeWrong,
  registerInvalid: messages.invalidInput,
  registerFailed: messages.serverError,
  reminderSent:
    'Er is een wachtwoord herstel email verstuurd, klik op de link in de mail om je wachtwoord te herstellen.',
  reminderFailed:
    'Wachtwoord herstellen is helaas niet gelukt, controleer je gegevens en probeer het opnieuw',
  resetFailed:
    'Wachtwoord instellen is helaas niet gelukt, controleer je gegevens en probeer het opnieuw',
  resetDone: 'Je wachtwoord is ingesteld. Je kunt nu inloggen met je nieuwe wachtwoord.',
  activateFailed:
    'Het activeren is helaas niet gelukt, Controleer je gegevens en probeer het opnieuw',
  alreadyActivated: 'Jouw account is al geactiveerd',
} as const;
