import { DECLINE_WORDS } from './glossary.ts';

/** States, verification types and audit action types (seed 000 §3–§4, DESIGN.md §4). */
export const signRequestStates = {
  1: 'Aangemaakt',
  2: 'Afgerond',
  3: 'Bezig',
  4: DECLINE_WORDS.state,
  5: 'Getekend',
  6: 'Geen herinneringen meer',
  7: 'Verlopen',
  8: 'Geannuleerd',
  9: 'Mislukt',
  40: 'Kan geen melding versturen',
  50: 'Ongeldig',
  51: 'Bestand ongeldig',
  60: 'Behandeld door ondertekenaars',
} as const;
export type SignRequestStateId = keyof typeof signRequestStates;

/**
 * One line per state that tells a sender what it means, shown beside the seed's labels (in the
 * status filter and as the badge's tooltip); the labels themselves stay the seed's.
 */
export const signRequestStateHelp: Record<SignRequestStateId, string> = {
  1: 'Nog niet verstuurd: een concept dat je kunt aanvullen en versturen.',
  2: 'De ondertekenaars hebben zich geverifieerd; het ondertekenen loopt nog.',
  3: 'Verstuurd: wacht op een of meer ondertekenaars.',
  4: 'Een ondertekenaar heeft geweigerd te tekenen.',
  5: 'Iedereen heeft getekend; de ondertekende documenten staan klaar.',
  6: 'Alle automatische herinneringen zijn verstuurd.',
  7: 'De vervaldatum is verstreken voordat iedereen had getekend.',
  8: 'Geannuleerd; de ondertekenaars zijn op de hoogte gebracht.',
  9: 'Het verwerken van de ondertekende documenten is mislukt.',
  40: 'Een uitnodiging of melding kon niet worden afgeleverd.',
  50: 'De ondertekening bevat ongeldige gegevens.',
  51: 'Een document bleek ongeldig en kon niet worden verwerkt.',
  60: 'Iedereen heeft getekend; de documenten worden nu verzegeld.',
};

export const verificationTypes = {
  1: 'E-mail',
  2: 'SMS',
  4: 'iDIN',
  5: 'Handtekening',
  6: 'Paraaf',
  7: 'EU-wallet',
} as const;

export const auditActionTypes = {
  1: { label: 'Verstuurd', color: 'info' },
  2: { label: 'Geopend', color: 'primary' },
  3: { label: 'Goedgekeurd', color: 'success' },
  4: { label: DECLINE_WORDS.audit, color: 'warning' },
  5: { label: 'E-mailverificatie verstuurd', color: 'info' },
  6: { label: 'E-mailverificatie geverifieerd', color: 'success' },
  7: { label: 'Handtekening verificatie geverifieerd', color: 'success' },
  8: { label: 'Document verificatie geverifieerd', color: 'success' },
  10: { label: 'SMS verificatie verstuurd', color: 'info' },
  11: { label: 'SMS verificatie geverifieerd', color: 'success' },
  12: { label: 'iDIN verificatie gestart', color: 'info' },
  13: { label: 'iDIN verificatie gefaald', color: 'warning' },
  14: { label: 'iDIN verificatie geverifieerd', color: 'success' },
  15: { label: 'SHA256 checksum toegevoegd ondertekend document', color: 'primary' },
  16: { label: 'SHA256 checksum toegevoegd origineel document', color: 'primary' },
  18: { label: 'Handmatige herinnering verstuurd', color: 'info' },
  19: { label: 'Ondertekenaar aangepast', color: 'success' },
  20: { label: 'Gedelegeerd', color: 'info' },
  21: { label: 'Op locatie getekend', color: 'info' },
  22: { label: 'Wallet verificatie gestart', color: 'info' },
  23: { label: 'Wallet verificatie geverifieerd', color: 'success' },
  24: { label: 'Wallet verificatie gefaald', color: 'warning' },
} as const;

/**
 * What a signer does in a request: 'signer' signs, 'approver' reads and approves or declines
 * (no signature or paraaf), 'cc' is sent the signed documents and never acts.
 */
export const signerRoles = ['signer', 'approver', 'cc'] as const;
export type SignerRole = (typeof signerRoles)[number];
export const signerRoleLabels: Record<SignerRole, string> = {
  signer: 'Ondertekenaar',
  approver: 'Goedkeurder',
  cc: 'Kopie',
};
/** Roles that act (and are waited on); a cc is neither invited to act nor charged. */
export const actingRoles: readonly SignerRole[] = ['signer', 'approver'];
/** The highest step a request may have. */
export const MAX_ROUTING_ORDER = 50;

/** A template's step and role for its placeholder signer `signer` (1 = 'Ondertekenaar 1'). */
export interface TemplateSignerRouting {
  signer: number;
  routing_order: number;
  role: SignerRole;
  /** The placeholder's verification types (bulk rows whose cell is empty take them). */
  verifications?: number[];
  /** With verification 7: what the wallet is asked to share (contract walletAttributes). */
  wallet_attributes?: string[];
  /** A cc mailed when the request is sent; left out (older templates): off. */
  notify_on_send?: boolean;
}
