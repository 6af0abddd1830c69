import { z } from 'zod';

/**
 * What a signer verified with an EU Digital Identity Wallet (verification 7) may be asked to
 * share from their PID: the name always (it is matched against the signer's name), the rest as
 * the sender chooses. A BSN (the Dutch personal number) is never asked.
 */
export const walletAttributes = ['name', 'birth_date', 'nationality'] as const;
export type WalletAttribute = (typeof walletAttributes)[number];
export const defaultWalletAttributes = ['name', 'birth_date'] as const;

/** What a wallet signer is asked: the chosen attributes (none chosen: the defaults), the name always. */
export function walletAttributesAsked(chosen: readonly string[] | undefined): string[] {
  return [
    ...new Set(['name', ...(chosen && chosen.length > 0 ? chosen : defaultWalletAttributes)]),
  ];
}

/** Dutch labels of the stored wallet attributes (signer's page, audit certificate, test wallet). */
export const walletAttributeLabels: Record<string, string> = {
  given_name: 'Voornamen',
  family_name: 'Achternaam',
  birth_date: 'Geboortedatum',
  nationality: 'Nationaliteit',
  credential_format: 'Bewijs',
  issuer: 'Uitgever',
};

/** Why a wallet check failed, as the signer reads it on the page (and the audit row keeps). */
export const walletMessages = {
  started: 'Open de wallet-app en scan de QR-code, of open de link op deze telefoon.',
  refused: 'Je hebt het delen van je gegevens in de wallet geweigerd.',
  expired: 'De wallet-aanvraag is verlopen. Start de verificatie opnieuw.',
  invalid: 'De gegevens uit je wallet konden niet worden gecontroleerd.',
  wrongRequest: 'Het antwoord van je wallet hoort niet bij deze aanvraag.',
  untrusted: 'Je wallet-bewijs komt niet van een vertrouwde uitgever.',
  credentialExpired: 'Je wallet-bewijs is verlopen.',
  revoked: 'Je wallet-bewijs is ingetrokken door de uitgever.',
  tampered: 'Je wallet-bewijs is gewijzigd en daardoor ongeldig.',
  replayed: 'Dit antwoord van de wallet is al eerder gebruikt.',
  nameMismatch: 'De naam in je wallet komt niet overeen met de naam van de ondertekenaar.',
  missingAttributes: 'Je wallet heeft niet alle gevraagde gegevens gedeeld.',
  unknownRequest: 'Deze wallet-aanvraag is onbekend of verlopen.',
} as const;
export type WalletFailure = Exclude<keyof typeof walletMessages, 'started'>;

/** POST /api/signing/{token}/wallet/start */
export const walletStartedSchema = z
  .object({
    request_uri: z.string(),
    link: z.string(),
    /** While the simulator is on: the built-in test wallet opened with this request. */
    test_wallet_url: z.string().nullable(),
  })
  .meta({
    examples: [
      {
        request_uri: 'https://paraaf.example/api/wallet/requests/V1StGXR8_Z5jdHi6B',
        link: 'openid4vp://?client_id=x509_san_dns%3Aparaaf.example&request_uri=https%3A%2F%2Fparaaf.example%2Fapi%2Fwallet%2Frequests%2FV1StGXR8_Z5jdHi6B',
        test_wallet_url: null,
      },
    ],
  });

export type WalletStarted = z.infer<typeof walletStartedSchema>;

/** GET /api/signing/{token}/wallet/status: the latest attempt, as the signer's page polls it. */
export const walletStatusSchema = z
  .object({
    status: z.enum(['none', 'started', 'verified', 'failed']),
    /** Dutch, for the signer; null unless failed. */
    message: z.string().nullable(),
    /** The disclosed attributes (labels in walletAttributeLabels), once verified. */
    attributes: z.record(z.string(), z.string()).nullable(),
  })
  .meta({
    examples: [
      {
        status: 'verified',
        message: null,
        attributes: { given_name: 'Jan', family_name: 'Jansen', birth_date: '1980-05-17' },
      },
    ],
  });
export type WalletStatus = z.infer<typeof walletStatusSchema>;
