import {
  defaultIdinServices,
  signingMessages,
  walletAttributesAsked,
  type createSignerBody,
} from '@paraaf/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { signers } from '../../db/schema/index.ts';
import { ValidationError } from '../../lib/errors.ts';
import { IDIN, WALLET } from '../billing/credit-cost.ts';
import { companyFeatures } from '../companies/features.ts';

/** The signer fields that adding and updating a signer share (contract `signerFields`). */
type SignerInput = Omit<
  z.output<typeof createSignerBody>,
  'allow_form_edit' | 'email_templates' | 'delivery'
>;

/** iDIN only with the feature; its services default to name, address and date of birth. */
export async function checkIdin(
  db: DbOrTx,
  companyId: number,
  verifications: number[],
  services: string[] | undefined,
): Promise<string[]> {
  if (!verifications.includes(IDIN)) return [];
  if (!(await companyFeatures(db, companyId)).has('idin_verification')) {
    throw ValidationError.field('verifications', signingMessages.idinNotAvailable);
  }
  return services && services.length > 0 ? [...new Set(services)] : [...defaultIdinServices];
}

/**
 * EU wallet (7) only with the feature wallet_verification; what the wallet is asked to share
 * defaults to the name and the birth date, and always holds the name (it is matched).
 */
export async function checkWallet(
  db: DbOrTx,
  companyId: number,
  verifications: number[],
  attributes: string[] | undefined,
): Promise<string[]> {
  if (!verifications.includes(WALLET)) return [];
  if (!(await companyFeatures(db, companyId)).has('wallet_verification')) {
    throw ValidationError.field('verifications', signingMessages.walletNotAvailable);
  }
  return walletAttributesAsked(attributes);
}

/** The columns a signer's form sets, as written on adding and on updating the signer. */
export function signerColumns(
  input: SignerInput,
  idinServices: string[],
  walletAttributes: string[],
) {
  return {
    firstname: input.firstname,
    lastname: input.lastname,
    email: input.email,
    phone: input.phone,
    locale: input.locale,
    verifications: [...new Set(input.verifications)],
    idinServices,
    walletAttributes,
    reminderAfter: input.reminder_after,
    maxReminders: input.max_reminders,
    // Left out: the step and role stay as they are (a new signer: step 1, signer).
    ...(input.routing_order !== undefined ? { routingOrder: input.routing_order } : {}),
    ...(input.role !== undefined ? { role: input.role } : {}),
    ...(input.notify_on_send !== undefined ? { notifyOnSend: input.notify_on_send } : {}),
  } satisfies Partial<typeof signers.$inferInsert>;
}
