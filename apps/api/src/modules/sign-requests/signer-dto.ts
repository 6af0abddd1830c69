import { verificationTypes, type SignerDto } from '@paraaf/contract';
import type { signers } from '../../db/schema/index.ts';

export type SignerRow = typeof signers.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When the next automatic reminder is due: reminder_after days after the last mail the signer
 * got (invitation or reminder). Null while the signer is not invited, no longer waiting (state
 * other than 3) or has no reminders left.
 */
export function nextReminderAt(signer: SignerRow): Date | null {
  const base = signer.lastReminderAt ?? signer.invitedAt;
  if (
    !base ||
    !AUTO_REMINDED_SIGNER_STATES.includes(signer.stateId) ||
    signer.remindersSent >= signer.maxReminders
  )
    return null;
  return new Date(base.getTime() + signer.reminderAfter * DAY_MS);
}

/** A manual reminder waits this long after the previous mail with the link. */
export const MANUAL_REMINDER_COOLDOWN_MINUTES = 60;

/**
 * Invited (3), verified but not yet approved (2), or out of automatic reminders (6): a sender
 * may still remind by hand.
 */
export const REMINDABLE_SIGNER_STATES = [2, 3, 6];
/** Signers the automatic reminders are for: invited (3) or verified (2), not yet approved. */
export const AUTO_REMINDED_SIGNER_STATES = [2, 3];

/**
 * From when a sender may remind this signer by hand: an hour after the last mail with a link.
 * Null when the signer cannot be reminded at all (not waiting), or has no live link to wait on
 * (the address was just corrected), so a reminder may go at once.
 */
export function manualReminderAvailableAt(signer: SignerRow): Date | null {
  if (!REMINDABLE_SIGNER_STATES.includes(signer.stateId) || !signer.tokenHash) return null;
  const base = signer.lastReminderAt ?? signer.invitedAt;
  return base ? new Date(base.getTime() + MANUAL_REMINDER_COOLDOWN_MINUTES * 60_000) : null;
}

/** Picks the public fields of a signer: never the token hash. */
export function toSignerDto(signer: SignerRow): SignerDto {
  const next = nextReminderAt(signer);
  return {
    id: signer.id,
    position: signer.position,
    routing_order: signer.routingOrder,
    role: signer.role,
    delegated_to_signer_id: signer.delegatedToSignerId,
    notify_on_send: signer.notifyOnSend,
    firstname: signer.firstname,
    lastname: signer.lastname,
    email: signer.email,
    phone: signer.phone,
    locale: signer.locale,
    verifications: signer.verifications.map((type) => ({
      type,
      text: verificationTypes[type as keyof typeof verificationTypes] ?? String(type),
    })),
    // Verification methods have no table of their own: the type doubles as the id.
    verification_methods: signer.verifications.map((type) => ({ id: type, type })),
    idinServices: signer.idinServices,
    wallet_attributes: signer.walletAttributes,
    reminder_after: signer.reminderAfter,
    max_reminders: signer.maxReminders,
    reminders_sent: signer.remindersSent,
    manual_reminders_sent: signer.manualRemindersSent,
    next_reminder_at: next ? next.toISOString() : null,
    manual_reminder_available_at: manualReminderAvailableAt(signer)?.toISOString() ?? null,
    allow_form_edit: signer.allowFormEdit,
    delivery: signer.delivery,
    state_id: signer.stateId,
    invited_at: signer.invitedAt ? signer.invitedAt.toISOString() : null,
    signed_at: signer.signedAt ? signer.signedAt.toISOString() : null,
    declined_at: signer.declinedAt ? signer.declinedAt.toISOString() : null,
    decline_reason: signer.declineReason,
  };
}
