import { billingMessages, type Company } from '@paraaf/contract';

export const inviteRuleTexts = {
  /** Seed 001 §6: more than one user needs a standard or premium plan. */
  noUsersFeature:
    'Meerdere gebruikers horen bij het abonnement standard of premium. Kies een ander abonnement om collega’s uit te nodigen.',
  capReached: (cap: number) =>
    `${billingMessages.usersCapReached} (maximaal ${cap}). Kies een ander abonnement om meer collega’s uit te nodigen.`,
  changePlan: 'Abonnement wijzigen',
} as const;

/**
 * Why inviting is not possible now, or null when it is: the same rule the server applies
 * (feature 'users' and a user count below the plan's cap; no cap when null).
 */
export function inviteBlockedReason(
  company: Pick<Company, 'features' | 'users_count' | 'current_payment_plan'> | undefined,
): string | null {
  if (!company) return null;
  if (!company.features.includes('users')) return inviteRuleTexts.noUsersFeature;
  const cap = company.current_payment_plan.price.users;
  if (cap !== null && company.users_count >= cap) return inviteRuleTexts.capReached(cap);
  return null;
}
