import { eq } from 'drizzle-orm';
import type { CompanyFeatures, Feature } from '@paraaf/contract';
import { companies } from '../../db/schema/index.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { findCompanyWithPlan } from '../companies/companies.repository.ts';

/**
 * A platform admin replaces a company's extra features (e.g. iDIN or templates outside its plan).
 * Any company exists for the back office, so an unknown id is the only 404.
 */
export async function updateCompanyFeatures(
  ctx: AuthedCtx,
  companyId: number,
  extraFeatures: Feature[],
): Promise<CompanyFeatures> {
  const extra = [...new Set(extraFeatures)];
  const [updated] = await ctx.db
    .update(companies)
    .set({ extraFeatures: extra })
    .where(eq(companies.id, companyId))
    .returning({ id: companies.id });
  if (!updated) throw new NotFoundError();
  const row = await findCompanyWithPlan(ctx.db, companyId);
  if (!row) throw new NotFoundError();
  return {
    id: row.company.id,
    name: row.company.name,
    features: [...new Set<Feature>([...row.plan.features, ...row.company.extraFeatures])],
    extra_features: row.company.extraFeatures,
  };
}
