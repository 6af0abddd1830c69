import { TWO_FACTOR_CODE_TTL_MINUTES, endSentence } from '@paraaf/contract';
import { renderLayout, type MailContent } from './layout.ts';

/** The account mails (Dutch: the sender's application is Dutch only). */
export function twoFactorCodeMail(name: string, code: string): MailContent {
  return renderLayout({
    subject: 'Je inlogcode voor Paraaf',
    paragraphs: [
      `Beste ${name},`,
      `Gebruik deze code om in te loggen. De code is ${TWO_FACTOR_CODE_TTL_MINUTES} minuten geldig.`,
    ],
    code,
    footer: 'Heb je niet geprobeerd in te loggen? Wijzig dan je wachtwoord.',
  });
}

export function passwordResetMail(name: string, url: string): MailContent {
  return renderLayout({
    subject: 'Wachtwoord herstellen',
    paragraphs: [
      `Beste ${name},`,
      'Je hebt gevraagd om je wachtwoord te herstellen. Klik op de knop om een nieuw wachtwoord in te stellen. De link is 60 minuten geldig.',
    ],
    button: { label: 'Wachtwoord instellen', url },
    footer: 'Heb je dit niet aangevraagd? Dan kun je deze mail negeren.',
  });
}

export function invitationMail(
  name: string,
  companyName: string,
  inviterName: string,
  url: string,
): MailContent {
  return renderLayout({
    subject: `Uitnodiging voor ${companyName} op Paraaf`,
    paragraphs: [
      `Beste ${name},`,
      `${inviterName} heeft je uitgenodigd om Paraaf te gebruiken voor ${endSentence(companyName)} Activeer je account door een wachtwoord in te stellen. De link is 7 dagen geldig.`,
    ],
    button: { label: 'Account activeren', url },
  });
}

export function welcomeMail(name: string, url: string): MailContent {
  return renderLayout({
    subject: 'Welkom bij Paraaf',
    paragraphs: [
      `Beste ${name},`,
      'Je account is aangemaakt en je hebt 10 gratis credits gekregen. Je kunt direct je eerste document laten ondertekenen.',
    ],
    button: { label: 'Nieuwe ondertekening', url },
  });
}
