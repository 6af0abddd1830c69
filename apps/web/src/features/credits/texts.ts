import { billingMessages, VAT_PERCENT, type PaymentState } from '@paraaf/contract';

/** The Dutch texts of Credits & Abonnementen and CreditsBought, in one place. */
export const texts = {
  title: 'Credits & Abonnementen',
  loadFailed: 'Er is iets mis gegaan',

  buy: {
    title: 'Credits kopen',
    balance: (n: number) => `Je hebt nu ${n} ${n === 1 ? 'credit' : 'credits'}.`,
    amount: 'Aantal credits',
    amountHint: 'Van 1 tot en met 2500 credits; credits verlopen niet.',
    pricePerCredit: 'Prijs per credit',
    totalExcl: 'Totaal excl. btw',
    vat: `Btw ${VAT_PERCENT}%`,
    totalIncl: 'Totaal incl. btw',
    submit: 'Credits kopen',
    redirecting: 'Je gaat naar de betaalpagina…',
  },

  plans: {
    title: 'Abonnementen',
    current: 'Huidig abonnement',
    scheduled: (date: string) => `Gaat in op ${date}`,
    awaitingPayment: 'Wacht op betaling',
    perMonth: 'per maand',
    free: 'gratis',
    excl: 'excl. btw',
    creditsPerMonth: 'Credits per maand',
    pricePerCredit: 'Prijs per credit',
    users: 'Gebruikers',
    unlimited: 'onbeperkt',
    sms: 'SMS-verificatie',
    idin: 'iDIN-verificatie',
    wallet: 'EU-wallet-verificatie',
    /** A price line of something the plan does not offer (iDIN outside premium). */
    notIncluded: 'niet beschikbaar',
    has: 'Inbegrepen',
    hasNot: 'Niet inbegrepen',
    choose: 'Kies dit abonnement',
    invoicePlan: 'Op factuur',
  },

  change: {
    modalTitle: (name: string) => `Overstappen naar ${name}`,
    startsToday: (date: string) => `De wijziging gaat vandaag (${date}) in.`,
    startsOn: (date: string) =>
      `De wijziging gaat in op ${date}, aan het einde van je huidige betaalperiode. Tot dan blijft je huidige abonnement gelden.`,
    firstPayment: (amount: string) =>
      `Je gaat naar de betaalpagina om de eerste maand (${amount} incl. btw) te betalen. Daarmee geef je ook toestemming voor automatische incasso van de volgende maanden. Het abonnement gaat in zodra de betaling gelukt is.`,
    replaces: (name: string, date: string) =>
      `Je geplande overstap naar ${name} per ${date} vervalt.`,
    confirm: 'Bevestigen',
    cancel: 'Annuleren',
    done: 'Abonnement gewijzigd',
    doneBody: (name: string, date: string) => `${name} gaat in op ${date}.`,
  },

  scheduled: {
    title: 'Geplande wijziging',
    body: (name: string, date: string) => `Je abonnement wordt ${name} per ${date}.`,
    awaiting: (name: string) =>
      `De overstap naar ${name} wacht nog op de eerste betaling. Zonder betaling gaat het abonnement niet in.`,
    cancel: 'Wijziging annuleren',
    cancelled: 'Wijziging geannuleerd',
    cancelledBody: 'Je huidige abonnement blijft gelden.',
  },

  subscription: {
    title: 'Betaling',
    nextPaymentDate: 'Volgende betaaldatum',
    none: 'nvt',
    collection: 'Automatische incasso',
    collectionOn: 'Ingesteld',
    collectionOff: 'Niet ingesteld',
  },

  history: {
    title: 'Betalingen',
    date: 'Datum',
    description: 'Omschrijving',
    amount: 'Bedrag',
    status: 'Status',
    empty: 'Er zijn nog geen betalingen',
  },

  status: {
    paid: 'Betaald',
    open: 'Open',
    authorized: 'In behandeling',
    pending: 'In behandeling',
    failed: 'Mislukt',
    canceled: 'Geannuleerd',
    expired: 'Verlopen',
  } satisfies Record<PaymentState, string>,

  bought: {
    title: 'Betaling',
    checking: 'We controleren je betaling…',
    paidTitle: 'Bedankt!',
    paidCredits: (n: number) =>
      `Bedankt! ${n} ${n === 1 ? 'credit is' : 'credits zijn'} toegevoegd.`,
    paidPlan: (description: string) => `Bedankt! De betaling voor ${description} is gelukt.`,
    paid: billingMessages.paymentPaid,
    pending: billingMessages.paymentPending,
    pendingLong:
      'De betaling wordt nog verwerkt. Dat kan een paar minuten duren; je ziet het resultaat bij Credits & Abonnementen.',
    failed: billingMessages.paymentFailed,
    canceled: billingMessages.paymentCanceled,
    expired: billingMessages.paymentExpired,
    nothingBooked: 'Er is niets afgeschreven en er zijn geen credits toegevoegd.',
    unknown: 'Deze betaling is niet gevonden.',
    newSigning: 'Nieuwe ondertekening starten',
    backToCredits: 'Terug naar Credits & Abonnementen',
    tryAgain: 'Opnieuw proberen',
  },
} as const;
