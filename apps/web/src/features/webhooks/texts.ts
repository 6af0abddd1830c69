import { webhookMessages, type WebhookBadge } from '@paraaf/contract';

/** Every text of the webhook messages screen (seed 001: 'Webhook berichten'). */
export const texts = {
  ...webhookMessages,
  url: 'URL',
  event: 'Gebeurtenis',
  attempts: 'Pogingen',
  createdAt: 'Aangemaakt',
  result: 'Resultaat',
  status: 'Status',
  succeededAt: (date: string) => `Afgeleverd ${date}`,
  failedAt: (date: string) => `Mislukt ${date}`,
  nextAttempt: (date: string) => `Volgende poging ${date}`,
  responsesOf: (id: number) => `Antwoorden op bericht ${id}`,
  responsesButton: (id: number) => `Antwoorden van bericht ${id} bekijken`,
  resendButton: (id: number) => `Bericht ${id} opnieuw versturen`,
  attempt: (n: number) => `Poging ${n}`,
  duration: (ms: number) => `${ms} ms`,
  noResponses: 'Nog geen pogingen',
  close: 'Sluiten',
  cancel: 'Annuleren',
  secretLabel: 'Geheim',
  secretHidden: 'whsec_••••••••••••••••••••••••••••••••',
  secretLoadFailed: 'Het geheim kon niet worden geladen',
  /** Where the receiving URL is set: 'Webhook URL' in Bedrijfsinstellingen. */
  urlWhere: 'De berichten gaan naar de Webhook URL die je instelt in',
  urlWhereLink: 'Bedrijfsinstellingen',
  urlWhereAdmin:
    'De berichten gaan naar de Webhook URL die een beheerder instelt in Bedrijfsinstellingen.',
} as const;

export const badgeColors: Record<WebhookBadge, string> = {
  success: 'teal',
  warning: 'yellow',
  error: 'red',
};
