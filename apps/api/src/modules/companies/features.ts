import { billingMessages, type Feature } from '@paraaf/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { companies, paymentPlans } from '../../db/schema/index.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { ForbiddenError, ValidationError } from '../../lib/errors.ts';
import { findCompanyWithPlan } from './companies.repository.ts';

/** What a company may use now: its plan's features plus the extra features an admin gave it. */
export function featuresOf(
  company: Pick<typeof companies.$inferSelect, 'extraFeatures'>,
  plan: Pick<typeof paymentPlans.$inferSelect, 'features'>,
): Set<Feature> {
  return new Set<Feature>([...plan.features, ...company.extraFeatures]);
}

export async function companyFeatures(db: DbOrTx, companyId: number): Promise<Set<Feature>> {
  const row = await findCompanyWithPlan(db, companyId);
  return row ? featuresOf(row.company, row.plan) : new Set();
}

/**
 * 403 'Deze functie hoort niet bij je abonnement' unless the caller's company has the feature.
 * A downgrade hides a feature this way; nothing of its data is deleted.
 */
export async function requireFeature(ctx: AuthedCtx, feature: Feature): Promise<void> {
  const features = await companyFeatures(ctx.db, ctx.auth.user.companyId);
  if (!features.has(feature)) throw new ForbiddenError(billingMessages.featureMissing);
}

/**
 * The same check for a feature used through a form field (input-field markers, the logo): a 422
 * on that field with the same message, so the form shows it where the user used the feature.
 */
export async function requireFieldFeature(
  ctx: AuthedCtx,
  feature: Feature,
  field: string,
): Promise<void> {
  const features = await companyFeatures(ctx.db, ctx.auth.user.companyId);
  if (!features.has(feature)) throw ValidationError.field(field, billingMessages.featureMissing);
}
